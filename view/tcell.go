package view

import (
	"strings"

	"github.com/gdamore/tcell/v2"
)

// Screen adapts a tcell screen to a Canvas, in the colors of the
// model's palette as the terminal can show them (see palette.go): RGB on
// a truecolor terminal, xterm's 256 colors, or 16 (or 8) chosen by hand.
// With NoColor (the user's NO_COLOR) it draws no colors at all, only
// bold, dim and reverse, so the cursor, the selection and remembered
// terrain still show.
type Screen struct {
	tcell.Screen
	NoColor bool
	cells   CellScreen // Screen, when it takes the view's cells as they are
	// colors is how many colors the terminal shows (0: none, as with
	// NoColor); palette the palette drawn in, and fg, dim its colors as
	// tcell colors for that many, made when either changes.
	colors  int
	palette Palette
	painted bool // the palette was set (and told to a PaletteScreen)
	fg      [NumColors]tcell.Color
	dim     [NumColors]bool
}

var _ Canvas = (*Screen)(nil)

// CellScreen is a tcell screen that also takes the view's cells as they
// are: the browser's, which packs them for the page as they come, so
// that a frame's every cell is not converted to a tcell style and back.
type CellScreen interface {
	tcell.Screen
	// SetViewCell puts r in cell (x, y); cells outside the grid are
	// ignored.
	SetViewCell(x, y int, r rune, st Style)
}

// PaletteScreen is a CellScreen that paints the view's colors itself
// (the page): it is told the palette before the first frame and when
// the player chooses another.
type PaletteScreen interface {
	SetPalette(p Palette)
}

// NewScreen wraps s; noColor drops every color.
func NewScreen(s tcell.Screen, noColor bool) *Screen {
	cells, _ := s.(CellScreen)
	sc := &Screen{Screen: s, NoColor: noColor, cells: cells, colors: s.Colors()}
	if noColor {
		sc.colors = 0
	}
	sc.makeColors()
	return sc
}

// SetPalette draws from now on in palette p.
func (s *Screen) SetPalette(p Palette) {
	if p >= numPalettes {
		p = PaletteDefault
	}
	if p == s.palette && s.painted {
		return
	}
	s.palette, s.painted = p, true
	s.makeColors()
	if ps, ok := s.Screen.(PaletteScreen); ok {
		ps.SetPalette(p)
	}
}

// makeColors makes fg and dim for the palette and the terminal's colors.
func (s *Screen) makeColors() {
	for c := range Color(NumColors) {
		s.fg[c], s.dim[c] = terminalColor(s.palette, c, s.colors)
	}
}

// terminalColor is color c of palette p on a terminal of that many
// colors, and whether it is drawn dim there.
func terminalColor(p Palette, c Color, colors int) (tcell.Color, bool) {
	sh := palettes[p][c]
	switch {
	case !sh.set:
		return tcell.ColorDefault, false
	case colors >= 1<<24:
		return tcell.NewRGBColor(int32(sh.rgb.R), int32(sh.rgb.G), int32(sh.rgb.B)), false
	case colors >= 256:
		return tcell.PaletteColor(int(xterm256()[p][c])), false
	case colors >= 16:
		return tcell.PaletteColor(int(sh.ansi)), sh.dim
	case colors >= 8 && sh.ansi == 8: // no dark gray: a dim white
		return tcell.PaletteColor(7), true
	case colors >= 8:
		return tcell.PaletteColor(int(sh.ansi & 7)), sh.dim
	}
	return tcell.ColorDefault, sh.dim
}

// Size is the screen's width and height in cells.
func (s *Screen) Size() (int, int) { return s.Screen.Size() }

// Set puts r in cell (x, y).
func (s *Screen) Set(x, y int, r rune, st Style) {
	if s.cells != nil {
		if s.NoColor {
			st.Dim = st.Dim || s.dimOf(st.Fg)
			st.Fg, st.Bg = ColorDefault, ColorDefault
		}
		s.cells.SetViewCell(x, y, r, st)
		return
	}
	ts := tcell.StyleDefault.Bold(st.Bold).Dim(st.Dim || s.dimOf(st.Fg)).Reverse(st.Reverse)
	if int(st.Fg) < NumColors {
		ts = ts.Foreground(s.fg[st.Fg])
	}
	if int(st.Bg) < NumColors {
		ts = ts.Background(s.fg[st.Bg])
	}
	s.SetContent(x, y, r, nil, ts)
}

func (s *Screen) dimOf(c Color) bool { return int(c) < NumColors && s.dim[c] }

// Draw draws m in its palette and shows it.
func (s *Screen) Draw(m *Model) {
	s.SetPalette(m.Palette)
	Draw(s, m)
	s.Show()
}

// TcellStyle is the tcell style of the view's style st: its colors as
// tcellColors has them (the default for a color the view lacks).
func TcellStyle(st Style) tcell.Style {
	return tcell.StyleDefault.Bold(st.Bold).Dim(st.Dim).Reverse(st.Reverse).
		Foreground(tcellColor(st.Fg)).Background(tcellColor(st.Bg))
}

// StyleOf is the view's style of the tcell style ts, the inverse of
// TcellStyle: a color the view does not use becomes the default.
func StyleOf(ts tcell.Style) Style {
	fg, bg, attrs := ts.Decompose()
	return Style{Fg: colorOf(fg), Bg: colorOf(bg),
		Bold: attrs&tcell.AttrBold != 0, Dim: attrs&tcell.AttrDim != 0, Reverse: attrs&tcell.AttrReverse != 0}
}

func tcellColor(c Color) tcell.Color {
	if int(c) < len(tcellColors) {
		return tcellColors[c]
	}
	return tcell.ColorDefault
}

func colorOf(tc tcell.Color) Color {
	for c, t := range tcellColors {
		if t == tc {
			return Color(c)
		}
	}
	return ColorDefault
}

var tcellColors = [...]tcell.Color{
	ColorDefault: tcell.ColorDefault,
	ColorBlack:   tcell.ColorBlack,
	ColorRed:     tcell.ColorMaroon,
	ColorGreen:   tcell.ColorGreen,
	ColorYellow:  tcell.ColorYellow,
	ColorBlue:    tcell.ColorNavy,
	ColorMagenta: tcell.ColorFuchsia,
	ColorCyan:    tcell.ColorTeal,
	ColorWhite:   tcell.ColorWhite,
	ColorGray:    tcell.ColorGray,
	ColorBrown:   tcell.ColorOlive,
}

// Keys converts a tcell key event to the keys it stands for: none for
// keys the game has no use for (function keys, most Ctrl combinations).
// Alt with a character is Esc then that character: terminals send both
// the same way, so Esc pressed quickly before a key arrives as Alt.
func Keys(ev *tcell.EventKey) []Key {
	if ev.Key() == tcell.KeyRune {
		switch mod := ev.Modifiers(); {
		case mod&tcell.ModCtrl != 0:
			return nil
		case mod&(tcell.ModAlt|tcell.ModMeta) != 0:
			return []Key{Named(KeyEsc), Rune(ev.Rune())}
		}
		return []Key{Rune(ev.Rune())}
	}
	if k, ok := tcellKeys[ev.Key()]; ok {
		return []Key{{Code: k, Shift: ev.Modifiers()&tcell.ModShift != 0}}
	}
	return nil
}

var tcellKeys = map[tcell.Key]KeyCode{
	tcell.KeyUp: KeyUp, tcell.KeyDown: KeyDown, tcell.KeyLeft: KeyLeft, tcell.KeyRight: KeyRight,
	tcell.KeyUpLeft: KeyUpLeft, tcell.KeyUpRight: KeyUpRight,
	tcell.KeyDownLeft: KeyDownLeft, tcell.KeyDownRight: KeyDownRight,
	tcell.KeyCenter: KeyCenter, tcell.KeyHome: KeyHome, tcell.KeyEnd: KeyEnd,
	tcell.KeyPgUp: KeyPgUp, tcell.KeyPgDn: KeyPgDn,
	tcell.KeyEnter: KeyEnter, tcell.KeyEscape: KeyEsc,
	tcell.KeyTab: KeyTab, tcell.KeyBacktab: KeyBacktab, tcell.KeyBackspace: KeyBackspace,
	tcell.KeyBackspace2: KeyBackspace, // DEL, what most terminals send for Backspace
	tcell.KeyCtrlC:      KeyCtrlC, tcell.KeyCtrlP: KeyCtrlP, tcell.KeyCtrlR: KeyCtrlR, tcell.KeyCtrlZ: KeyCtrlZ,
}

// SimulationText is what a simulated terminal shows, written as TextCanvas
// writes it (one line per row, trailing blanks trimmed), so tests can
// compare a real screen with the text goldens. It reads tcell's live
// buffer: call it on the goroutine that draws.
func SimulationText(sim tcell.SimulationScreen) string {
	cells, w, h := sim.GetContents()
	var b strings.Builder
	for y := 0; y < h; y++ {
		row := make([]rune, w)
		for x := 0; x < w; x++ {
			row[x] = ' '
			if rs := cells[y*w+x].Runes; len(rs) > 0 {
				row[x] = rs[0]
			}
		}
		b.WriteString(strings.TrimRight(string(row), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// MouseReader turns tcell's mouse events into the view's: a click when a
// button goes down (tcell reports a button on every event while it is
// held, moves included), a hover when the pointer moves with no button
// held; a release or a drag is nothing. The zero MouseReader is ready.
type MouseReader struct{ held tcell.ButtonMask }

// Read is the view's event for ev, if it is one.
func (r *MouseReader) Read(ev *tcell.EventMouse) (Mouse, bool) {
	b := ev.Buttons() & (tcell.Button1 | tcell.Button2 | tcell.Button3)
	x, y := ev.Position()
	was := r.held
	r.held = b
	switch {
	case b == 0 && was == 0:
		return Mouse{X: x, Y: y}, true
	case b == 0, was != 0:
		return Mouse{}, false
	case b&tcell.Button1 != 0:
		return Mouse{X: x, Y: y, Button: ButtonLeft}, true
	case b&tcell.Button2 != 0:
		return Mouse{X: x, Y: y, Button: ButtonRight}, true
	}
	return Mouse{}, false // the middle button means nothing
}
