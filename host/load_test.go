package host

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/online"
)

// The load tool plays its games and times what its spectators see: every
// spectator connects and stays, each game's turns come back to the
// player and to the spectators, and it stops by itself.
func TestALoadPlaysItsGamesAndItsSpectatorsSeeTheTurns(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		tok := signUp(t, base, "loader")
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		var phases []string
		r, err := online.Load(ctx, base, tok, online.LoadConfig{Games: 3, Pace: 20, Turns: 1 << 20, Watchers: 6,
			For: 2 * time.Second, Progress: func(p string) { phases = append(phases, p) }})
		require.NoError(t, err)
		assert.Equal(t, []string{"games connected", "spectators connected", "measuring"}, phases)
		assert.Equal(t, []int{3, 6, 0}, []int{r.Games, r.Watchers, r.Dropped})
		assert.Positive(t, r.Command.Count, "turns were played")
		assert.Positive(t, r.Spectator.Count, "spectators saw turns")
		assert.LessOrEqual(t, r.Command.P50, r.Command.P99)
		assert.InDelta(t, 2, r.Seconds, 1)
	})
}
