package main

import (
	"flag"
	"os"

	"rogue/view"
)

// paletteEnv names the environment variable that chooses the palette
// when --palette is not given (a terminal's setting, as NO_COLOR is).
const paletteEnv = "ROGUE_PALETTE"

// paletteFlag adds --palette to fs; the function it returns is the
// palette chosen (the flag's, else $ROGUE_PALETTE's, else the default),
// or a usage error for a name no palette has.
func paletteFlag(fs *flag.FlagSet) func() (view.Palette, error) {
	name := fs.String("palette", "", "the colours: default, or colour-blind (readable with deuteranopia, protanopia and tritanopia); default $"+paletteEnv+", else default")
	return func() (view.Palette, error) {
		from := "--palette"
		if *name == "" {
			*name, from = os.Getenv(paletteEnv), "$"+paletteEnv
		}
		p, err := view.ParsePalette(*name)
		if err != nil {
			return p, usageError("%s: %v", from, err)
		}
		return p, nil
	}
}
