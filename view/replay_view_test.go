package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pausedReplay is the replay of a golden journal paused at turn, on an
// 80x24 terminal, showing frames from plain folds.
func pausedReplay(t *testing.T, name string, turn int) (*ReplayView, *foldedJournal) {
	t.Helper()
	j := openFolded(t, name)
	v := NewReplayView(NewReplayControl(j.total, turn, true))
	v.Resize(80, 24)
	f, err := j.at(t, turn)
	require.NoError(t, err)
	v.Show(f)
	return v, j
}

// What the screens of a paused replay do with keys: they show and close,
// and whatever they would ask of the rules is dropped (a ReplayAction has
// no command to carry, so nothing can reach a journal).
func TestGameScreensOnAReplayAreReadOnly(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		journal string
		turn    int
		keys    []Key
		want    ReplayAction // what the last key asks
		screen  Mode         // the game screen open after the keys
		shown   Mode         // the screen drawn
	}{
		{"i opens the inventory on the turn shown", "long", 800, runes("i"), redraw, ModeInventory, ModeInventory},
		{"choosing a potion uses nothing and closes the inventory", "long", 800, runes("ie"), redraw, ModePlay, ModePlay},
		{"choosing a scroll that aims starts aiming, and only that", "long", 800, runes("ia"), redraw, ModeTarget, ModeTarget},
		{"Enter while aiming reads nothing and stops aiming", "long", 800, []Key{Rune('i'), Rune('a'), Named(KeyEnter)}, redraw, ModePlay, ModePlay},
		{"Esc closes the inventory", "long", 800, []Key{Rune('i'), Named(KeyEsc)}, redraw, ModePlay, ModePlay},
		{"Esc with nothing open quits", "long", 800, []Key{Rune('i'), Named(KeyEsc), Named(KeyEsc)}, quit, ModePlay, ModePlay},
		{"Q quits from the inventory", "long", 800, runes("iQ"), quit, ModeInventory, ModeInventory},
		{"q in the inventory is a letter, not quitting", "long", 800, runes("iq"), redraw, ModeInventory, ModeInventory},
		{"a stack's letter in the inventory chooses it: d aims the Fireball Scrolls", "long", 800, runes("id"), redraw, ModeTarget, ModeTarget},
		{"q quits from the sheet", "long", 800, runes("cq"), quit, ModeSheet, ModeSheet},
		{"c closes the sheet it opened", "long", 800, runes("cc"), redraw, ModePlay, ModePlay},
		{"the look cursor moves with the movement keys", "long", 800, runes("xh"), redraw, ModeLook, ModeLook},
		{"the replay's keys are not the game's: . in the sheet steps nothing", "long", 800, runes("c."), redraw, ModeSheet, ModeSheet},
		{"? shows the replay's keys and Esc hides them", "short", 10, []Key{Rune('?'), Named(KeyEsc)}, redraw, ModePlay, ModePlay},
		{"the inventory does not open over a level-up choice", "levelled-up", 308, runes("i"), redraw, ModePlay, ModeLevelUp},
		{"the sheet opens over a level-up choice, as in the game", "levelled-up", 308, runes("c"), redraw, ModeSheet, ModeSheet},
		{"a level-up choice chooses nothing in a replay", "levelled-up", 308, runes("m"), nothing, ModePlay, ModeLevelUp},
		{"the inventory does not open over the game over screen", "fireball-self", 35, runes("i"), redraw, ModePlay, ModeGameOver},
		{"Enter leaves the game over screen, as it says", "fireball-self", 35, []Key{Named(KeyEnter)}, quit, ModePlay, ModeGameOver},
		{"Ctrl-P shows the messages over the game over screen, as it says", "fireball-self", 35, []Key{Named(KeyCtrlP)}, redraw, ModeHistory, ModeHistory},
		{"Esc closes the messages back to the game over screen", "fireball-self", 35, []Key{Named(KeyCtrlP), Named(KeyEsc)}, redraw, ModePlay, ModeGameOver},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, _ := pausedReplay(t, tc.journal, tc.turn)
			digest := v.Model.State.Digest()
			var got ReplayAction
			for _, k := range tc.keys {
				got = v.HandleKey(k)
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.screen, v.ScreenOpen(), "screen open")
			assert.Equal(t, tc.shown, v.Model.Mode(), "screen shown")
			assert.Equal(t, digest, v.Model.State.Digest(), "the state is not changed")
			assert.Equal(t, ReplayStatus{Turn: tc.turn, Last: v.Control.Status().Last, Paused: true, Speed: 10}, v.Control.Status())
		})
	}
}

func TestATooSmallTerminalTakesOnlyQuitInAReplay(t *testing.T) {
	t.Parallel()
	v, _ := pausedReplay(t, "short", 10)
	v.Resize(39, 24)
	assert.Equal(t, nothing, v.HandleKey(Rune('.')))
	assert.Equal(t, nothing, v.HandleKey(Named(KeyEsc)))
	assert.Equal(t, 10, v.Control.Turn())
	assert.Equal(t, quit, v.HandleKey(Rune('q')))
}

// The log shows the lines of the turn shown bright and older ones grey,
// as the game showed them when it was played.
func TestTheReplayedLogDimsOlderTurns(t *testing.T) {
	t.Parallel()
	m := NewModel(MainMenu{})
	v, _ := pausedReplay(t, "short", 40)
	f := v.frame
	m.ShowReplayed(f)
	require.NotEmpty(t, f.Log)
	var got []bool
	for _, l := range f.Log {
		got = append(got, l.Turn == 40)
	}
	var bright []bool
	for _, e := range m.log {
		bright = append(bright, e.moment == m.moment)
	}
	assert.Equal(t, got, bright)
	assert.Contains(t, bright, true, "the last turn said something")
	assert.Contains(t, bright, false, "earlier turns said something")
	assert.Equal(t, ModePlay, m.Mode())
}
