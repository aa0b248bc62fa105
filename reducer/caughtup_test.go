package reducer_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Through a long wizard game the bot plays (looking at the state, and so
// computing its field of view, between turns), every turn decided from
// the last decision's working copy is the turn a full copy decides: the
// same facts, or the same refusal; and after each turn the copy agrees
// with the state on every rules field, entity and index. (Turn 11 747 of
// this game once moved a troll the player could not see: the copy had
// kept a field of view computed from another place.)
func TestADecisionFromTheLastWorkingCopyIsTheOneAFullCopyMakes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a 12 000-turn game")
	}
	s := reducer.New(2, content.Default())
	s.Wizard = true
	cmd := events.Command(&events.Begin{})
	fromCopy := 0
	for s.Turn < 12_000 {
		if s.Turn > 0 {
			cmd = bot.Choose(s)
		}
		fresh, freshErr := reducer.Decide(s.Clone(), cmd) // a clone has no working copy
		turn, err := reducer.DeciderOf(s).Decide(s, cmd)
		var refusal *reducer.Refusal
		if errors.As(err, &refusal) {
			cmd = &events.Wait{}
			fresh, freshErr = reducer.Decide(s.Clone(), cmd)
			turn, err = reducer.DeciderOf(s).Decide(s, cmd)
		}
		require.Equal(t, freshErr, err, "turn %d", s.Turn)
		require.Equal(t, fresh, turn, "turn %d", s.Turn)
		require.NoError(t, s.ApplyTurn(&turn))
		caughtUp, err := reducer.CheckCaughtUp(s)
		require.NoError(t, err, "turn %d", s.Turn)
		if caughtUp {
			fromCopy++
		}
	}
	assert.Greater(t, fromCopy, 11_000, "turns after which the next decision starts from the working copy")
}
