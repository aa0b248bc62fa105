package auto

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer"
)

// runOrder runs order o on s with r, as a program does, until it stops;
// it returns the reason it stopped.
func runOrder(t *testing.T, r *Runner, s *reducer.State, o Order) string {
	t.Helper()
	if why := r.Start(o, s); why != "" {
		return why
	}
	for n := 0; ; n++ {
		require.Less(t, n, MaxSteps+1, "the job never stops")
		cmd, why := r.Next(s)
		if cmd == nil {
			assert.False(t, r.Working(), "a job that stopped is done")
			return why
		}
		play(t, s, cmd)
	}
}

func TestARunnerWalksToAKnownTileByTheWayTravelGoes(t *testing.T) {
	cases := []struct {
		name string
		goal events.Pos
		want string
		at   events.Pos
	}{
		{"a floor tile of the room", events.Pos{X: 4, Y: 3}, "", events.Pos{X: 4, Y: 3}},
		{"the doorway", events.Pos{X: 6, Y: 2}, "", events.Pos{X: 6, Y: 2}},
		{"where the player stands", events.Pos{X: 2, Y: 2}, "You are there already.", events.Pos{X: 2, Y: 2}},
		{"a wall", events.Pos{X: 0, Y: 0}, "You cannot stand there.", events.Pos{X: 2, Y: 2}},
		{"a tile never seen", events.Pos{X: 20, Y: 12}, "You do not know that place.", events.Pos{X: 2, Y: 2}},
		{"off the map", events.Pos{X: 99, Y: 2}, "You do not know that place.", events.Pos{X: 2, Y: 2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := bend(t)
			var r Runner
			assert.Equal(t, tc.want, runOrder(t, &r, s, Order{Kind: Go, Goal: tc.goal}))
			assert.Equal(t, tc.at, s.Player().Pos)
		})
	}
}

func TestARunnerRunsEveryKindOfJobAndForgetsWhatItSawOnANewGame(t *testing.T) {
	s := bend(t)
	var r Runner
	assert.Equal(t, "Run where?", r.Start(Order{Kind: Run, Dir: events.NumDirs}, s))
	assert.Equal(t, "You have not found the stairs down yet: o explores.", runOrder(t, &r, s, Order{Kind: Travel}))
	assert.Equal(t, "", runOrder(t, &r, s, Order{Kind: Run, Dir: events.East}))
	assert.Equal(t, "", runOrder(t, &r, s, Order{Kind: Run, Dir: events.East}))
	assert.Equal(t, "You reach the stairs down: > descends.", runOrder(t, &r, s, Order{Kind: Travel}))
	require.NotNil(t, r.mem.seen, "the runner keeps what the jobs saw")
	require.Equal(t, "", r.Start(Order{Kind: Go, Goal: events.Pos{X: 2, Y: 2}}, s))
	r.Stop()
	assert.False(t, r.Working())
	cmd, why := r.Next(s)
	assert.Nil(t, cmd)
	assert.Equal(t, "", why)
	r.Forget()
	assert.Equal(t, Runner{}, r)
}
