package reducer

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/content"
)

// Test arenas are built from facts, the way a journal builds a game: a
// 20x12 level with two rooms joined by a corridor, the player on (2,2)
// wearing the starting Dagger and Leather Armor (ids 2 and 3), Normal
// hunger that never runs out.
const (
	playerID = events.PlayerID
	daggerID = events.EntityID(2)
	armorID  = events.EntityID(3)
)

// tablesOf is the content of rules version v. The rules tests pin rules 1
// unless they say otherwise: every rules-1 journal must keep deciding
// what it decided.
func tablesOf(v int) *content.Tables {
	t, err := content.ForRules(v)
	if err != nil {
		panic(err)
	}
	return t
}

func code(t testing.TB, name string) int {
	t.Helper()
	c, ok := tablesOf(1).ByName(name)
	require.True(t, ok, "no content named %s", name)
	return c
}

func arena(t testing.TB) *State {
	t.Helper()
	return arenaOf(t, 1)
}

// arenaOf is the arena under rules version v (the player's HP is full at
// level 1 under either: 10 or 30).
func arenaOf(t testing.TB, v int) *State {
	t.Helper()
	s := New(1, tablesOf(v))
	begin := events.Turn{Command: &events.Begin{}, Facts: []events.Fact{
		&events.LevelEntered{Depth: 1, Width: 20, Height: 12,
			Rooms:     []events.Rect{{X: 1, Y: 1, W: 8, H: 5}, {X: 12, Y: 1, W: 6, H: 9}},
			Corridors: []events.Corridor{{From: events.Pos{X: 4, Y: 3}, To: events.Pos{X: 14, Y: 5}, HorizontalFirst: true}},
			Stairs:    events.Pos{X: 15, Y: 8}, Arrival: events.Pos{X: 2, Y: 2}},
		&events.Spawned{ID: playerID, Kind: code(t, "Player"), Pos: events.Pos{X: 2, Y: 2}, HP: playerHP(tablesOf(v).Rules, 0, 1)},
		&events.Spawned{ID: daggerID, Kind: code(t, "Dagger"), Holder: playerID, Slot: events.MainHand},
		&events.Spawned{ID: armorID, Kind: code(t, "Leather Armor"), Holder: playerID, Slot: events.Torso},
		&events.HungerChanged{Actor: playerID, Hunger: events.Normal},
	}}
	require.NoError(t, s.ApplyTurn(&begin))
	return s
}

// put spawns an entity of the named kind on the map (or held, with a slot)
// and returns its id.
func put(t testing.TB, s *State, name string, at events.Pos, holder events.EntityID, slot events.Slot) events.EntityID {
	t.Helper()
	id := s.NextID
	hp := 0
	if m := s.content.Monster(code(t, name)); m != nil {
		hp = 1 + m.Level*max(1, 8+Bonus(m.Attributes[events.Fitness]))
	}
	require.NoError(t, s.Apply(&events.Spawned{ID: id, Kind: code(t, name), Pos: at, Holder: holder, Slot: slot, HP: hp}))
	return id
}

// decide runs one command with scripted rolls, requires every scripted roll
// used, and returns the turn.
func decide(t testing.TB, s *State, cmd events.Command, rolls ...int) events.Turn {
	t.Helper()
	script := diceScript(rolls)
	turn, err := DecideWith(s, cmd, script)
	require.NoError(t, err)
	require.Zero(t, script.Left(), "scripted rolls left unused")
	return turn
}

// play decides a command and folds it into s.
func play(t testing.TB, s *State, cmd events.Command, rolls ...int) events.Turn {
	t.Helper()
	turn := decide(t, s, cmd, rolls...)
	require.NoError(t, s.ApplyTurn(&turn))
	return turn
}

func at(x, y int) events.Pos { return events.Pos{X: x, Y: y} }
