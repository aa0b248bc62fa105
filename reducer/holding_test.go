package reducer_test

import (
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
// snapshot restores it.
func TestTheCountsOfWhatActorsHoldFollowAWholeGame(t *testing.T) {
	t.Parallel()
	// Rules 2, whose Orcs and Ogres wear gear (rules 3's monsters hold
	// only what they steal).
	tables, err := content.ForRules(2)
	require.NoError(t, err)
	s := reducer.New(8, tables)
	s.Wizard = true
	cmd := events.Command(&events.Begin{})
	holdersDied := 0
	for s.Turn < 3000 {
		turn := reducer.DecideOrWait(t, s, cmd)
		for _, f := range turn.Facts {
			if d, ok := f.(*events.Died); ok && d.Actor != events.PlayerID && reducer.Holding(s, d.Actor) > 0 {
				holdersDied++ // it held something when the turn began
			}
		}
		require.NoError(t, s.ApplyTurn(&turn))
		require.NoError(t, reducer.CheckHolding(s), "turn %d", s.Turn)
		cmd = bot.Choose(s)
	}
	assert.Positive(t, holdersDied, "monsters died that had held their gear")
	got, err := reducer.UnmarshalSnapshot(s.MarshalSnapshot(), tables)
	require.NoError(t, err)
	assert.NoError(t, reducer.CheckHolding(got))
	assert.Positive(t, reducer.Holding(got, events.PlayerID))
}
