package bot_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// discard is a journal that keeps nothing: these tests only watch the state.
type discard struct{}

func (discard) Append(*events.Turn) error { return nil }

// botGame starts a bot game of the given seed.
func botGame(t *testing.T, seed uint64, wizard bool) *game.Game {
	t.Helper()
	h := game.NewHeader(seed, "bot", journal.Options{Wizard: wizard})
	g, err := game.Start(h, content.Default(), discard{})
	require.NoError(t, err)
	return g
}

// progress is what a game that goes somewhere changes now and then.
type progress struct{ depth, xp int }

func progressOf(s *reducer.State) progress {
	return progress{depth: s.Depth, xp: s.Player().XP}
}

// The seed-1 wizard game once reached depth 24 near turn 4900 and then
// stepped north-west and south-east for good, chasing an Orc that never
// came (TestTheBotLeavesAFoeOutOfRangeAlone); without that, it waited for
// good on depth 33 (TestTheBotCutsThroughAMonsterBlockingTheWay). Every
// 500 turns of the game's first 8000 must now see a new depth or
// experience.
func TestTheBotKeepsMakingProgress(t *testing.T) {
	t.Parallel()
	const turns, window = 8000, 500
	g := botGame(t, 1, true)
	var stalled []int // the turns at which a window without progress ended
	last := progressOf(g.State)
	for g.State.Turn < turns {
		require.NoError(t, g.PlayWith(bot.Strong{}, g.State.Turn+window))
		now := progressOf(g.State)
		if now == last {
			stalled = append(stalled, g.State.Turn)
		}
		last = now
	}
	assert.Equal(t, []int(nil), stalled, "turns ending %d turns with no new depth or experience", window)
}

// level is a state of one long 24x5 room with the player at (2,2), the
// stairs at (1,1), starving with nothing to eat, then the given spawns.
func level(t *testing.T, extra ...events.Spawned) *reducer.State {
	t.Helper()
	return levelAt(t, 1, extra...)
}

// levelAt is level at the given depth.
func levelAt(t *testing.T, depth int, extra ...events.Spawned) *reducer.State {
	t.Helper()
	tables := content.Default()
	kind := func(name string) int {
		c, ok := tables.ByName(name)
		require.True(t, ok, name)
		return c
	}
	s := reducer.New(1, tables)
	facts := []events.Fact{
		&events.LevelEntered{Depth: depth, Width: 30, Height: 8,
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
	t.Parallel()
	orc, ok := content.Default().ByName("Orc")
	require.True(t, ok)
	s := level(t, events.Spawned{Kind: orc, Pos: events.Pos{X: 10, Y: 3}, HP: 9})
	require.True(t, s.CanSee(events.Pos{X: 10, Y: 3}), "the Orc is in view")
	assert.Equal(t, events.Command(&events.Move{Dir: events.NorthWest}), bot.Choose(s))
}

// Seed 1 in wizard mode, once it no longer chased that Orc, waited from
// turn ~3700 on depth 33: the one corridor to the stairs held a monster
// that could not see it, so the walk around monsters found no way and
// the starving bot had nothing else to do. It now walks through: the
// first step into the monster is an attack.
func TestTheBotCutsThroughAMonsterBlockingTheWay(t *testing.T) {
	t.Parallel()
	tables := content.Default()
	kind := func(name string) int {
		c, ok := tables.ByName(name)
		require.True(t, ok, name)
		return c
	}
	s := reducer.New(1, tables)
	require.NoError(t, s.ApplyTurn(&events.Turn{Command: &events.Begin{}, Facts: []events.Fact{
		&events.LevelEntered{Depth: 1, Width: 30, Height: 6,
			Rooms:     []events.Rect{{X: 1, Y: 2, W: 5, H: 1}, {X: 20, Y: 1, W: 5, H: 3}},
			Corridors: []events.Corridor{{From: events.Pos{X: 5, Y: 2}, To: events.Pos{X: 20, Y: 2}, HorizontalFirst: true}},
			Stairs:    events.Pos{X: 22, Y: 2}, Arrival: events.Pos{X: 2, Y: 2}},
		&events.Spawned{ID: 1, Kind: kind("Player"), Pos: events.Pos{X: 2, Y: 2}, HP: 10},
		&events.Spawned{ID: 2, Kind: kind("Dagger"), Holder: 1, Slot: events.MainHand},
		&events.HungerChanged{Actor: 1, Hunger: events.Starving},
		&events.Spawned{ID: 3, Kind: kind("Orc"), Pos: events.Pos{X: 15, Y: 2}, HP: 9},
	}}))
	require.False(t, s.CanSee(events.Pos{X: 15, Y: 2}), "the Orc is out of view")
	assert.Equal(t, events.Command(&events.Move{Dir: events.East}), bot.Choose(s))
}

// The seed-1 wizard game carried 20 Daggers (every Orc drops one) and no
// food: a full backpack of gear no better than what it wore left no room
// for a Ration. Gear that does not beat what is worn is junk: dropped where
// nothing worth having lies, and not picked up again.
func TestTheBotDropsJunkAndLeavesItLying(t *testing.T) {
	t.Parallel()
	dagger, ok := content.Default().ByName("Dagger")
	require.True(t, ok)
	carried := level(t, events.Spawned{Kind: dagger, Holder: 1})
	assert.Equal(t, events.Command(&events.Drop{Item: 4}), bot.Choose(carried), "a second Dagger is dropped")
	lying := level(t, events.Spawned{Kind: dagger, Pos: events.Pos{X: 2, Y: 2}})
	assert.Equal(t, events.Command(&events.Move{Dir: events.NorthWest}), bot.Choose(lying), "a second Dagger is left lying")
}

// The reducer makes no level below depth 1000 (a Descend there once
// stopped the 200 000-turn seed-1 wizard game with "depth 1001 is not in
// 1..1000"). At the bottom the bot stays: it explores (here, the room's
// far end), then hunts down what is left.
func TestTheBotStaysAtTheBottom(t *testing.T) {
	t.Parallel()
	orc, ok := content.Default().ByName("Orc")
	require.True(t, ok)
	s := levelAt(t, 1000, events.Spawned{Kind: orc, Pos: events.Pos{X: 24, Y: 5}, HP: 9})
	s.Player().Pos = s.Level.Stairs
	require.False(t, s.CanSee(events.Pos{X: 24, Y: 5}), "the Orc is out of view")
	assert.Equal(t, events.Command(&events.Move{Dir: events.East}), bot.Choose(s))
}

// Starving with nothing to eat, the bot hurries to the stairs (the next
// level may have food), but not in wizard mode, where hunger cannot kill:
// there it explores the level first, as a fed bot does.
func TestTheBotHurriesDownStarvingUnlessItCannotDie(t *testing.T) {
	t.Parallel()
	s := level(t)
	assert.Equal(t, events.Command(&events.Move{Dir: events.NorthWest}), bot.Choose(s), "starving")
	s.Wizard = true
	assert.Equal(t, events.Command(&events.Move{Dir: events.NorthEast}), bot.Choose(s), "starving in wizard mode: toward the unexplored east")
}
