package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/auto"
	"rogue/events"
)

// o pressed again and again beside a monster (a key held down) says
// what to do once, not "(x3)".
func TestARefusedJobSaysWhatToDoOnceHoweverOftenItIsAsked(t *testing.T) {
	t.Parallel()
	ss := newTestSession(t, t.TempDir(), 5)
	defer ss.close()
	p := testPlayer(ss)
	s := ss.g.State
	at := events.Pos{X: -1}
	for d := events.Dir(0); d < events.NumDirs && at.X < 0; d++ {
		if q := s.Player().Pos.Add(d); s.Map.Walkable(q) && s.ActorAt(q) == nil {
			at = q
		}
	}
	require.GreaterOrEqual(t, at.X, 0, "a free tile next to the player")
	goblin, ok := s.Content().ByName("Goblin")
	require.True(t, ok)
	require.NoError(t, s.Apply(&events.Spawned{ID: s.NextID, Kind: goblin, Pos: at, HP: 5}))
	for range 3 {
		p.start(auto.Order{Kind: auto.Explore})
	}
	where := auto.WhereIs(s.Player().Pos, at)
	assert.Equal(t, []string{"Not with the Goblin in view (" + where + "): fight or step away."}, p.m.Messages(1))
}
