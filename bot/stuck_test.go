package bot_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// level is a state of one long 24x5 room with the player at (2,2), the
// stairs at (1,1), starving with nothing to eat, then the given spawns.
func level(t *testing.T, extra ...events.Spawned) *reducer.State {
	t.Helper()
	tables := content.Default()
	kind := func(name string) int {
		c, ok := tables.ByName(name)
		require.True(t, ok, name)
		return c
	}
	s := reducer.New(1, tables)
	facts := []events.Fact{
		&events.LevelEntered{Depth: 1, Width: 30, Height: 8,
			Rooms: []events.Rect{{X: 1, Y: 1, W: 24, H: 5}}, Stairs: events.Pos{X: 1, Y: 1}, Arrival: events.Pos{X: 2, Y: 2}},
		&events.Spawned{ID: 1, Kind: kind("Player"), Pos: events.Pos{X: 2, Y: 2}, HP: 10},
		&events.Spawned{ID: 2, Kind: kind("Dagger"), Holder: 1, Slot: events.MainHand},
		&events.Spawned{ID: 3, Kind: kind("Leather Armor"), Holder: 1, Slot: events.Torso},
		&events.HungerChanged{Actor: 1, Hunger: events.Starving},
	}
	for i := range extra {
		extra[i].ID = events.EntityID(4 + i)
		facts = append(facts, &extra[i])
	}
	require.NoError(t, s.ApplyTurn(&events.Turn{Command: &events.Begin{}, Facts: facts}))
	return s
}

// The smallest form of the seed-1 loop: an Orc in view but beyond the
// rules' vision (8 tiles east, 1 south) does not see the player and stays
// put, so walking at it is no fight at all; the starving bot heads for the
// stairs instead.
func TestTheBotLeavesAFoeOutOfRangeAlone(t *testing.T) {
	orc, ok := content.Default().ByName("Orc")
	require.True(t, ok)
	s := level(t, events.Spawned{Kind: orc, Pos: events.Pos{X: 10, Y: 3}, HP: 9})
	require.True(t, s.CanSee(events.Pos{X: 10, Y: 3}), "the Orc is in view")
	assert.Equal(t, events.Command(&events.Move{Dir: events.NorthWest}), bot.Choose(s))
}
