package auto

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// bounceJournal is a newcomer's game in which explore, at turn 1610,
// went back and forth between (56,12) and (55,11) for hundreds of turns:
// from (55,11) it saw a room's items and stepped towards them; from
// (56,12) they were out of sight, so it stepped towards a frontier the
// other way. The player starved before stepping out by hand.
const bounceJournal = "testdata/explore-bounce.rogue"

// foldWithMemory folds path's first turns, the explore memory seeing
// every turn as a player who pressed o throughout would have.
func foldWithMemory(t *testing.T, path string, turns int) (*reducer.State, *Memory) {
	t.Helper()
	r, err := journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	mem := &Memory{}
	s, _, err := game.Fold(r, content.Default(), turns, func(s *reducer.State, _ *events.Turn) error {
		if s.Player() != nil {
			mem.standOn(s)
			mem.see(s)
		}
		return nil
	})
	require.NoError(t, err)
	return s, mem
}

// walk plays j on s until it stops, and returns the tiles it entered
// and why it stopped.
func walk(t *testing.T, s *reducer.State, j *Job) ([]events.Pos, string) {
	t.Helper()
	var trail []events.Pos
	for {
		cmd, reason := j.Next(s)
		if cmd == nil {
			return trail, reason
		}
		play(t, s, cmd)
		trail = append(trail, s.Player().Pos)
		require.LessOrEqual(t, len(trail), MaxSteps, "the job did not stop: %v", trail)
	}
}

func TestExploreWalksToAnItemItSawWhenAStepHidesIt(t *testing.T) {
	t.Parallel()
	s, mem := foldWithMemory(t, bounceJournal, 1610)
	require.Equal(t, events.Pos{X: 56, Y: 12}, s.Player().Pos)
	j, why := Start(Explore, 0, s, mem)
	require.NotNil(t, j, why)
	trail, reason := walk(t, s, j)
	// Through (55,11), where the room's items come into view, then to
	// the nearest of them, the Fireball Scroll at (56,17), which it
	// keeps going to when the room is out of sight.
	assert.Equal(t, []events.Pos{{X: 55, Y: 13}, {X: 55, Y: 14}, {X: 56, Y: 15}, {X: 57, Y: 16}, {X: 56, Y: 17}}, trail)
	assert.Equal(t, "", reason, "it stops on the item: the log says what lies there")
	assert.Equal(t, "Fireball Scroll", s.Name(s.ItemsAt(s.Player().Pos)[0].ID))
}

func TestExploreRemembersAnItemOutOfSightAndForgetsOneSeenGone(t *testing.T) {
	t.Parallel()
	s, mem := foldWithMemory(t, bounceJournal, 1610)
	scroll := events.Pos{X: 56, Y: 17}
	require.False(t, s.CanSee(scroll), "from (56,12) the room is out of sight")
	var id events.EntityID
	for e, p := range mem.items {
		if p == scroll {
			id = e
		}
	}
	require.NotZero(t, id, "the memory remembers the Fireball Scroll at %v out of sight", scroll)

	// An item remembered on a tile now in view, and not there (taken, say),
	// is forgotten; one out of sight is kept.
	const gone = events.EntityID(1 << 20)
	here := s.Player().Pos
	require.True(t, s.CanSee(here))
	mem.items[gone] = here
	mem.see(s)
	assert.NotContains(t, mem.items, gone)
	assert.Equal(t, scroll, mem.items[id])
}

func TestExploreStopsWhenItEntersATileOftenWithoutLearningAnything(t *testing.T) {
	t.Parallel()
	s := begun(t, 4)
	alone(t, s)
	j, why := Start(Explore, 0, s, nil)
	require.NotNil(t, j, why)
	for n := 1; n < MaxEntries; n++ {
		assert.False(t, j.circling(s), "entry %d", n)
	}
	assert.True(t, j.circling(s), "entry %d", MaxEntries)

	// A tile explored starts the count again: here, a state that knows
	// another number of tiles.
	other := begun(t, 5)
	require.NotEqual(t, s.Explored().Count(), other.Explored().Count())
	assert.False(t, j.circling(other), "after the tiles known change")
}

// On the first level of many games, cleared of monsters, pressing o
// again whenever it stops explores the whole level (or all of it that
// can be reached) without going in circles, each press learning
// something.
func TestExploreNeverGoesInCirclesOnAClearedLevel(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 40; seed++ {
		s := begun(t, seed)
		alone(t, s)
		mem := &Memory{}
		var presses int
		for ; presses < 300; presses++ {
			j, why := Start(Explore, 0, s, mem)
			if j == nil {
				assert.Equal(t, explored(s), why, "seed %d", seed)
				break
			}
			_, reason := walk(t, s, j)
			require.NotEqual(t, "You stop: exploring is leading you in circles.", reason, "seed %d, press %d at %v", seed, presses, s.Player().Pos)
		}
		require.Less(t, presses, 300, "seed %d: explore never finished", seed)
	}
}
