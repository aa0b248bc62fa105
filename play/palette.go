package play

import (
	"flag"
	"os"

	"rogue/view"
)

// PaletteEnv names the environment variable that chooses the palette
// when --palette is not given (a terminal's setting, as NO_COLOR is).
const PaletteEnv = "ROGUE_PALETTE"

// PaletteFlag adds --palette to rogue play's or replay's flags fs, for
// Options.Palette.
func PaletteFlag(fs *flag.FlagSet) *string {
	return fs.String("palette", "", "the `NAME` of the colours: default, or colour-blind (readable with deuteranopia, protanopia and tritanopia); default $"+PaletteEnv+", else default")
}

// palette is the palette o names (else $ROGUE_PALETTE's, else the
// default), or a usage error for a name no palette has.
func (o Options) palette() (view.Palette, error) {
	name, from := o.Palette, "--palette"
	if name == "" {
		name, from = os.Getenv(PaletteEnv), "$"+PaletteEnv
	}
	p, err := view.ParsePalette(name)
	if err != nil {
		return p, usageError("%s: %v", from, err)
	}
	return p, nil
}
