package play

import (
	"flag"

	"rogue/internal/settings"
	"rogue/view"
)

// PaletteEnv names the environment variable that chooses the palette
// when --palette is not given (a terminal's setting, as NO_COLOR is).
const PaletteEnv = settings.PaletteEnv

// PaletteFlag adds --palette to rogue play's or replay's flags fs, for
// Options.Palette.
func PaletteFlag(fs *flag.FlagSet) *string {
	return fs.String("palette", "", "the `NAME` of the colours: default, or colour-blind (readable with deuteranopia, protanopia and tritanopia); default $"+PaletteEnv+", else the menu's last choice, else default")
}

// palette is the palette o names (else $ROGUE_PALETTE's, else the one
// the menu's p chose last, kept in the settings file, else the default),
// or a usage error for a name no palette has; note says why a saved
// choice was left out ("" for nothing to say).
func (o Options) palette() (p view.Palette, note string, err error) {
	p, note, err = settings.Palette(o.Palette)
	if err != nil {
		return p, "", usageError("%v", err)
	}
	return p, note, nil
}

// keepPalette keeps the palette the menu's p chose for the next runs
// (Options.KeepPalette), saying so if it cannot.
func (p *player) keepPalette() {
	if !p.keepPal {
		return
	}
	if err := settings.SavePalette(p.m.Palette); err != nil {
		p.m.Say("The colours are not kept for the next time: " + err.Error())
	}
}
