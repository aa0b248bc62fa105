package view

import (
	"fmt"
	"math"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Colour blindness, simulated as Machado, Oliveira and Fernandes (2009)
// do at full severity: a matrix on linear RGB for each.
var blindnesses = []struct {
	name string
	m    [3][3]float64
}{
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", [3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
}

var trichromat = [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

func linear(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// lab is c as seen through m, in CIE L*a*b* (D65).
func lab(c RGB, m [3][3]float64) [3]float64 {
	in := [3]float64{linear(c.R), linear(c.G), linear(c.B)}
	var l [3]float64
	for i := range 3 {
		for j := range 3 {
			l[i] += m[i][j] * in[j]
		}
		l[i] = min(1, max(0, l[i]))
	}
	x := (0.4124*l[0] + 0.3576*l[1] + 0.1805*l[2]) / 0.95047
	y := 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
	z := (0.0193*l[0] + 0.1192*l[1] + 0.9505*l[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// deltaE is how far apart a and b look through m (CIE76: about 2 is
// just noticeable, 10 plainly apart).
func deltaE(p Palette, a, b Color, m [3][3]float64) float64 {
	ra, _ := p.RGB(a)
	rb, _ := p.RGB(b)
	la, lb := lab(ra, m), lab(rb, m)
	return math.Sqrt((la[0]-lb[0])*(la[0]-lb[0]) + (la[1]-lb[1])*(la[1]-lb[1]) + (la[2]-lb[2])*(la[2]-lb[2]))
}

// apart is a pair of colors the game tells apart by color, and how far
// apart they must look.
type apart struct {
	why  string
	a, b Color
	min  float64
}

// mustBeApart are the pairs of palette p's colors that the game tells
// apart by color: every pair of named colors (monsters and items have
// glyphs too, but a color is how one finds them on the map), the HP
// bar's three (its length and number say it too) more so, each kind of
// terrain from the others at any light, and lit from remembered.
func mustBeApart() []apart {
	named := []Color{ColorRed, ColorGreen, ColorYellow, ColorBlue, ColorMagenta, ColorCyan, ColorWhite, ColorGray, ColorBrown}
	var pairs []apart
	for i, a := range named {
		for _, b := range named[i+1:] {
			pairs = append(pairs, apart{"two named colors", a, b, 10})
		}
	}
	pairs = append(pairs,
		apart{"HP high and middling", ColorGreen, ColorYellow, 20},
		apart{"HP middling and low", ColorYellow, ColorRed, 20},
		apart{"HP high and low", ColorGreen, ColorRed, 20},
		apart{"in range and in the blast", ColorBlue, ColorRed, 20})
	for t := range numTerrains {
		for u := range numTerrains {
			for l := range lightLevels {
				pairs = append(pairs, apart{fmt.Sprintf("terrain %d lit %d, terrain %d remembered", t, l, u),
					terrainColor(t, l), terrainColor(u, remembered), 12})
				for k := range lightLevels {
					if t != u {
						pairs = append(pairs, apart{fmt.Sprintf("terrain %d lit %d, terrain %d lit %d", t, l, u, k),
							terrainColor(t, l), terrainColor(u, k), 10})
					}
				}
			}
			if t < u {
				pairs = append(pairs, apart{fmt.Sprintf("terrain %d and %d remembered", t, u),
					terrainColor(t, remembered), terrainColor(u, remembered), 5})
			}
		}
	}
	return pairs
}

// The colour-blind palette keeps apart what the game tells apart by
// color, through each common colour blindness as Machado et al. simulate
// it, and for everyone else.
func TestTheColourBlindPaletteKeepsApartWhatColorsTell(t *testing.T) {
	t.Parallel()
	views := append(blindnesses, struct {
		name string
		m    [3][3]float64
	}{"trichromacy", trichromat})
	for _, v := range views {
		for _, p := range mustBeApart() {
			d := deltaE(PaletteColourBlind, p.a, p.b, v.m)
			assert.GreaterOrEqual(t, d, p.min, "%s: %s (colors %d and %d) are %.1f apart", v.name, p.why, p.a, p.b, d)
		}
	}
}

// The default palette keeps apart what colors tell for a trichromat,
// and it is the one the colour-blind palette is needed for: its red and
// green, the HP bar's, are hard to tell apart with deuteranopia.
func TestTheDefaultPaletteNeedsTheColourBlindOne(t *testing.T) {
	t.Parallel()
	for _, p := range mustBeApart() {
		d := deltaE(PaletteDefault, p.a, p.b, trichromat)
		assert.GreaterOrEqual(t, d, p.min, "%s (colors %d and %d) are %.1f apart", p.why, p.a, p.b, d)
	}
	deut := blindnesses[1]
	require.Equal(t, "deuteranopia", deut.name)
	assert.Less(t, deltaE(PaletteDefault, ColorRed, ColorGreen, deut.m), 20.0)
	assert.GreaterOrEqual(t, deltaE(PaletteColourBlind, ColorRed, ColorGreen, deut.m), 20.0)
}

// Every color of a palette is its own RGB (a recording's 24-bit codes
// name the color they stand for) and its own xterm color on 256 colors,
// but for the lights of one kind of terrain; and the terrain gets lighter towards
// the player: light 0 the brightest.
func TestEveryPaletteColorIsItsOwn(t *testing.T) {
	t.Parallel()
	for p := range numPalettes {
		seen := map[RGB]Color{}
		for c := ColorBlack; c < NumColors; c++ {
			rgb, ok := p.RGB(c)
			if !ok {
				continue
			}
			before, dup := seen[rgb]
			assert.False(t, dup, "%s: colors %d and %d are both %v", p, before, c, rgb)
			seen[rgb] = c
		}
		for tr := range numTerrains {
			for l := 1; l < lightLevels; l++ {
				near, _ := p.RGB(terrainColor(tr, l-1))
				far, _ := p.RGB(terrainColor(tr, l))
				assert.Greater(t, int(near.R)+int(near.G)+int(near.B), int(far.R)+int(far.G)+int(far.B), "%s: terrain %d at light %d", p, tr, l)
			}
		}
		for a := ColorBlack; a < NumColors; a++ {
			for b := a + 1; b < NumColors; b++ {
				if colorGroup(a) != colorGroup(b) {
					assert.NotEqual(t, xterm256()[p][a], xterm256()[p][b], "%s: colors %d and %d on 256 colors", p, a, b)
				}
			}
		}
		_, ok := p.RGB(ColorDefault)
		assert.False(t, ok, "the default color is the terminal's")
		assert.Len(t, p.Table(), 3*NumColors)
	}
}

func TestPalettesAreNamedAsTheFlagTakesThem(t *testing.T) {
	t.Parallel()
	for p := range numPalettes {
		got, err := ParsePalette(p.String())
		require.NoError(t, err)
		assert.Equal(t, p, got)
		assert.Equal(t, (p+1)%numPalettes, p.Next())
	}
	for _, s := range []string{"colorblind", "Colour-Blind", " color-blind", "colourblind", ""} {
		_, err := ParsePalette(s)
		assert.NoError(t, err, s)
	}
	_, err := ParsePalette("sepia")
	assert.EqualError(t, err, `unknown palette "sepia": default or colour-blind`)
}

// few is a terminal of a given number of colors: a tcell simulation
// screen, which says 256, saying colors instead.
type few struct {
	tcell.SimulationScreen
	colors int
}

func (f few) Colors() int { return f.colors }

// On a terminal of few colors every cell's color is one the terminal
// has: 16 or 8 of its own palette, never an RGB it would have to guess
// at (tcell would pick the nearest by its own idea of the terminal's
// colors, and a dark floor can come out black); on 256, xterm's cube
// and grays, never the 16 a theme redefines; with none, no color, and
// remembered terrain dim. Drawn in both palettes, on the play screen
// with foes in view, remembered terrain and the status line.
func TestATerminalOfFewColorsGetsOnlyColorsItHas(t *testing.T) {
	t.Parallel()
	m := withFoes(t).m
	var remembered int
	for x := range 80 {
		for y := range 20 {
			if _, st := drawn(m, x, y); st.Fg == terrainColor(terrainWall, remembered) || st.Fg == terrainColor(terrainFloor, remembered) {
				remembered++
			}
		}
	}
	require.Positive(t, remembered, "remembered terrain on the screen")
	for _, colors := range []int{0, 8, 16, 256, 1 << 24} {
		for p := range numPalettes {
			name := fmt.Sprintf("%d colors, %s", colors, p)
			sim := tcell.NewSimulationScreen("UTF-8")
			require.NoError(t, sim.Init())
			sim.SetSize(80, 24)
			s := NewScreen(few{sim, colors}, false)
			m.Palette = p
			s.Draw(m)
			cells, w, _ := sim.GetContents()
			kinds := map[string]int{}
			dims := 0
			for i, cell := range cells {
				fg, bg, attrs := cell.Style.Decompose()
				if attrs&tcell.AttrDim != 0 {
					dims++
				}
				for _, c := range []tcell.Color{fg, bg} {
					kind := colorKind(c)
					kinds[kind]++
					ok := kind == "default" ||
						colors >= 1<<24 && kind == "rgb" ||
						colors >= 256 && kind == "xterm" ||
						colors >= 16 && colors < 256 && (kind == "ansi8" || kind == "ansi16") ||
						colors >= 8 && colors < 16 && kind == "ansi8"
					if !assert.True(t, ok, "%s: cell (%d, %d) is %s %v", name, i%w, i/w, kind, c) {
						break
					}
				}
			}
			switch {
			case colors == 0:
				assert.Equal(t, map[string]int{"default": 2 * len(cells)}, kinds, name)
			case colors < 1<<24:
				assert.Zero(t, kinds["rgb"], name)
			default:
				assert.Positive(t, kinds["rgb"], name)
			}
			if colors < 256 {
				assert.GreaterOrEqual(t, dims, remembered, "%s: remembered terrain is dim", name)
			}
			sim.Fini()
		}
	}
}

// drawn is the cell (x, y) of m drawn at 80x24 as text.
func drawn(m *Model, x, y int) (rune, Style) {
	c := NewTextCanvas(80, 24)
	Draw(c, m)
	return c.At(x, y)
}

// colorKind says what kind of tcell color c is.
func colorKind(c tcell.Color) string {
	switch {
	case c == tcell.ColorDefault:
		return "default"
	case c.IsRGB():
		return "rgb"
	case c >= tcell.PaletteColor(16) && c <= tcell.PaletteColor(255):
		return "xterm"
	case c >= tcell.PaletteColor(8) && c <= tcell.PaletteColor(15):
		return "ansi16"
	case c >= tcell.PaletteColor(0) && c <= tcell.PaletteColor(7):
		return "ansi8"
	}
	return fmt.Sprintf("unknown %v", c)
}

// p on the main menu goes round the palettes and says which is on; the
// screen draws in the model's.
func TestPOnTheMenuChangesThePalette(t *testing.T) {
	t.Parallel()
	m := NewModel(MainMenu{})
	assert.Equal(t, Intent{Menu: MenuPalette}, m.HandleKey(Rune('p')))
	assert.Equal(t, PaletteColourBlind, m.Palette)
	assert.Contains(t, render(m, 80, 24), "p  Colours            colour-blind")
	sim := tcell.NewSimulationScreen("UTF-8")
	require.NoError(t, sim.Init())
	defer sim.Fini()
	sim.SetSize(80, 24)
	s := NewScreen(few{sim, 1 << 24}, false)
	s.Draw(m)
	assert.Equal(t, PaletteColourBlind, s.palette)
	m.HandleKey(Rune('p'))
	assert.Equal(t, PaletteDefault, m.Palette)
	assert.Contains(t, render(m, 80, 24), "p  Colours            default")
}
