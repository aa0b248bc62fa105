package view

import (
	"fmt"
	"math"
	"strings"
	"sync"
)

// Palettes: what each of the view's colors looks like. The view draws
// colors by name (Color, a small index that a cell of the page's frame
// packs in a byte); a palette gives each its RGB, and what it becomes on
// a terminal of fewer colors:
//   - 16.7 million (truecolor): the RGB itself;
//   - 256: the nearest color of xterm's 6x6x6 cube and gray ramp (never
//     the 16 first, which each terminal's theme redefines);
//   - 16 or 8: a color chosen by hand for each, among the 16 (the 8 of
//     them when there are only 8), dim where the RGB is a dim one;
//   - none (NO_COLOR, or a terminal without colors): no color, dim where
//     the RGB is a dim one, so that remembered terrain still reads apart.
//
// The same palette colors the terminal and the page (the wasm sends the
// page its RGB table), so the two show one game alike.

// Palette is one set of the view's colors.
type Palette uint8

// The palettes. PaletteColourBlind keeps apart, for the three common
// colour blindnesses (deuteranopia, protanopia, tritanopia), every pair
// of colors the game tells apart by color: its hues are Okabe and Ito's
// (2008), chosen for that, and its terrain differs by lightness.
const (
	PaletteDefault Palette = iota
	PaletteColourBlind
	numPalettes
)

var paletteNames = [numPalettes]string{"default", "colour-blind"}

// String is the palette's name, as --palette and the page take it.
func (p Palette) String() string {
	if p < numPalettes {
		return paletteNames[p]
	}
	return fmt.Sprintf("palette %d", p)
}

// ParsePalette is the palette named s ("default", "colour-blind"; also
// "colorblind", "color-blind" and "colourblind"; "" is the default).
func ParsePalette(s string) (Palette, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "default":
		return PaletteDefault, nil
	case "colour-blind", "colourblind", "color-blind", "colorblind":
		return PaletteColourBlind, nil
	}
	return PaletteDefault, fmt.Errorf("unknown palette %q: default or colour-blind", s)
}

// Next is the palette after p, as the menu's p goes round them.
func (p Palette) Next() Palette { return (p + 1) % numPalettes }

// RGB is a color of 8 bits a channel.
type RGB struct{ R, G, B uint8 }

// Terrain colors: a color for each kind of tile and light level (see
// light.go), after the named colors. The lit ones go from the player's
// own tile (light 0) to the edge of sight; remembered is what the player
// saw and no longer sees.
const (
	terrainWall = iota
	terrainFloor
	terrainStairs
	numTerrains
)

const (
	lightLevels  = 4               // lit levels, 0 the brightest
	remembered   = lightLevels     // the level of a remembered tile
	terrainBase  = 16              // the first terrain color
	terrainShade = lightLevels + 1 // colors per kind of terrain
	// NumColors is how many colors the view draws with (Color values
	// 0 to NumColors-1).
	NumColors = terrainBase + numTerrains*terrainShade
)

// terrainColor is the color of terrain kind t at light level l.
func terrainColor(t, l int) Color { return Color(terrainBase + t*terrainShade + l) }

// shade is how one color of a palette is shown.
type shade struct {
	rgb  RGB
	ansi uint8 // the color among 16 (the terminal's palette, 0 to 15)
	dim  bool  // drawn dim where its RGB cannot be
	set  bool  // false: the terminal's default
}

// palettes are the palettes' colors, made once.
var palettes = func() (ps [numPalettes][NumColors]shade) {
	for p := range numPalettes {
		named := namedRGB[p]
		for c := ColorBlack; c <= ColorBrown; c++ {
			ps[p][c] = shade{rgb: named[c], ansi: namedANSI[c], set: true}
		}
		for t := range numTerrains {
			base := terrainRGB[p][t]
			for l := range lightLevels {
				ps[p][terrainColor(t, l)] = shade{rgb: lit(base.lit, l), ansi: base.ansi, set: true}
			}
			ps[p][terrainColor(t, remembered)] = shade{rgb: base.seen, ansi: base.seenANSI, dim: base.seenDim, set: true}
		}
	}
	return ps
}()

// xterm256 are the palettes' colors among xterm's 16 to 255 (what a
// 256-color terminal draws), made on first use: finding the nearest of
// 240 colors for each takes milliseconds that a command which draws
// nothing, or draws in truecolor, should not pay at its start.
//
// On 256 colors, a color never shares its xterm color with one that
// means another thing (another kind of terrain, lit against remembered,
// another named color): the cube is coarse enough to give a far wall
// and a near floor one. The lights of one kind may share.
var xterm256 = sync.OnceValue(func() (xs [numPalettes][NumColors]uint8) {
	for p := range numPalettes {
		taken := map[uint8]int{}
		for c := range Color(NumColors) {
			g := colorGroup(c)
			xs[p][c] = nearest256(palettes[p][c].rgb, func(x uint8) bool {
				other, ok := taken[x]
				return ok && other != g
			})
			taken[xs[p][c]] = g
		}
	}
	return xs
})

// namedANSI are the named colors among 16 (what the terminal drew
// before palettes: tcell's Maroon, Green, Yellow, Navy, Fuchsia, Teal,
// White, Gray and Olive).
var namedANSI = [...]uint8{
	ColorBlack: 0, ColorRed: 1, ColorGreen: 2, ColorYellow: 11, ColorBlue: 4,
	ColorMagenta: 13, ColorCyan: 6, ColorWhite: 15, ColorGray: 8, ColorBrown: 3,
}

// namedRGB are the named colors' RGB in each palette. The default's are
// the page's colors before palettes (brown made a brown, not a second
// yellow); the colour-blind one's are Okabe and Ito's: vermillion for
// red, bluish green, yellow, blue, reddish purple, sky blue, orange for
// brown.
var namedRGB = [numPalettes][ColorBrown + 1]RGB{
	PaletteDefault: {
		ColorBlack: {0, 0, 0}, ColorRed: {220, 40, 40}, ColorGreen: {40, 200, 60},
		ColorYellow: {255, 240, 90}, ColorBlue: {70, 125, 255}, ColorMagenta: {235, 90, 235},
		ColorCyan: {40, 205, 205}, ColorWhite: {255, 255, 255}, ColorGray: {135, 135, 135},
		ColorBrown: {185, 130, 60},
	},
	PaletteColourBlind: {
		ColorBlack: {0, 0, 0}, ColorRed: {213, 94, 0}, ColorGreen: {0, 158, 115},
		ColorYellow: {240, 228, 66}, ColorBlue: {60, 140, 230}, ColorMagenta: {204, 121, 167},
		ColorCyan: {86, 180, 233}, ColorWhite: {255, 255, 255}, ColorGray: {185, 185, 185},
		ColorBrown: {230, 159, 0},
	},
}

// terrainRGB are each kind of terrain's colors: lit (at light 0, dimmer
// further away) and remembered, and their stand-ins among 16.
type terrainShades struct {
	lit, seen RGB
	ansi      uint8
	seenANSI  uint8
	seenDim   bool
}

// Walls are warm stone, floors a darker sand, the stairs gold; what is
// remembered is the same, dark and cold (as Brogue draws it). The
// colour-blind palette keeps the kinds apart by lightness alone: walls
// light, floors mid, stairs yellow (which no colour blindness confuses
// with a gray), remembered dark blue-gray.
var terrainRGB = [numPalettes][numTerrains]terrainShades{
	PaletteDefault: {
		terrainWall:   {lit: RGB{214, 194, 162}, seen: RGB{58, 62, 88}, ansi: 7, seenANSI: 8, seenDim: true},
		terrainFloor:  {lit: RGB{114, 105, 89}, seen: RGB{34, 36, 52}, ansi: 7, seenANSI: 8, seenDim: true},
		terrainStairs: {lit: RGB{255, 210, 60}, seen: RGB{120, 100, 50}, ansi: 11, seenANSI: 8, seenDim: true},
	},
	PaletteColourBlind: {
		terrainWall:   {lit: RGB{218, 218, 218}, seen: RGB{54, 58, 74}, ansi: 7, seenANSI: 8, seenDim: true},
		terrainFloor:  {lit: RGB{122, 122, 122}, seen: RGB{32, 34, 44}, ansi: 7, seenANSI: 8, seenDim: true},
		terrainStairs: {lit: RGB{240, 228, 66}, seen: RGB{80, 72, 20}, ansi: 11, seenANSI: 8, seenDim: true},
	},
}

// lit is base at light level l: each level a little darker and less
// warm than the one before (see light.go for the levels).
func lit(base RGB, l int) RGB {
	f := lightFactor[l]
	warm := lightWarmth[l]
	ch := func(v uint8, torch float64) uint8 {
		x := float64(v)*(1-warm) + torch*warm
		return uint8(math.Round(min(255, x*f)))
	}
	return RGB{ch(base.R, 255), ch(base.G, 214), ch(base.B, 150)}
}

// colorGroup is what c means, for the 256 colors: each named color its
// own, each kind of terrain lit, and remembered.
func colorGroup(c Color) int {
	if c < terrainBase {
		return int(c)
	}
	t, l := (int(c)-terrainBase)/terrainShade, (int(c)-terrainBase)%terrainShade
	if l == remembered {
		return terrainBase + 2*t + 1
	}
	return terrainBase + 2*t
}

// nearest256 is the xterm color (16 to 255) that looks nearest c, of
// those not taken: the least distance in CIE L*a*b* (a plain RGB
// distance ties a warm gray between a pink and a khaki, and drew walls
// pink).
func nearest256(c RGB, taken func(uint8) bool) uint8 {
	want := toLab(c)
	best, bestD := uint8(16), math.Inf(1)
	for i := 16; i < 256; i++ {
		if taken(uint8(i)) {
			continue
		}
		got := toLab(xterm256RGB(uint8(i)))
		d := 0.0
		for k := range 3 {
			d += (got[k] - want[k]) * (got[k] - want[k])
		}
		if d < bestD {
			best, bestD = uint8(i), d
		}
	}
	return best
}

// toLab is c in CIE L*a*b* (D65).
func toLab(c RGB) [3]float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	r, g, b := lin(c.R), lin(c.G), lin(c.B)
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx := f((0.4124*r + 0.3576*g + 0.1805*b) / 0.95047)
	fy := f(0.2126*r + 0.7152*g + 0.0722*b)
	fz := f((0.0193*r + 0.1192*g + 0.9505*b) / 1.08883)
	return [3]float64{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

// xterm256RGB is the RGB of xterm color i (16 to 255).
func xterm256RGB(i uint8) RGB {
	if i >= 232 {
		v := uint8(8 + 10*int(i-232))
		return RGB{v, v, v}
	}
	levels := [6]uint8{0, 95, 135, 175, 215, 255}
	n := int(i) - 16
	return RGB{levels[n/36], levels[n/6%6], levels[n%6]}
}

// RGB is the color c in palette p; false for the terminal's default
// color (ColorDefault) and colors the view lacks.
func (p Palette) RGB(c Color) (RGB, bool) {
	if p >= numPalettes || int(c) >= NumColors || !palettes[p][c].set {
		return RGB{}, false
	}
	return palettes[p][c].rgb, true
}

// Table is every color of p in order, as the page paints them: 3 bytes
// (R, G, B) a color, NumColors of them; the default color and colors the
// view lacks are zero (the page paints them its own default).
func (p Palette) Table() []byte {
	b := make([]byte, 0, 3*NumColors)
	for c := range Color(NumColors) {
		rgb, _ := p.RGB(c)
		b = append(b, rgb.R, rgb.G, rgb.B)
	}
	return b
}

// ANSI is the color c among the terminal's 16 and whether it is drawn
// dim there; false for the default color.
func (p Palette) ANSI(c Color) (index int, dim, ok bool) {
	if p >= numPalettes || int(c) >= NumColors || !palettes[p][c].set {
		return 0, false, false
	}
	s := palettes[p][c]
	return int(s.ansi), s.dim, true
}
