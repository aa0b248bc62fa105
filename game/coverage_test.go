package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/journal"
	"rogue/reducer/content"
)

// Across 50 bot games of different seeds every fact type occurs, so the
// property test (replay equals play, verify passes) runs over all of them.
// A new fact type the bot never causes fails here, by name. Games of the
// seeds after them are played to their end, until one is won (rules 3's
// Won: about one in five, near turn 8 000).
func TestBotGamesExerciseEveryFactType(t *testing.T) {
	t.Parallel()
	counts := map[events.FactCode]int{}
	for seed := uint64(1); seed <= 80 && (seed <= 50 || counts[events.CodeWon] == 0); seed++ {
		mem, err := journal.NewMemory(NewHeader(seed, "bot", journal.Options{}))
		require.NoError(t, err)
		g, err := Start(mem.Header(), content.Default(), mem)
		require.NoError(t, err)
		turns := 3000
		if seed > 50 {
			turns = 20000
		}
		require.NoError(t, g.PlayWith(bot.Strong{}, turns))
		r, err := mem.Reader()
		require.NoError(t, err)
		var turn events.Turn
		for r.Next(&turn) == nil {
			for _, f := range turn.Facts {
				counts[f.Code()]++
			}
		}
	}
	var never []string
	for _, c := range events.FactCodes() {
		if counts[c] == 0 {
			never = append(never, events.FactName(c))
		}
	}
	assert.Empty(t, never, "fact types no bot game produced")
}
