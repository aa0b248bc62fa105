package view

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// terminal is the little of a terminal ANSIFrame's output needs: cursor
// moves, clearing, SGR attributes and printing, into a text canvas.
type terminal struct {
	c      *TextCanvas
	x, y   int
	pen    Style
	cursor bool
}

func newTerminal(w, h int) *terminal { return &terminal{c: NewTextCanvas(w, h), cursor: true} }

var colorOfCode = func() map[int]Color {
	m := map[int]Color{}
	for c := ColorBlack; c <= ColorBrown; c++ {
		m[ansiColor(c, 30, 90)] = c
	}
	return m
}()

// colorOfRGB are the default palette's colors past the named ones, by
// their RGB (each its own: see TestEveryPaletteColorIsItsOwn).
var colorOfRGB = func() map[RGB]Color {
	m := map[RGB]Color{}
	for c := ColorBrown + 1; c < NumColors; c++ {
		if rgb, ok := PaletteDefault.RGB(c); ok {
			m[rgb] = c
		}
	}
	return m
}()

func (t *terminal) write(tb testing.TB, s string) {
	for len(s) > 0 {
		if !strings.HasPrefix(s, "\x1b[") {
			r := []rune(s)[0]
			require.True(tb, r >= ' ', "a control character %q", r)
			t.c.Set(t.x, t.y, r, t.pen)
			t.x++
			s = s[len(string(r)):]
			continue
		}
		end := strings.IndexAny(s[2:], "HJmlh")
		require.GreaterOrEqual(tb, end, 0, "an unfinished escape sequence in %q", s)
		params, final := s[2:2+end], s[2+end]
		s = s[3+end:]
		switch final {
		case 'H':
			parts := strings.Split(params, ";")
			require.Len(tb, parts, 2)
			row, _ := strconv.Atoi(parts[0])
			col, _ := strconv.Atoi(parts[1])
			t.x, t.y = col-1, row-1
		case 'J':
			require.Equal(tb, "2", params)
			w, h := t.c.Size()
			t.c = NewTextCanvas(w, h)
		case 'l', 'h':
			require.Equal(tb, "?25", params)
			t.cursor = final == 'h'
		case 'm':
			t.pen = Plain
			ps := strings.Split(params, ";")
			for len(ps) > 0 {
				n, err := strconv.Atoi(ps[0])
				require.NoError(tb, err)
				ps = ps[1:]
				switch {
				case n == 38 || n == 48:
					require.GreaterOrEqual(tb, len(ps), 4, "SGR %d needs 2;R;G;B", n)
					require.Equal(tb, "2", ps[0])
					var c [3]int
					for i := range c {
						c[i], err = strconv.Atoi(ps[1+i])
						require.NoError(tb, err)
					}
					ps = ps[4:]
					color, ok := colorOfRGB[RGB{uint8(c[0]), uint8(c[1]), uint8(c[2])}]
					require.True(tb, ok, "SGR %d;2;%v: no color of the default palette", n, c)
					if n == 38 {
						t.pen.Fg = color
					} else {
						t.pen.Bg = color
					}
				case n == 0:
				case n == 1:
					t.pen.Bold = true
				case n == 2:
					t.pen.Dim = true
				case n == 7:
					t.pen.Reverse = true
				case n >= 40 && n <= 47 || n >= 100 && n <= 107:
					t.pen.Bg = colorOfCode[n-10]
				default:
					c, ok := colorOfCode[n]
					require.True(tb, ok, "SGR %d", n)
					t.pen.Fg = c
				}
			}
		}
	}
}

// Writing each frame's ANSIFrame to a terminal leaves it showing that
// frame, cell for cell, colors and attributes too: over every turn of a
// game with fights, screens opened and its game over screen.
func TestANSIFramesRedrawTheScreenExactly(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"slain", "confused"} {
		t.Run(name, func(t *testing.T) {
			j := openFolded(t, name)
			m := NewModel(MainMenu{})
			term := newTerminal(80, 24)
			var prev *TextCanvas
			for turn := 1; turn <= j.total; turn++ {
				f, err := j.at(t, turn)
				require.NoError(t, err)
				m.ShowReplayed(f)
				switch turn % 50 { // now and then a screen over the map
				case 10:
					m.open(ModeInventory)
				case 20:
					m.open(ModeSheet)
				default:
					m.mode = ModePlay
				}
				cur := NewTextCanvas(80, 24)
				Draw(cur, m)
				out := ANSIFrame(prev, cur)
				term.write(t, out)
				require.Equal(t, cur, term.c, "turn %d", turn)
				assert.False(t, term.cursor, "the cursor is hidden")
				if prev != nil {
					assert.NotContains(t, out, "\x1b[2J", "turn %d redraws only what changed", turn)
				}
				prev = cur
			}
		})
	}
}

func TestSGRSetsEveryAttributeFromScratch(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		st   Style
		want string
	}{
		{"plain resets", Plain, "\x1b[0m"},
		{"bold red", Style{Fg: ColorRed, Bold: true}, "\x1b[0;1;31m"},
		{"bright white on blue", Style{Fg: ColorWhite, Bg: ColorBlue}, "\x1b[0;97;44m"},
		{"dim grey", Style{Fg: ColorGray, Dim: true}, "\x1b[0;2;90m"},
		{"reversed", Style{Reverse: true, Bold: true}, "\x1b[0;1;7m"},
		{"a lit wall", Style{Fg: terrainColor(terrainWall, 0)}, "\x1b[0;38;2;219;196;161m"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, sgr(tc.st)) })
	}
}
