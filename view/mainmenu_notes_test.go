package view

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The menu shows, under its choices, why an unfinished game was passed
// over, so that an older game is not offered in silence.
func TestTheMainMenuSaysWhyAGameWasPassedOver(t *testing.T) {
	t.Parallel()
	note := "journal g.rogue: at byte 900, turn 40: damaged journal: rogue salvage g.rogue writes a new journal of every turn that can be recovered"
	m := NewModel(MainMenu{Continue: "turn 300 on depth 1", Notes: []string{note}})
	m.Resize(80, 24)
	c := NewTextCanvas(80, 24)
	Draw(c, m)
	screen := c.String()
	assert.Contains(t, screen, "\n  journal g.rogue: at byte 900, turn 40: damaged journal: rogue salvage\n")
	assert.Contains(t, screen, "\n  g.rogue writes a new journal of every turn that can be recovered\n")
	assert.Contains(t, screen, "Continue", "the older game is still offered")
	assert.Equal(t, 24, len(strings.Split(strings.TrimSuffix(screen, "\n"), "\n")))
}

func TestAMenuItemsDetailFitsItsRoomWithoutHalfAName(t *testing.T) {
	t.Parallel()
	const detail = "turn 37 on depth 1, rules 2 (2026-11-24_2213_seed-838947.rogue)"
	cases := []struct {
		name string
		room int
		want string
	}{
		{"whole when it fits", 80, detail},
		{"without the journal's name when only that does not fit", 50, "turn 37 on depth 1, rules 2"},
		{"cut with an ellipsis when even that does not fit", 10, "turn 37 o…"},
		{"nothing in no room", 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, fitDetail(detail, c.room))
		})
	}
}

func TestNewGameAsksBeforeSettingAnUnfinishedGameAside(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		menu MainMenu
		keys []Key
		want Intent
	}{
		{"with nothing to continue, n begins at once", MainMenu{}, []Key{Rune('n')}, Intent{Menu: MenuNewGame}},
		{"with a game to continue, n only asks", theMenu(), []Key{Rune('n')}, Intent{}},
		{"y then begins the new game", theMenu(), []Key{Rune('n'), Rune('y')}, Intent{Menu: MenuNewGame}},
		{"any other key goes back to the menu", theMenu(), []Key{Rune('n'), Rune('c')}, Intent{}},
		{"after going back, the menu's keys work again", theMenu(), []Key{Rune('n'), Named(KeyEsc), Rune('c')}, Intent{Menu: MenuContinue}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := NewModel(c.menu)
			var got Intent
			for _, k := range c.keys {
				got = m.HandleKey(k)
			}
			assert.Equal(t, c.want, got)
		})
	}
}

// ? on the main menu shows its keys, and Esc goes back to the menu.
func TestQuestionMarkOnTheMainMenuShowsItsKeys(t *testing.T) {
	t.Parallel()
	m := NewModel(theMenu())
	m.HandleKey(Rune('?'))
	require.Equal(t, ModePage, m.Mode())
	screen := render(m, 80, 24)
	assert.Contains(t, screen, "Keys of the main menu")
	assert.Contains(t, screen, "replay a journal of the data folder")
	m.HandleKey(Named(KeyEsc))
	assert.Equal(t, ModeMainMenu, m.Mode())
}

// On a first visit the menu offers neither Replay nor the hall of fame:
// r and h say why, instead of nothing, and the next key clears it.
func TestAMenuLetterNotOfferedSaysWhy(t *testing.T) {
	t.Parallel()
	m := NewModel(MainMenu{})
	m.HandleKey(Rune('r'))
	assert.Contains(t, strings.Join(strings.Fields(render(m, 80, 24)), " "), "No game has been played here yet")
	m.HandleKey(Named(KeyDown))
	assert.NotContains(t, render(m, 80, 24), "No game has been played")
	m.HandleKey(Rune('c'))
	assert.Contains(t, strings.Join(strings.Fields(render(m, 80, 24)), " "), "There is no unfinished game to continue")
}

// A build for the page words the help's Q and the question of New game
// without the terminal's commands (not parallel: it sets the view's
// words, and puts them back).
func TestSetWordsReplacesTheTerminalsCommands(t *testing.T) {
	quit, aside := helpKeys, newGameQuestion
	helpKeys = append([][2]string(nil), helpKeys...)
	t.Cleanup(func() { helpKeys, newGameQuestion = quit, aside })
	SetWords(Words{Quit: "save and go to the menu", SetAside: "Set it aside? y: yes"})
	p := newPlayed(t, 3)
	p.m.HandleKey(Rune('?'))
	help := render(p.m, 80, 24)
	assert.Contains(t, help, "save and go to the menu")
	assert.NotContains(t, help, "rogue continues")
	m := NewModel(MainMenu{Continue: "turn 5"})
	m.HandleKey(Rune('n'))
	assert.Contains(t, render(m, 80, 24), "Set it aside? y: yes")
}
