package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"rogue/events"
	"rogue/reducer/dungeon"
)

func TestSpawnWeightsFollowDepth(t *testing.T) {
	t.Parallel()
	tables := tablesOf(1)
	weights := func(depth int) map[string]int {
		out := map[string]int{}
		for _, e := range tables.Spawns {
			if w := e.WeightAt(depth); w > 0 {
				out[e.Name] = w
			}
		}
		return out
	}
	assert.Equal(t, map[string]int{
		"Rat": 5, "Goblin": 10, "Orc": 2, "Health Potion": 7, "Ration": 3,
		"Magic Missile Scroll": 4, "Fireball Scroll": 3, "Confusion Scroll": 3,
		"Dagger": 3, "Shield": 3,
	}, weights(1))
	assert.Equal(t, map[string]int{
		"Rat": 2, "Goblin": 10, "Orc": 5, "Troll": 2, "Health Potion": 7, "Ration": 3,
		"Magic Missile Scroll": 4, "Fireball Scroll": 6, "Confusion Scroll": 6, "Lightning Scroll": 5,
		"Dagger": 3, "Shield": 3, "Helmet": 3, "Longsword": 3, "Tower Shield": 3, "Sword": 5,
	}, weights(4))
	assert.Equal(t, map[string]int{
		"Goblin": 10, "Orc": 7, "Troll": 4, "Health Potion": 7, "Ration": 3,
		"Magic Missile Scroll": 4, "Fireball Scroll": 8, "Confusion Scroll": 8, "Lightning Scroll": 5,
		"Dagger": 3, "Shield": 3, "Helmet": 5, "Longsword": 5, "Tower Shield": 5, "Sword": 5, "Chain Mail": 15,
	}, weights(6))
}

// A layout of three rooms: the first gets nothing; the others get
// 1d7 + (depth-1) - 3 spawns each, none when that is below 1.
func TestPopulateSpawnsPerRoomFromTheTable(t *testing.T) {
	t.Parallel()
	layout := dungeon.Layout{Width: 30, Height: 12, Rooms: []events.Rect{
		{X: 1, Y: 1, W: 6, H: 6}, {X: 10, Y: 1, W: 6, H: 6}, {X: 20, Y: 1, W: 6, H: 6},
	}}
	s := New(1, tablesOf(1))
	s.NextID = 2
	d := &decider{w: s, turn: 0}
	// Room 2: a 3 on the d7 gives 3 + 0 - 3 = 0 spawns.
	// Room 3: a 5 gives 2 spawns: table roll 5 (Rat has weight 5 at depth 1,
	// so 5 is the first Goblin) on tile 0, then roll 0 (a Rat) on tile 0 of
	// what is left, (21,1).
	d.rng = diceScript([]int{3, 5, 5, 0, 0, 0})
	s.Map, _ = dungeon.Carve(layout.Width, layout.Height, layout.Rooms, nil, events.Pos{X: 3, Y: 3})
	d.populate(layout, 1)
	assert.NoError(t, d.err)
	assert.Equal(t, []events.Fact{
		&events.Spawned{ID: 2, Kind: code(t, "Goblin"), Pos: at(20, 1), HP: 9},
		&events.Spawned{ID: 3, Kind: code(t, "Rat"), Pos: at(21, 1), HP: 6},
	}, d.facts)
}

func TestAnOrcComesWearingItsDagger(t *testing.T) {
	t.Parallel()
	s := arena(t)
	d := &decider{w: s}
	d.spawnKind(code(t, "Orc"), at(5, 5))
	assert.Equal(t, []events.Fact{
		&events.Spawned{ID: 4, Kind: code(t, "Orc"), Pos: at(5, 5), HP: 1 + 2*8},
		&events.Spawned{ID: 5, Kind: code(t, "Dagger"), Holder: 4, Slot: events.MainHand},
	}, d.facts)
	assert.Equal(t, events.EntityID(5), s.Worn(4, events.MainHand).ID)
}
