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
			for _, p := range strings.Split(params, ";") {
				n, err := strconv.Atoi(p)
				require.NoError(tb, err)
				switch {
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
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, sgr(tc.st)) })
	}
}
