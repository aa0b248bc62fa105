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

// Through a long game the bot plays (monsters spawned with their gear,
// dropping it as they die, the player picking things up, dropping and
// using them, levels left behind), every actor's count of what it holds
// stays the count of the items that name it as their holder, and a
// snapshot restores it. And the working copy each decision leaves behind
// agrees with the state it caught up with, so the next decision may start
// from it: it decides what a full copy decides, though the bot looks at
// the state (computing its field of view) between turns.
func TestTheCountsOfWhatActorsHoldFollowAWholeGame(t *testing.T) {
	s := reducer.New(8, content.Default())
	s.Wizard = true
	cmd := events.Command(&events.Begin{})
	holdersDied, fromCopy := 0, 0
	for s.Turn < 3000 {
		fresh, freshErr := reducer.Decide(s.Clone(), cmd) // a clone starts from a full copy
		turn, err := reducer.Decide(s, cmd)
		require.Equal(t, fresh, turn, "turn %d: decided from the last working copy and from a full copy", s.Turn)
		require.Equal(t, freshErr, err)
		var refusal *reducer.Refusal
		if errors.As(err, &refusal) {
			turn, err = reducer.Decide(s, &events.Wait{})
		}
		require.NoError(t, err, "turn %d", s.Turn)
		for _, f := range turn.Facts {
			if d, ok := f.(*events.Died); ok && d.Actor != events.PlayerID && reducer.Holding(s, d.Actor) > 0 {
				holdersDied++ // it held something when the turn began
			}
		}
		require.NoError(t, s.ApplyTurn(&turn))
		require.NoError(t, reducer.CheckHolding(s), "turn %d", s.Turn)
		caughtUp, err := reducer.CheckCaughtUp(s)
		require.NoError(t, err, "turn %d", s.Turn)
		if caughtUp {
			fromCopy++
		}
		cmd = bot.Choose(s)
	}
	assert.Positive(t, holdersDied, "monsters died that had held their gear")
	assert.Greater(t, fromCopy, 2900, "turns decided from the last turn's working copy")
	got, err := reducer.UnmarshalSnapshot(s.MarshalSnapshot(), content.Default())
	require.NoError(t, err)
	assert.NoError(t, reducer.CheckHolding(got))
	assert.Positive(t, reducer.Holding(got, events.PlayerID))
}
