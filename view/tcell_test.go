package view

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// simulated returns a tcell simulation screen of w x h behind our adapter.
func simulated(t *testing.T, w, h int, noColor bool) (tcell.SimulationScreen, *Screen) {
	t.Helper()
	sim := tcell.NewSimulationScreen("UTF-8")
	require.NoError(t, sim.Init())
	t.Cleanup(sim.Fini)
	sim.SetSize(w, h)
	return sim, NewScreen(sim, noColor)
}

// The terminal shows what the goldens show, and a resize redraws at the new
// size: 80x24, then 120x40, then too small, then 80x24 again.
func TestTheTerminalShowsTheGoldensAcrossResizes(t *testing.T) {
	t.Parallel()
	m := withFoes(t).m
	sim, scr := simulated(t, 80, 24, false)
	steps := []struct {
		w, h   int
		golden string
	}{
		{80, 24, "play_80x24"},
		{120, 40, "play_120x40"},
		{39, 24, "too_small_39x24"},
		{80, 24, "play_80x24"},
	}
	for _, st := range steps {
		sim.SetSize(st.w, st.h)
		sim.Sync() // as the play loop does on tcell's EventResize
		scr.Draw(m)
		checkGolden(t, st.golden, SimulationText(sim))
	}
}

func TestNoColorKeepsOnlyBoldDimAndReverse(t *testing.T) {
	t.Parallel()
	m := withFoes(t).m
	m.HandleKey(Rune('i'))
	m.HandleKey(Rune('a')) // aim the Confusion Scroll: range shown by background
	for _, noColor := range []bool{false, true} {
		sim, scr := simulated(t, 80, 24, noColor)
		scr.Draw(m)
		cells, _, _ := sim.GetContents()
		colored, reversed := 0, 0
		for _, c := range cells {
			fg, bg, attr := c.Style.Decompose()
			if fg != tcell.ColorDefault || bg != tcell.ColorDefault {
				colored++
			}
			if attr&tcell.AttrReverse != 0 {
				reversed++
			}
		}
		if noColor {
			assert.Zero(t, colored, "cells with a color under NO_COLOR")
		} else {
			assert.NotZero(t, colored, "cells with a color")
		}
		assert.Equal(t, 1, reversed, "the targeting cursor is reversed (NO_COLOR %v)", noColor)
	}
}

func TestTcellKeysBecomeOurKeys(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		ev   *tcell.EventKey
		want []Key
	}{
		{"a letter is its rune", tcell.NewEventKey(tcell.KeyRune, 'h', tcell.ModNone), []Key{Rune('h')}},
		{"a capital is its rune", tcell.NewEventKey(tcell.KeyRune, 'Q', tcell.ModNone), []Key{Rune('Q')}},
		{"a numpad digit is its rune", tcell.NewEventKey(tcell.KeyRune, '7', tcell.ModNone), []Key{Rune('7')}},
		{"an arrow is named", tcell.NewEventKey(tcell.KeyLeft, 0, tcell.ModNone), []Key{Named(KeyLeft)}},
		{"the numpad's Home is named", tcell.NewEventKey(tcell.KeyHome, 0, tcell.ModNone), []Key{Named(KeyHome)}},
		{"Enter is named", tcell.NewEventKey(tcell.KeyEnter, 0, tcell.ModNone), []Key{Named(KeyEnter)}},
		{"Esc is named", tcell.NewEventKey(tcell.KeyEscape, 0, tcell.ModNone), []Key{Named(KeyEsc)}},
		{"Tab is named", tcell.NewEventKey(tcell.KeyTab, 0, tcell.ModNone), []Key{Named(KeyTab)}},
		{"Shift-Tab is Backtab", tcell.NewEventKey(tcell.KeyTab, 0, tcell.ModShift), []Key{Named(KeyBacktab)}},
		{"Alt with a letter is Esc then the letter", tcell.NewEventKey(tcell.KeyRune, 'Q', tcell.ModAlt), []Key{Named(KeyEsc), Rune('Q')}},
		{"Ctrl-C is named", tcell.NewEventKey(tcell.KeyCtrlC, 0, tcell.ModCtrl), []Key{Named(KeyCtrlC)}},
		{"Ctrl-P is named", tcell.NewEventKey(tcell.KeyCtrlP, 0, tcell.ModCtrl), []Key{Named(KeyCtrlP)}},
		{"Ctrl-R is named", tcell.NewEventKey(tcell.KeyCtrlR, 0, tcell.ModCtrl), []Key{Named(KeyCtrlR)}},
		{"Ctrl-Z is named", tcell.NewEventKey(tcell.KeyCtrlZ, 0, tcell.ModCtrl), []Key{Named(KeyCtrlZ)}},
		{"Ctrl-A is nothing", tcell.NewEventKey(tcell.KeyCtrlA, 0, tcell.ModCtrl), nil},
		{"Shift with an arrow is a shifted arrow", tcell.NewEventKey(tcell.KeyLeft, 0, tcell.ModShift), []Key{Shifted(KeyLeft)}},
		{"F1 is nothing", tcell.NewEventKey(tcell.KeyF1, 0, tcell.ModNone), nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Keys(tc.ev))
		})
	}
}

// cellScreen is a CellScreen that keeps the view's cells on a TextCanvas.
type cellScreen struct {
	tcell.SimulationScreen
	got *TextCanvas
}

func (c cellScreen) SetViewCell(x, y int, r rune, st Style) { c.got.Set(x, y, r, st) }

// A screen that takes the view's cells as they are gets every cell the
// view draws, in the view's own style (its colors dropped under
// NO_COLOR), and tcell's buffer gets none.
func TestAScreenThatTakesTheViewsCellsGetsThemAsTheyAre(t *testing.T) {
	t.Parallel()
	m := withFoes(t).m
	for _, noColor := range []bool{false, true} {
		sim, _ := simulated(t, 80, 24, noColor)
		cells := cellScreen{SimulationScreen: sim, got: NewTextCanvas(80, 24)}
		NewScreen(cells, noColor).Draw(m)

		want := NewTextCanvas(80, 24)
		Draw(want, m)
		if noColor {
			for i, st := range want.style {
				_, dim, _ := PaletteDefault.ANSI(st.Fg)
				want.style[i] = Style{Bold: st.Bold, Dim: st.Dim || dim, Reverse: st.Reverse}
			}
		}
		assert.Equal(t, want, cells.got, "no color: %v", noColor)
		assert.Equal(t, strings.Repeat("\n", 24), SimulationText(sim), "no color: %v", noColor)
	}
}

// Every style the view draws survives the way to tcell and back, as the
// browser's screen takes it for the cells drawn through tcell's calls; a
// tcell color the view lacks comes back as the default.
func TestAViewStyleSurvivesTcellAndBack(t *testing.T) {
	t.Parallel()
	for c := range Color(len(tcellColors)) {
		for _, st := range []Style{{Fg: c}, {Bg: c, Bold: true}, {Fg: c, Bg: ColorWhite, Dim: true, Reverse: true}} {
			assert.Equal(t, st, StyleOf(TcellStyle(st)))
		}
	}
	assert.Equal(t, Style{Bold: true}, StyleOf(tcell.StyleDefault.Foreground(tcell.ColorHotPink).Bold(true)))
}
