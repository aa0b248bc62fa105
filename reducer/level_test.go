package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

func TestLevellingUp(t *testing.T) {
	t.Parallel()
	s := arena(t)
	require.NoError(t, s.Apply(&events.GainedXP{Actor: playerID, Amount: 1000}))
	require.True(t, s.LevelUpPending())

	_, err := Decide(s, &events.Wait{})
	assert.Equal(t, &Refusal{Reason: "choose an attribute to raise first"}, err, "the game waits for the choice")

	turn := play(t, s, &events.ChooseAttribute{Attribute: events.Fitness})
	// Fitness 12 (+1) at level 2: (10 + 1) * 2 = 22 HP; mana max(1, 4) * 2.
	assert.Equal(t, []events.Fact{
		&events.LevelledUp{Actor: playerID, Level: 2, Attribute: events.Fitness, HP: 22, Mana: 8},
	}, turn.Facts)
	p := s.Player()
	assert.Equal(t, [4]int{11, 12, 11, 11}, p.Attributes)
	assert.Equal(t, 22, p.HP)
	assert.Equal(t, 22, s.MaxHP(p))
	assert.False(t, s.LevelUpPending(), "the next level needs 2000")

	_, err = Decide(s, &events.ChooseAttribute{Attribute: events.Might})
	assert.Equal(t, &Refusal{Reason: "there is no level to gain"}, err)
}

func TestMaxHPFollowsFitnessLevelAndWornItems(t *testing.T) {
	t.Parallel()
	tables := tablesOf(1)
	s := arena(t)
	p := s.Player()
	assert.Equal(t, 10, s.MaxHP(p))
	p.Attributes[events.Fitness] = 15 // +2
	p.Level = 3
	assert.Equal(t, (10+2)*3, s.MaxHP(p))
	goblin := s.Get(put(t, s, "Goblin", at(5, 5), 0, events.SlotNone))
	assert.Equal(t, 1+1*8, s.MaxHP(goblin))
	troll := s.Get(put(t, s, "Troll", at(6, 5), 0, events.SlotNone))
	assert.Equal(t, 1+3*(8+2), s.MaxHP(troll))
	_ = tables
}

func TestBonusTruncatesTowardZero(t *testing.T) {
	t.Parallel()
	got := map[int]int{}
	for _, v := range []int{3, 8, 9, 10, 11, 12, 13, 14, 20} {
		got[v] = Bonus(v)
	}
	assert.Equal(t, map[int]int{3: -3, 8: -1, 9: 0, 10: 0, 11: 0, 12: 1, 13: 1, 14: 2, 20: 5}, got)
}

func TestDescending(t *testing.T) {
	t.Parallel()
	s := arena(t)
	potion := put(t, s, "Health Potion", at(0, 0), playerID, events.SlotNone)
	floorItem := put(t, s, "Ration", at(3, 3), 0, events.SlotNone)
	put(t, s, "Goblin", at(15, 2), 0, events.SlotNone)

	_, err := Decide(s, &events.Descend{})
	assert.Equal(t, &Refusal{Reason: "there are no stairs down here"}, err)

	s.Player().Pos = s.Level.Stairs
	s.Player().HP = 4
	turn, err := Decide(s, &events.Descend{})
	require.NoError(t, err)
	require.NoError(t, s.ApplyTurn(&turn))
	entered, ok := turn.Facts[0].(*events.LevelEntered)
	require.True(t, ok, "the first fact is the new level")
	assert.Equal(t, 2, entered.Depth)
	assert.Equal(t, 2, s.Depth)
	assert.Equal(t, entered.Arrival, s.Player().Pos)
	assert.Equal(t, 4, s.Player().HP, "no free healing")
	assert.NotNil(t, s.Get(potion), "the backpack comes along")
	assert.NotNil(t, s.Get(daggerID), "worn gear comes along")
	assert.Nil(t, s.Get(floorItem), "what lay on the old level is gone")
	for _, f := range turn.Facts[1:] {
		sp, ok := f.(*events.Spawned)
		require.True(t, ok, "after the level come its spawns, got %T", f)
		assert.Greater(t, sp.ID, floorItem)
	}
}

// The stairs of the deepest level lead nowhere: the rules refuse rather
// than make a level no fold accepts.
func TestTheBottomOfTheDungeonHasNoWayDown(t *testing.T) {
	t.Parallel()
	s := arena(t)
	s.Depth, s.Level.Depth = events.MaxDepth, events.MaxDepth
	s.Player().Pos = s.Level.Stairs
	_, err := Decide(s, &events.Descend{})
	assert.Equal(t, &Refusal{Reason: "these stairs lead nowhere: this is the bottom of the dungeon"}, err)

	s.Depth, s.Level.Depth = events.MaxDepth-1, events.MaxDepth-1
	turn, err := Decide(s, &events.Descend{})
	require.NoError(t, err)
	require.NoError(t, s.ApplyTurn(&turn))
	assert.Equal(t, events.MaxDepth, s.Depth)
}
