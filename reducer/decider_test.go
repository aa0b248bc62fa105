package reducer_test

import (
	"errors"
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
	s := reducer.New(3, content.Default())
	s.Wizard = true
	var turns []events.Turn
	var when []string
	cmd := events.Command(&events.Begin{})
	for s.Turn < 3000 {
		if s.Turn > 0 {
			cmd = bot.Choose(s)
		}
		turn, err := reducer.Decide(s, cmd)
		var refusal *reducer.Refusal
		if errors.As(err, &refusal) {
			turn, err = reducer.Decide(s, &events.Wait{})
		}
		require.NoError(t, err, "turn %d", s.Turn)
		require.Equal(t, len(turn.Facts), cap(turn.Facts), "turn %d: the list's capacity", s.Turn)
		turns, when = append(turns, turn), append(when, describe(turn))
		require.NoError(t, s.ApplyTurn(&turn))
	}
	for i, turn := range turns {
		assert.Equal(t, when[i], describe(turn), "turn %d", i)
	}
}

// Through a bot game, what the decider keeps between turns and within a
// turn (the view from where the player stood) is, each turn, what
// computing it afresh gives.
func TestWhatTheDeciderKeepsIsWhatItWouldCompute(t *testing.T) {
	s := reducer.New(5, content.Default())
	s.Wizard = true
	checked := 0
	cmd := events.Command(&events.Begin{})
	for s.Turn < 5000 {
		if s.Turn > 0 {
			cmd = bot.Choose(s)
		}
		turn, err := reducer.Decide(s, cmd)
		var refusal *reducer.Refusal
		if errors.As(err, &refusal) {
			turn, err = reducer.Decide(s, &events.Wait{})
		}
		require.NoError(t, err, "turn %d", s.Turn)
		n, err := reducer.CheckDeciderScratch(s)
		require.NoError(t, err, "turn %d", s.Turn)
		checked += n
		require.NoError(t, s.ApplyTurn(&turn))
	}
	assert.Greater(t, checked, 500, "caches compared")
}

func describe(t events.Turn) string {
	out := fmt.Sprintf("%d draws:", t.Draws)
	for _, f := range t.Facts {
		out += fmt.Sprintf(" %T%+v", f, f)
	}
	return out
}
