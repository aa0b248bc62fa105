package bot_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rogue/bot"
)

// What a strong player remembers only saves it work: it plays the very
// game the player without a memory (Choose) plays, level after level.
func TestAStrongPlayerWithAMemoryPlaysAsOneWithout(t *testing.T) {
	t.Parallel()
	for _, seed := range []uint64{2, 5} {
		with, without := botGame(t, seed, false), botGame(t, seed, false)
		p := bot.NewStrong()
		for with.State.Turn < 4000 && !with.State.Over {
			require.NoError(t, with.PlayerTurn(p))
			require.NoError(t, without.PlayerTurn(bot.Strong{}))
			require.Equal(t, without.State.Digest(), with.State.Digest(), "seed %d turn %d", seed, with.State.Turn)
		}
		require.Greater(t, with.State.Depth, 2, "seed %d: the game went down", seed)
	}
}
