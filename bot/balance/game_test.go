package balance

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

func code(t *testing.T, name string) int {
	t.Helper()
	c, ok := content.Default().ByName(name)
	require.True(t, ok)
	return c
}

// A watcher counts what the player used up, by the kind each item was
// spawned as, and the damage it took on each depth (hits, shots and
// other damage, not misses nor the damage it dealt) and the monsters'
// hits among it, and reads depth,
// level and death from the final state.
func TestAWatcherSumsUpAGameFromItsTurns(t *testing.T) {
	t.Parallel()
	s := reducer.New(1, content.Default())
	w := NewWatcher()
	turns := []events.Turn{
		{Command: &events.Begin{}, Facts: []events.Fact{
			&events.LevelEntered{Depth: 1, Width: 20, Height: 12,
				Rooms: []events.Rect{{X: 1, Y: 1, W: 8, H: 5}}, Stairs: events.Pos{X: 7, Y: 4}, Arrival: events.Pos{X: 2, Y: 2}},
			&events.Spawned{ID: 1, Kind: code(t, "Player"), Pos: events.Pos{X: 2, Y: 2}, HP: 10},
			&events.Spawned{ID: 2, Kind: code(t, "Health Potion"), Holder: 1},
			&events.Spawned{ID: 3, Kind: code(t, "Health Potion"), Holder: 1},
			&events.Spawned{ID: 4, Kind: code(t, "Ration"), Holder: 1},
			&events.Spawned{ID: 5, Kind: code(t, "Goblin"), Pos: events.Pos{X: 3, Y: 3}, HP: 9},
			&events.Spawned{ID: 6, Kind: code(t, "Health Potion"), Holder: 5},
			&events.Spawned{ID: 7, Kind: code(t, "Wand of Striking"), Holder: 1, HP: 3},
		}},
		{Command: &events.Wait{}, Facts: []events.Fact{&events.Consumed{Actor: 1, Item: 2},
			&events.Attacked{Attacker: 5, Target: 1, Hit: true, Damage: 3},
			&events.Attacked{Attacker: 5, Target: 1, Hit: false},
			&events.Attacked{Attacker: 1, Target: 5, Hit: true, Damage: 4},
			&events.Damaged{Actor: 1, Amount: 2},
			&events.Shot{Attacker: 5, Target: 1, Hit: true, Damage: 6},
			&events.Shot{Attacker: 5, Target: 1, Hit: false}}},
		{Command: &events.Wait{}, Facts: []events.Fact{&events.Zapped{Actor: 1, Item: 7}}},
		{Command: &events.Wait{}, Facts: []events.Fact{&events.Consumed{Actor: 1, Item: 4}}},
		{Command: &events.Wait{}, Facts: []events.Fact{&events.Consumed{Actor: 5, Item: 6}}},
		{Command: &events.Wait{}, Facts: []events.Fact{&events.Consumed{Actor: 1, Item: 3}}},
		{Command: &events.Wait{}, Facts: []events.Fact{&events.Died{Actor: 1, Cause: events.CauseMelee, Killer: 5}}},
	}
	maxHP := 0 // the rules' max HP of the player on entering depth 1
	for i := range turns {
		require.NoError(t, s.ApplyTurn(&turns[i]))
		w.Turn(s, &turns[i])
		if i == 0 {
			maxHP = s.MaxHP(s.Player())
		}
	}
	assert.Equal(t, Game{Seed: 42, Turns: 7, Depth: 1, Level: 1, Died: true, Cause: "slain by a Goblin",
		// Two hits (3 by a blow, 6 by a shot), each its share of max HP.
		Depths: []Depth{{Depth: 1, MaxHP: maxHP, Lost: 11, Hits: 2, HitShares: 3_000_000/maxHP + 6_000_000/maxHP}},
		Used:   map[string]int{"Health Potion": 2, "Ration": 1, "Wand of Striking": 1}}, w.Game(42, s))
}

// A game the player won is a victory, not a death, though the state is
// over either way.
func TestAWatcherCountsAVictoryNotADeath(t *testing.T) {
	t.Parallel()
	s := reducer.New(1, content.Default())
	w := NewWatcher()
	turns := []events.Turn{
		{Command: &events.Begin{}, Facts: []events.Fact{
			&events.LevelEntered{Depth: 1, Width: 20, Height: 12,
				Rooms: []events.Rect{{X: 1, Y: 1, W: 8, H: 5}}, Stairs: events.Pos{X: 7, Y: 4}, Arrival: events.Pos{X: 2, Y: 2}},
			&events.Spawned{ID: 1, Kind: code(t, "Player"), Pos: events.Pos{X: 2, Y: 2}, HP: 10},
			&events.Spawned{ID: 2, Kind: code(t, "Health Potion"), Holder: 1},
		}},
		{Command: &events.PickUp{}, Facts: []events.Fact{&events.Won{Actor: 1, Item: 2}}},
	}
	for i := range turns {
		require.NoError(t, s.ApplyTurn(&turns[i]))
		w.Turn(s, &turns[i])
	}
	require.True(t, s.Over)
	g := w.Game(3, s)
	assert.Equal(t, Game{Seed: 3, Turns: 2, Depth: 1, Level: 1, Won: true,
		Depths: []Depth{{Depth: 1, MaxHP: s.MaxHP(s.Player()), Lost: 0}}, Used: map[string]int{}}, g)
	assert.True(t, g.Ended())
}
