package reducer_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Decide keeps its scratch memory from turn to turn, and hands out the
// facts of many turns from one buffer: through a bot game every turn it
// returned still holds, at the end, the very facts it held when it was
// returned, and a turn's list of facts has no room to grow into the next
// turn's.
func TestTheTurnsDecidedEarlierKeepTheirFacts(t *testing.T) {
	t.Parallel()
	s := reducer.New(3, content.Default())
	s.Wizard = true
	var turns []events.Turn
	var when []string
	cmd := events.Command(&events.Begin{})
	for s.Turn < 3000 {
		if s.Turn > 0 {
			cmd = bot.Choose(s)
		}
		turn := reducer.DecideOrWait(t, s, cmd)
		require.Equal(t, len(turn.Facts), cap(turn.Facts), "turn %d: the list's capacity", s.Turn)
		turns, when = append(turns, turn), append(when, describe(turn))
		require.NoError(t, s.ApplyTurn(&turn))
	}
	for i, turn := range turns {
		assert.Equal(t, when[i], describe(turn), "turn %d", i)
	}
}

// Through a long wizard game the bot plays, what the decider keeps between
// turns and within a turn (the view from where the player stood, the
// monsters' notes, the tiles a search that gave up reached) is, each
// turn, what computing it afresh gives; and every fiftieth turn, the
// actor the notes find on each tile is the one the entities say, and what
// the decider finds each entity holds is what State.Held lists.
//
// Under rules 2, whose crowded deep levels give the notes and the sealed
// tiles the most work; rules 3 caps the monsters on a level.
func TestWhatTheDeciderKeepsIsWhatItWouldCompute(t *testing.T) {
	t.Parallel()
	tables, err := content.ForRules(2)
	require.NoError(t, err)
	s := reducer.New(5, tables)
	s.Wizard = true
	var checked reducer.ScratchChecks
	holders := 0
	cmd := events.Command(&events.Begin{})
	for s.Turn < 20000 {
		if s.Turn > 0 {
			cmd = bot.Choose(s)
		}
		turn := reducer.DecideOrWait(t, s, cmd)
		require.NoError(t, reducer.CheckDeciderScratch(s, &checked), "turn %d", s.Turn)
		if s.Turn%50 == 0 {
			require.NoError(t, reducer.CheckActorAt(s), "turn %d", s.Turn)
			n, err := reducer.CheckHeld(s)
			require.NoError(t, err, "turn %d", s.Turn)
			holders += n
		}
		require.NoError(t, s.ApplyTurn(&turn))
	}
	assert.Greater(t, checked.View, 1000, "views compared")
	assert.Greater(t, checked.Notes, 15000, "notes compared")
	assert.Greater(t, checked.Sealed, 100, "sealed tiles checked")
	assert.Greater(t, holders, 1000, "holders checked")
}

func describe(t events.Turn) string {
	out := fmt.Sprintf("%d draws:", t.Draws)
	for _, f := range t.Facts {
		out += fmt.Sprintf(" %T%+v", f, f)
	}
	return out
}

// The same under rules 3, whose monsters sleep, flee, summon and shoot.
func TestWhatTheDeciderKeepsIsWhatItWouldComputeUnderRules3(t *testing.T) {
	t.Parallel()
	tables, err := content.ForRules(3)
	require.NoError(t, err)
	s := reducer.New(5, tables)
	s.Wizard = true
	var checked reducer.ScratchChecks
	cmd := events.Command(&events.Begin{})
	for s.Turn < 10000 {
		if s.Turn > 0 {
			cmd = bot.Choose(s)
		}
		turn := reducer.DecideOrWait(t, s, cmd)
		require.NoError(t, reducer.CheckDeciderScratch(s, &checked), "turn %d", s.Turn)
		if s.Turn%50 == 0 {
			require.NoError(t, reducer.CheckActorAt(s), "turn %d", s.Turn)
			_, err := reducer.CheckHeld(s)
			require.NoError(t, err, "turn %d", s.Turn)
		}
		require.NoError(t, s.ApplyTurn(&turn))
	}
	assert.Greater(t, checked.Notes, 5000, "notes compared")
}
