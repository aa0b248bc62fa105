package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// putItem3 spawns an item of rules 3 by name, on the map or held (with a
// slot); hp is a wand's charges.
func putItem3(t testing.TB, s *State, name string, at events.Pos, holder events.EntityID, slot events.Slot, hp int) events.EntityID {
	t.Helper()
	c, ok := tablesOf(3).ByName(name)
	require.True(t, ok, "no content of rules 3 named %s", name)
	id := s.NextID
	require.NoError(t, s.Apply(&events.Spawned{ID: id, Kind: c, Pos: at, Holder: holder, Slot: slot, HP: hp}))
	return id
}

func TestPickingOneItemFromAPile(t *testing.T) {
	t.Parallel()
	t.Run("takes the chosen item under rules 3", func(t *testing.T) {
		s := arenaOf(t, 3)
		putItem3(t, s, "Health Potion", at(2, 2), 0, events.SlotNone, 0)
		wand := putItem3(t, s, "Wand of Striking", at(2, 2), 0, events.SlotNone, 3)
		turn := play(t, s, &events.PickUpItem{Item: wand})
		assert.Equal(t, []events.Fact{&events.PickedUp{Actor: playerID, Item: wand}}, turn.Facts)
		assert.Equal(t, []*Entity{s.Get(wand)}, s.Backpack(playerID))
	})
	t.Run("puts on a chosen ring at once when the ring slot is empty", func(t *testing.T) {
		s := arenaOf(t, 3)
		putItem3(t, s, "Health Potion", at(2, 2), 0, events.SlotNone, 0)
		ring := putItem3(t, s, "Ring of Protection", at(2, 2), 0, events.SlotNone, 0)
		turn := play(t, s, &events.PickUpItem{Item: ring})
		assert.Equal(t, []events.Fact{
			&events.PickedUp{Actor: playerID, Item: ring},
			&events.Equipped{Actor: playerID, Item: ring, Slot: events.Ring},
		}, turn.Facts)
	})
	refusals := []struct {
		name   string
		rules  int
		lies   events.Pos
		reason string
	}{
		{"is refused for an item elsewhere", 3, at(3, 2), "that is not here to pick up"},
		{"is refused under rules 2, which pick up what lies first", 2, at(2, 2), "these rules pick up what lies first (g)"},
	}
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, c.rules)
			potion := put(t, s, "Health Potion", c.lies, 0, events.SlotNone)
			_, err := Decide(s, &events.PickUpItem{Item: potion})
			assert.Equal(t, &Refusal{Reason: c.reason}, err)
		})
	}
}

func TestAWandSpendsAChargeAndCrumblesWithItsLast(t *testing.T) {
	t.Parallel()
	s := arenaOf(t, 3)
	goblin := put(t, s, "Goblin", at(5, 2), 0, events.SlotNone)
	s.Get(goblin).HP = 100
	wand := putItem3(t, s, "Wand of Striking", events.Pos{}, playerID, events.SlotNone, 2)
	zap := &events.Use{Item: wand, HasTarget: true, Target: at(5, 2)}
	// Damage 10 + Magic 1; the Goblin then comes closer.
	turn := play(t, s, zap)
	assert.Equal(t, []events.Fact{
		&events.Zapped{Actor: playerID, Item: wand},
		&events.Damaged{Actor: goblin, Amount: 11, Cause: events.CauseStriking, Source: playerID},
	}, turn.Facts[:2])
	assert.Equal(t, 1, s.Charges(s.Get(wand)))

	zap.Target = s.Get(goblin).Pos
	turn = play(t, s, zap)
	assert.Equal(t, []events.Fact{
		&events.Zapped{Actor: playerID, Item: wand},
		&events.Consumed{Actor: playerID, Item: wand},
		&events.Damaged{Actor: goblin, Amount: 11, Cause: events.CauseStriking, Source: playerID},
	}, turn.Facts[:3])
	assert.Nil(t, s.Get(wand))
}

func TestAWandOnTheFloorSpawnsWithItsChargesRolled(t *testing.T) {
	t.Parallel()
	s := arenaOf(t, 3)
	c, ok := tablesOf(3).ByName("Wand of Confusion")
	require.True(t, ok)
	d := new(Decider).decider(s)
	d.rng = diceScript([]int{2, 3})
	d.spawnKind(c, at(3, 3))
	require.NoError(t, d.err)
	assert.Equal(t, []events.Fact{&events.Spawned{ID: s.NextID, Kind: c, Pos: at(3, 3), HP: 5}}, d.facts)
}

func TestEnchantingAnItemTheScrollIsReadOn(t *testing.T) {
	t.Parallel()
	// The player: Dagger (Quickness 11: +0, Melee 1), Leather Armor 1,
	// Defense 1.
	cases := []struct {
		name                 string
		on                   events.EntityID
		hit, damage, armorAC int
	}{
		{"a weapon hits and wounds one better", daggerID, 2, 2, 12},
		{"armor is one better", armorID, 1, 1, 13},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, 3)
			scroll := putItem3(t, s, "Enchantment Scroll", events.Pos{}, playerID, events.SlotNone, 0)
			turn := play(t, s, &events.UseOn{Item: scroll, On: c.on})
			assert.Equal(t, []events.Fact{
				&events.Consumed{Actor: playerID, Item: scroll},
				&events.Enchanted{Actor: playerID, Item: c.on, By: 1},
			}, turn.Facts)
			p := s.Player()
			assert.Equal(t, []int{c.hit, c.damage, c.armorAC},
				[]int{s.AttackBonus(p) - s.content.Rules.WellFedHitBonus*boolInt(s.Hunger == events.WellFed), s.DamageBonus(p), s.ArmorClass(p)})
			assert.Equal(t, 1, s.Enchantment(s.Get(c.on)))
		})
	}
	refusals := []struct {
		name   string
		on     func(s *State) events.EntityID
		use    bool // a plain Use, without an item to read it on
		reason string
	}{
		{"a plain use asks what to enchant", nil, true, "choose what to use the Enchantment Scroll on"},
		{"a potion takes no enchantment", func(s *State) events.EntityID {
			return put(t, s, "Health Potion", events.Pos{}, playerID, events.SlotNone)
		}, false, "only what can be worn takes an enchantment"},
		{"an item at the most is refused", func(s *State) events.EntityID {
			s.Get(daggerID).Level = MaxEnchantment
			return daggerID
		}, false, "the Dagger will take no more enchantment (+5 is the most)"},
	}
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, 3)
			scroll := putItem3(t, s, "Enchantment Scroll", events.Pos{}, playerID, events.SlotNone, 0)
			var cmd events.Command = &events.Use{Item: scroll}
			if !c.use {
				cmd = &events.UseOn{Item: scroll, On: c.on(s)}
			}
			_, err := Decide(s, cmd)
			assert.Equal(t, &Refusal{Reason: c.reason}, err)
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestRingsAndAmuletsChangeTheDerivedStats(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name                   string
		item                   string
		slot                   events.Slot
		hit, damage, ac, maxHP int
	}{
		{"nothing more", "", 0, 1, 1, 12, 30},
		{"a Ring of Might: +1 to hit, +2 damage", "Ring of Might", events.Ring, 2, 3, 12, 30},
		{"a Ring of Protection: armor +2", "Ring of Protection", events.Ring, 1, 1, 14, 30},
		{"an Amulet of Vitality: 10 max HP", "Amulet of Vitality", events.Neck, 1, 1, 12, 40},
		{"Leather Boots: armor +1", "Leather Boots", events.Feet, 1, 1, 13, 30},
		{"Gauntlets: armor +1", "Gauntlets", events.Hands, 1, 1, 13, 30},
		{"a Cloak: armor +1", "Cloak", events.Cloak, 1, 1, 13, 30},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, 3)
			if c.item != "" {
				putItem3(t, s, c.item, events.Pos{}, playerID, c.slot, 0)
			}
			p := s.Player()
			assert.Equal(t, []int{c.hit, c.damage, c.ac, c.maxHP},
				[]int{s.AttackBonus(p), s.DamageBonus(p), s.ArmorClass(p), s.MaxHP(p) - playerHP(s.content.Rules, 0, 1) + 30})
		})
	}
}

func TestAnAmuletOfRegenerationHealsAHitPointEveryFourTurns(t *testing.T) {
	t.Parallel()
	s := arenaOf(t, 3)
	putItem3(t, s, "Amulet of Regeneration", events.Pos{}, playerID, events.Neck, 0)
	s.Player().HP = 5
	var healed []int
	for i := 0; i < 8; i++ {
		dir := events.East
		if i%2 == 1 {
			dir = events.West
		}
		turn := play(t, s, &events.Move{Dir: dir})
		for _, f := range turn.Facts {
			if h, ok := f.(*events.Healed); ok {
				assert.Equal(t, &events.Healed{Actor: playerID, Amount: 1, Cause: events.CauseRegeneration}, h)
				healed = append(healed, s.Turn-1)
			}
		}
	}
	assert.Equal(t, []int{4, 8}, healed)
	assert.Equal(t, 7, s.Player().HP)
}

func TestTheFoldRefusesWhatRules3ItemsCannotDo(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		fact func(s *State) events.Fact
		want string
	}{
		{"a wand zapped with no charge", func(s *State) events.Fact {
			w := putItem3(t, s, "Wand of Striking", events.Pos{}, playerID, events.SlotNone, 0)
			return &events.Zapped{Actor: playerID, Item: w}
		}, "item 4 has no charges left"},
		{"a wand zapped by one who does not hold it", func(s *State) events.Fact {
			w := putItem3(t, s, "Wand of Striking", at(3, 3), 0, events.SlotNone, 2)
			return &events.Zapped{Actor: playerID, Item: w}
		}, "item 4 is not held by 1"},
		{"an enchantment past the most", func(*State) events.Fact {
			return &events.Enchanted{Actor: playerID, Item: daggerID, By: 6}
		}, "item 2's enchantment would be 6, outside -5..5"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, 3)
			assert.EqualError(t, s.Apply(c.fact(s)), c.want)
		})
	}
}

// The backpack's letters follow rules 3's facts that change what is in
// it or what stacks with what: an item stolen gives up its letter with
// the last of its stack, an enchanted item alone in its stack keeps its
// letter, and one enchanted out of a stack of two takes a letter of its
// own.
func TestRules3FactsKeepTheBackpacksLetters(t *testing.T) {
	t.Parallel()
	s := arenaOf(t, 3)
	potion := putItem3(t, s, "Health Potion", events.Pos{}, playerID, events.SlotNone, 0)
	sword := putItem3(t, s, "Sword", events.Pos{}, playerID, events.SlotNone, 0)
	ring1 := putItem3(t, s, "Ring of Protection", events.Pos{}, playerID, events.SlotNone, 0)
	ring2 := putItem3(t, s, "Ring of Protection", events.Pos{}, playerID, events.SlotNone, 0)
	letter := func(id events.EntityID) rune { return s.PackLetter(StackKey(s.Get(id))) }
	require.Equal(t, []rune{'a', 'b', 'c', 'c'}, []rune{letter(potion), letter(sword), letter(ring1), letter(ring2)})

	require.NoError(t, s.Apply(&events.Enchanted{Actor: playerID, Item: sword, By: 1}))
	assert.Equal(t, 'b', letter(sword), "alone in its stack, the Sword +1 is still b")
	require.NoError(t, s.Apply(&events.Enchanted{Actor: playerID, Item: ring2, By: 1}))
	assert.Equal(t, []rune{'c', 'd'}, []rune{letter(ring1), letter(ring2)}, "one ring of two, enchanted, stacks apart")

	monkey := putMonster3(t, s, "Monkey", at(3, 2))
	require.NoError(t, s.Apply(&events.Stole{Actor: monkey, Victim: playerID, Item: potion}))
	assert.Equal(t, rune(0), s.PackLetter(StackKey(s.Get(potion))), "the stolen potion's letter is free")
	again := putItem3(t, s, "Health Potion", events.Pos{}, playerID, events.SlotNone, 0)
	assert.Equal(t, 'a', letter(again), "and the next stack to come takes it")
}
