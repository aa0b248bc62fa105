package bot

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

// room is a state with the player at (2,2) of one 8x5 room, wearing the
// Dagger (id 2) and Leather Armor (id 3), then the given extra spawns.
func room(t *testing.T, extra ...events.Spawned) *reducer.State {
	t.Helper()
	rules1, err := content.ForRules(1) // the states here are rules 1's: 10 HP is full health
	require.NoError(t, err)
	s := reducer.New(1, rules1)
	facts := []events.Fact{
		&events.LevelEntered{Depth: 1, Width: 20, Height: 12,
			Rooms: []events.Rect{{X: 1, Y: 1, W: 8, H: 5}}, Stairs: events.Pos{X: 7, Y: 4}, Arrival: events.Pos{X: 2, Y: 2}},
		&events.Spawned{ID: 1, Kind: code(t, "Player"), Pos: events.Pos{X: 2, Y: 2}, HP: 10},
		&events.Spawned{ID: 2, Kind: code(t, "Dagger"), Holder: 1, Slot: events.MainHand},
		&events.Spawned{ID: 3, Kind: code(t, "Leather Armor"), Holder: 1, Slot: events.Torso},
		&events.HungerChanged{Actor: 1, Hunger: events.Normal},
	}
	for i := range extra {
		extra[i].ID = events.EntityID(4 + i)
		facts = append(facts, &extra[i])
	}
	require.NoError(t, s.ApplyTurn(&events.Turn{Command: &events.Begin{}, Facts: facts}))
	return s
}

func TestTheBotChooses(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		setup func(t *testing.T) *reducer.State
		want  events.Command
	}{
		{"to attack an adjacent rat", func(t *testing.T) *reducer.State {
			return room(t, events.Spawned{Kind: code(t, "Rat"), Pos: events.Pos{X: 3, Y: 3}, HP: 5})
		}, &events.Move{Dir: events.SouthEast}},
		{"to attack the adjacent goblin nearest death first", func(t *testing.T) *reducer.State {
			s := room(t, events.Spawned{Kind: code(t, "Goblin"), Pos: events.Pos{X: 3, Y: 3}, HP: 9},
				events.Spawned{Kind: code(t, "Goblin"), Pos: events.Pos{X: 3, Y: 1}, HP: 2})
			s.Player().Attributes[events.Might] = 18   // strong enough to stand and fight,
			s.Player().Attributes[events.Fitness] = 14 // and more than both can deal in a turn
			s.Player().HP = 12
			return s
		}, &events.Move{Dir: events.NorthEast}},
		{"to let a goblin two steps away come to it, to strike first", func(t *testing.T) *reducer.State {
			s := room(t, events.Spawned{Kind: code(t, "Goblin"), Pos: events.Pos{X: 4, Y: 3}, HP: 9})
			s.Player().Attributes[events.Might] = 18
			return s
		}, &events.Wait{}},
		{"to run for the stairs when the goblin next to it could kill it", func(t *testing.T) *reducer.State {
			s := room(t, events.Spawned{Kind: code(t, "Goblin"), Pos: events.Pos{X: 2, Y: 1}, HP: 9})
			s.Player().HP = 5
			return s
		}, &events.Move{Dir: events.SouthEast}},
		{"to stand and fight a goblin at full health", func(t *testing.T) *reducer.State {
			return room(t, events.Spawned{Kind: code(t, "Goblin"), Pos: events.Pos{X: 2, Y: 1}, HP: 9})
		}, &events.Move{Dir: events.North}},
		{"to take the stairs away from a fight it expects to lose", func(t *testing.T) *reducer.State {
			s := room(t, events.Spawned{Kind: code(t, "Orc"), Pos: events.Pos{X: 6, Y: 3}, HP: 17})
			s.Player().Pos = events.Pos{X: 7, Y: 4}
			return s
		}, &events.Descend{}},
		{"to drink a potion when the goblin next to it could kill it", func(t *testing.T) *reducer.State {
			s := room(t, events.Spawned{Kind: code(t, "Health Potion"), Holder: 1},
				events.Spawned{Kind: code(t, "Goblin"), Pos: events.Pos{X: 1, Y: 2}, HP: 9})
			s.Player().Pos = events.Pos{X: 1, Y: 1} // cornered: every step off stays next to the goblin
			s.Player().HP = 4
			return s
		}, &events.Use{Item: 4}},
		{"to keep its potion while resting heals", func(t *testing.T) *reducer.State {
			s := room(t, events.Spawned{Kind: code(t, "Health Potion"), Holder: 1})
			s.Player().HP = 4
			return s
		}, &events.Wait{}},
		{"to read magic missile at a goblin it kills, rather than fight it", func(t *testing.T) *reducer.State {
			return room(t, events.Spawned{Kind: code(t, "Magic Missile Scroll"), Holder: 1},
				events.Spawned{Kind: code(t, "Goblin"), Pos: events.Pos{X: 6, Y: 4}, HP: 8})
		}, &events.Use{Item: 4, HasTarget: true, Target: events.Pos{X: 6, Y: 4}}},
		{"to confuse the goblin next to it when losing", func(t *testing.T) *reducer.State {
			s := room(t, events.Spawned{Kind: code(t, "Confusion Scroll"), Holder: 1},
				events.Spawned{Kind: code(t, "Goblin"), Pos: events.Pos{X: 3, Y: 3}, HP: 9})
			s.Player().Pos = events.Pos{X: 2, Y: 4} // every step to the stairs stays next to the goblin
			return s
		}, &events.Use{Item: 4, HasTarget: true, Target: events.Pos{X: 3, Y: 3}}},
		{"to throw a fireball at two goblins where it cannot reach itself", func(t *testing.T) *reducer.State {
			return room(t, events.Spawned{Kind: code(t, "Fireball Scroll"), Holder: 1},
				events.Spawned{Kind: code(t, "Goblin"), Pos: events.Pos{X: 6, Y: 2}, HP: 9},
				events.Spawned{Kind: code(t, "Goblin"), Pos: events.Pos{X: 7, Y: 3}, HP: 9})
		}, &events.Use{Item: 4, HasTarget: true, Target: events.Pos{X: 5, Y: 1}}},
		{"to eat when hungry", func(t *testing.T) *reducer.State {
			s := room(t, events.Spawned{Kind: code(t, "Ration"), Holder: 1})
			s.Apply(&events.HungerChanged{Actor: 1, Hunger: events.Hungry})
			return s
		}, &events.Use{Item: 4}},
		{"to wear better armor", func(t *testing.T) *reducer.State {
			return room(t, events.Spawned{Kind: code(t, "Chain Mail"), Holder: 1})
		}, &events.Use{Item: 4}},
		{"to pick up what lies underfoot", func(t *testing.T) *reducer.State {
			return room(t, events.Spawned{Kind: code(t, "Ration"), Pos: events.Pos{X: 2, Y: 2}})
		}, &events.PickUp{}},
		{"to rest when hurt and alone", func(t *testing.T) *reducer.State {
			s := room(t)
			s.Player().HP = 6
			return s
		}, &events.Wait{}},
		{"to rest to full health with a meal in the pack", func(t *testing.T) *reducer.State {
			s := room(t, events.Spawned{Kind: code(t, "Ration"), Holder: 1})
			s.Player().HP = 9
			return s
		}, &events.Wait{}},
		{"to go on past seven tenths of its health without one", func(t *testing.T) *reducer.State {
			s := room(t)
			s.Player().HP = 8
			return s
		}, &events.Move{Dir: events.NorthEast}},
		{"to raise an attribute when a level is due", func(t *testing.T) *reducer.State {
			s := room(t)
			s.Apply(&events.GainedXP{Actor: 1, Amount: 1000})
			return s
		}, &events.ChooseAttribute{Attribute: events.Might}},
		{"to take off a dagger once bare hands hit harder", func(t *testing.T) *reducer.State {
			s := room(t)
			s.Player().Attributes[events.Might] = 14
			return s
		}, &events.Remove{Item: 2}},
		{"to go down the stairs once the level is explored", func(t *testing.T) *reducer.State {
			s := room(t)
			s.Player().Pos = events.Pos{X: 7, Y: 4}
			return s
		}, &events.Descend{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := c.setup(t)
			assert.Equal(t, c.want, Choose(s))
			assert.Equal(t, c.want, Choose(s), "the same state gives the same command")
		})
	}
}

// Two goblins coming across a room: the bot steps back into the corridor
// at its edge, where they reach it one at a time.
func TestTheBotMeetsAGroupInACorridor(t *testing.T) {
	t.Parallel()
	rules1, err := content.ForRules(1)
	require.NoError(t, err)
	s := reducer.New(1, rules1)
	require.NoError(t, s.ApplyTurn(&events.Turn{Command: &events.Begin{}, Facts: []events.Fact{
		&events.LevelEntered{Depth: 1, Width: 30, Height: 8,
			Rooms:     []events.Rect{{X: 1, Y: 1, W: 8, H: 5}, {X: 20, Y: 1, W: 4, H: 3}},
			Corridors: []events.Corridor{{From: events.Pos{X: 8, Y: 3}, To: events.Pos{X: 21, Y: 3}, HorizontalFirst: true}},
			Stairs:    events.Pos{X: 22, Y: 2}, Arrival: events.Pos{X: 8, Y: 3}},
		&events.Spawned{ID: 1, Kind: code(t, "Player"), Pos: events.Pos{X: 8, Y: 3}, HP: 10},
		&events.Spawned{ID: 2, Kind: code(t, "Dagger"), Holder: 1, Slot: events.MainHand},
		&events.HungerChanged{Actor: 1, Hunger: events.Normal},
		&events.Spawned{ID: 3, Kind: code(t, "Goblin"), Pos: events.Pos{X: 3, Y: 2}, HP: 9},
		&events.Spawned{ID: 4, Kind: code(t, "Goblin"), Pos: events.Pos{X: 3, Y: 4}, HP: 9},
	}}))
	s.Player().Attributes[events.Might] = 18 // it means to fight them
	require.True(t, s.CanSee(events.Pos{X: 3, Y: 2}) && s.CanSee(events.Pos{X: 3, Y: 4}), "the goblins are in view")
	assert.Equal(t, events.Command(&events.Move{Dir: events.East}), Choose(s), "into the corridor")
	s.Player().Pos = events.Pos{X: 10, Y: 3}
	assert.Equal(t, events.Command(&events.Wait{}), Choose(s), "and waits there")
}

// Past Well Fed with no meal in the pack, the bot takes the stairs once
// it has seen them, the level half explored: a deeper level spawns more
// to a room, food among it. With a Ration it explores on.
func TestTheBotGoesDownForFoodWithNoneInThePack(t *testing.T) {
	t.Parallel()
	level := func(extra ...events.Fact) *reducer.State {
		rules1, err := content.ForRules(1)
		require.NoError(t, err)
		s := reducer.New(1, rules1)
		facts := []events.Fact{
			&events.LevelEntered{Depth: 1, Width: 30, Height: 8,
				Rooms:     []events.Rect{{X: 1, Y: 1, W: 8, H: 5}, {X: 20, Y: 1, W: 4, H: 3}},
				Corridors: []events.Corridor{{From: events.Pos{X: 8, Y: 3}, To: events.Pos{X: 21, Y: 3}, HorizontalFirst: true}},
				Stairs:    events.Pos{X: 2, Y: 3}, Arrival: events.Pos{X: 5, Y: 3}},
			&events.Spawned{ID: 1, Kind: code(t, "Player"), Pos: events.Pos{X: 5, Y: 3}, HP: 10},
			&events.HungerChanged{Actor: 1, Hunger: events.Normal},
		}
		require.NoError(t, s.ApplyTurn(&events.Turn{Command: &events.Begin{}, Facts: append(facts, extra...)}))
		return s
	}
	assert.Equal(t, events.Command(&events.Move{Dir: events.SouthWest}), Choose(level()), "to the stairs")
	fed := level(&events.Spawned{ID: 2, Kind: code(t, "Ration"), Holder: 1})
	assert.Equal(t, events.Command(&events.Move{Dir: events.NorthEast}), Choose(fed), "on toward the corridor")
}
