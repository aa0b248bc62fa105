package view

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// The long golden game at turn 800 has stacks whose letters were taken
// while other stacks, since used up, held the first letters: a model that
// watched every turn and one that begins on the game continued from a
// snapshot (as Continue does) must show the same letters.
func TestTheLettersOfAContinuedGameAreTheLettersItWasPlayedWith(t *testing.T) {
	t.Parallel()
	j := openFolded(t, "long")
	r, err := journal.Open(j.path)
	require.NoError(t, err)
	defer r.Close()
	h := r.Header()
	tables := game.FoldTables(h, content.Default())
	s := reducer.New(h.Seed, tables)
	played := NewModel(MainMenu{})
	played.Begin(s, nil, nil)
	var tr events.Turn
	for s.Turn < 800 {
		err := r.Next(&tr)
		require.False(t, errors.Is(err, io.EOF), "the game ends at turn %d", s.Turn)
		require.NoError(t, err)
		turn, err := s.FoldPlayed(tr)
		require.NoError(t, err)
		played.AddTurn(&turn)
	}
	resumed, err := reducer.UnmarshalSnapshot(s.MarshalSnapshot(), tables)
	require.NoError(t, err)
	continued := NewModel(MainMenu{})
	continued.Begin(resumed, nil, nil)

	played.HandleKey(Rune('i'))
	continued.HandleKey(Rune('i'))
	menu := func(m *Model) string { // the inventory, without the log
		return strings.Join(strings.Split(render(m, 80, 24), "\n")[:15], "\n")
	}
	want := menu(played)
	require.Contains(t, want, "a  3 Confusion Scrolls", "the letters as the game was played")
	assert.Equal(t, want, menu(continued))
}
