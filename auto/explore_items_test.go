package auto

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer"
)

// exploreAll presses o on s until explore will not start (or 60 times),
// as a player does, the memory watching every turn as the program's
// does; it returns the items on the tiles where explore stopped quietly
// (on an item: the log says what lies there), by name, in order.
func exploreAll(t *testing.T, s *reducer.State, mem *Memory) []string {
	t.Helper()
	var stops []string
	for range 60 {
		j, _ := Start(Explore, 0, s, mem)
		if j == nil {
			break
		}
		for {
			cmd, reason := j.Next(s)
			if cmd == nil {
				if reason == "" {
					for _, it := range s.ItemsAt(s.Player().Pos) {
						stops = append(stops, s.Name(it.ID))
					}
				}
				break
			}
			play(t, s, cmd)
			mem.Watch(s)
		}
		if s.Hunger != events.WellFed {
			break
		}
	}
	return stops
}

// Seed 3's first level holds three Daggers, besides potions and scrolls:
// the player starts with one, and a second is no find.
func TestExploreNeitherStopsOnNorWalksToGearOfAKindThePlayerHolds(t *testing.T) {
	t.Parallel()
	s := begun(t, 3)
	alone(t, s)
	stops := exploreAll(t, s, &Memory{})
	require.NotEmpty(t, stops, "explore stopped on the potions and scrolls")
	assert.NotContains(t, stops, "Dagger")
}

// With the backpack full, explore takes nothing it stands on (but gear
// it would wear at once, or the goal): it neither walks to the items it
// sees nor stops on one it crosses.
func TestExploreWithAFullBackpackStopsOnNothingItCannotTake(t *testing.T) {
	t.Parallel()
	s := begun(t, 3)
	alone(t, s)
	ration, ok := s.Content().ByName("Ration")
	require.True(t, ok)
	for len(s.Backpack(events.PlayerID)) < s.Content().Rules.Backpack {
		require.NoError(t, s.Apply(&events.Spawned{ID: s.NextID, Kind: ration, Holder: events.PlayerID}))
	}
	dagger, ok := s.Content().ByName("Dagger")
	require.True(t, ok)
	require.False(t, s.CanTake(ration))
	require.False(t, s.CanTake(dagger), "the player wields a Dagger already")
	assert.Empty(t, exploreAll(t, s, &Memory{}))
}

// An item the player drops is no news: explore, pressed a step away,
// does not walk back to it.
func TestExploreDoesNotWalkBackToAnItemThePlayerDropped(t *testing.T) {
	t.Parallel()
	s := begun(t, 3)
	alone(t, s)
	mem := &Memory{}
	mem.Watch(s)
	var potion *reducer.Entity
	for _, it := range s.Backpack(events.PlayerID) {
		if s.Name(it.ID) == "Health Potion" {
			potion = it
		}
	}
	require.NotNil(t, potion)
	play(t, s, &events.Drop{Item: potion.ID})
	mem.Watch(s)
	dropped := s.Player().Pos
	for d := events.Dir(0); d < events.NumDirs; d++ {
		if q := dropped.Add(d); s.Map.Walkable(q) && len(s.ItemsAt(q)) == 0 {
			play(t, s, &events.Move{Dir: d})
			mem.Watch(s)
			break
		}
	}
	require.NotEqual(t, dropped, s.Player().Pos)
	j, why := Start(Explore, 0, s, mem)
	require.NotNil(t, j, why)
	trail, _ := walk(t, s, j)
	assert.NotContains(t, trail, dropped, "explore walked back to the potion dropped at %v", dropped)
}
