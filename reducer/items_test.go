package reducer

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/dungeon"
)

func TestPickingUp(t *testing.T) {
	t.Parallel()
	t.Run("takes the first item on the player's tile into the backpack, costing a turn", func(t *testing.T) {
		s := arena(t)
		potion := put(t, s, "Health Potion", at(2, 2), 0, events.SlotNone)
		put(t, s, "Ration", at(2, 2), 0, events.SlotNone)
		turn := play(t, s, &events.PickUp{})
		assert.Equal(t, []events.Fact{&events.PickedUp{Actor: playerID, Item: potion}}, turn.Facts)
		assert.Equal(t, []*Entity{s.Get(potion)}, s.Backpack(playerID))
		assert.Equal(t, 2, s.Turn)
	})
	t.Run("puts on an item whose slot is empty", func(t *testing.T) {
		s := arena(t)
		shield := put(t, s, "Shield", at(2, 2), 0, events.SlotNone)
		turn := play(t, s, &events.PickUp{})
		assert.Equal(t, []events.Fact{
			&events.PickedUp{Actor: playerID, Item: shield},
			&events.Equipped{Actor: playerID, Item: shield, Slot: events.OffHand},
		}, turn.Facts)
		assert.Equal(t, 10+0+1+1+1, s.ArmorClass(s.Player()))
	})
	t.Run("keeps in the backpack an item whose slot is taken", func(t *testing.T) {
		s := arena(t)
		sword := put(t, s, "Sword", at(2, 2), 0, events.SlotNone)
		turn := play(t, s, &events.PickUp{})
		assert.Equal(t, []events.Fact{&events.PickedUp{Actor: playerID, Item: sword}}, turn.Facts)
		assert.Equal(t, events.EntityID(daggerID), s.Worn(playerID, events.MainHand).ID)
	})
	t.Run("is refused with nothing underfoot", func(t *testing.T) {
		_, err := Decide(arena(t), &events.PickUp{})
		assert.Equal(t, &Refusal{Reason: "there is nothing here to pick up"}, err)
	})
	t.Run("is refused when the 26 letters are taken", func(t *testing.T) {
		s := arena(t)
		for i := 0; i < 26; i++ {
			put(t, s, "Ration", at(0, 0), playerID, events.SlotNone)
		}
		put(t, s, "Health Potion", at(2, 2), 0, events.SlotNone)
		_, err := Decide(s, &events.PickUp{})
		assert.Equal(t, &Refusal{Reason: "your backpack is full"}, err)
	})
}

func TestDropping(t *testing.T) {
	t.Parallel()
	t.Run("puts a backpack item under the player", func(t *testing.T) {
		s := arena(t)
		potion := put(t, s, "Health Potion", at(0, 0), playerID, events.SlotNone)
		turn := play(t, s, &events.Drop{Item: potion})
		assert.Equal(t, []events.Fact{&events.Dropped{Actor: playerID, Item: potion}}, turn.Facts)
		assert.Equal(t, []*Entity{s.Get(potion)}, s.ItemsAt(at(2, 2)))
	})
	t.Run("takes a worn item off first", func(t *testing.T) {
		s := arena(t)
		turn := play(t, s, &events.Drop{Item: daggerID})
		assert.Equal(t, []events.Fact{
			&events.Unequipped{Actor: playerID, Item: daggerID},
			&events.Dropped{Actor: playerID, Item: daggerID},
		}, turn.Facts)
		assert.Nil(t, s.Worn(playerID, events.MainHand))
	})
	t.Run("is refused for an item the player does not hold", func(t *testing.T) {
		s := arena(t)
		potion := put(t, s, "Health Potion", at(5, 5), 0, events.SlotNone)
		_, err := Decide(s, &events.Drop{Item: potion})
		assert.Equal(t, &Refusal{Reason: "you do not have that"}, err)
	})
}

func TestConsumables(t *testing.T) {
	t.Parallel()
	t.Run("a health potion heals 8", func(t *testing.T) {
		s := arena(t)
		s.Player().HP = 1
		potion := put(t, s, "Health Potion", at(0, 0), playerID, events.SlotNone)
		turn := play(t, s, &events.Use{Item: potion})
		assert.Equal(t, []events.Fact{
			&events.Consumed{Actor: playerID, Item: potion},
			&events.Healed{Actor: playerID, Amount: 8, Cause: events.CausePotion},
		}, turn.Facts)
		assert.Equal(t, 9, s.Player().HP)
		assert.Nil(t, s.Get(potion))
	})
	t.Run("a health potion heals no higher than max HP", func(t *testing.T) {
		s := arena(t)
		s.Player().HP = 7
		potion := put(t, s, "Health Potion", at(0, 0), playerID, events.SlotNone)
		turn := play(t, s, &events.Use{Item: potion})
		assert.Equal(t, &events.Healed{Actor: playerID, Amount: 3, Cause: events.CausePotion}, turn.Facts[1])
		assert.Equal(t, s.MaxHP(s.Player()), s.Player().HP)
	})
	t.Run("a health potion is refused at full health, costing nothing", func(t *testing.T) {
		s := arena(t)
		potion := put(t, s, "Health Potion", at(0, 0), playerID, events.SlotNone)
		_, err := Decide(s, &events.Use{Item: potion})
		assert.Equal(t, &Refusal{Reason: "you are already at full health"}, err)
	})
	t.Run("a ration makes the player Well Fed for 20 turns", func(t *testing.T) {
		s := arena(t)
		ration := put(t, s, "Ration", at(0, 0), playerID, events.SlotNone)
		turn := play(t, s, &events.Use{Item: ration})
		assert.Equal(t, []events.Fact{
			&events.Consumed{Actor: playerID, Item: ration},
			&events.HungerChanged{Actor: playerID, Hunger: events.WellFed, Until: 1 + 1 + 20},
		}, turn.Facts)
	})
	t.Run("a magic missile hits one target for 8", func(t *testing.T) {
		s := arena(t)
		goblin := put(t, s, "Goblin", at(6, 2), 0, events.SlotNone) // 9 HP
		scroll := put(t, s, "Magic Missile Scroll", at(0, 0), playerID, events.SlotNone)
		turn := play(t, s, &events.Use{Item: scroll, HasTarget: true, Target: at(6, 2)})
		assert.Equal(t, []events.Fact{
			&events.Consumed{Actor: playerID, Item: scroll},
			&events.Damaged{Actor: goblin, Amount: 8, Cause: events.CauseMagicMissile, Source: playerID},
			&events.Moved{Actor: goblin, Dir: events.West},
		}, turn.Facts)
		assert.Equal(t, 1, s.Get(goblin).HP)
	})
	t.Run("a magic missile that kills gives experience", func(t *testing.T) {
		s := arena(t)
		rat := put(t, s, "Rat", at(6, 2), 0, events.SlotNone) // 1 + max(1, 8-3) = 6 HP
		scroll := put(t, s, "Magic Missile Scroll", at(0, 0), playerID, events.SlotNone)
		turn := play(t, s, &events.Use{Item: scroll, HasTarget: true, Target: at(6, 2)})
		assert.Equal(t, []events.Fact{
			&events.Consumed{Actor: playerID, Item: scroll},
			&events.Damaged{Actor: rat, Amount: 8, Cause: events.CauseMagicMissile, Source: playerID},
			&events.Died{Actor: rat, Cause: events.CauseMagicMissile, Killer: playerID},
			&events.GainedXP{Actor: playerID, Amount: 100},
		}, turn.Facts)
	})
	refusals := []struct {
		name   string
		target events.Pos
		want   string
	}{
		{"a targeted scroll is refused out of range", at(8, 5), ""},
		{"a targeted scroll is refused at an unseen tile", at(15, 8), "you cannot see that spot"},
		{"a targeted scroll is refused at an empty tile", at(4, 4), "there is no one there to target"},
		{"a targeted scroll is refused at the player", at(2, 2), "there is no one there to target"},
	}
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			s := arena(t)
			scroll := put(t, s, "Confusion Scroll", at(0, 0), playerID, events.SlotNone)
			if c.want == "" {
				// (8,5) is 6 across and 3 down: 45 > 36, out of range 6.
				put(t, s, "Goblin", c.target, 0, events.SlotNone)
				c.want = "that is out of range"
			}
			_, err := Decide(s, &events.Use{Item: scroll, HasTarget: true, Target: c.target})
			assert.Equal(t, &Refusal{Reason: c.want}, err)
		})
	}
	t.Run("a fireball burns everyone within 3 tiles, the reader too", func(t *testing.T) {
		s := arena(t)
		s.Player().HP = 30
		near := put(t, s, "Goblin", at(4, 2), 0, events.SlotNone)
		far := put(t, s, "Goblin", at(8, 5), 0, events.SlotNone)
		scroll := put(t, s, "Fireball Scroll", at(0, 0), playerID, events.SlotNone)
		turn := play(t, s, &events.Use{Item: scroll, HasTarget: true, Target: at(4, 3)})
		assert.Equal(t, []events.Fact{
			&events.Consumed{Actor: playerID, Item: scroll},
			&events.Damaged{Actor: playerID, Amount: 20, Cause: events.CauseFireball, Source: playerID},
			&events.Damaged{Actor: near, Amount: 20, Cause: events.CauseFireball, Source: playerID},
			&events.Died{Actor: near, Cause: events.CauseFireball, Killer: playerID},
			&events.GainedXP{Actor: playerID, Amount: 100},
			&events.Moved{Actor: far, Dir: events.NorthWest},
		}, turn.Facts)
		assert.Equal(t, 10, s.Player().HP)
	})
	t.Run("a fireball can kill its reader", func(t *testing.T) {
		s := arena(t)
		scroll := put(t, s, "Fireball Scroll", at(0, 0), playerID, events.SlotNone)
		turn := play(t, s, &events.Use{Item: scroll, HasTarget: true, Target: at(3, 3)})
		assert.Equal(t, []events.Fact{
			&events.Consumed{Actor: playerID, Item: scroll},
			&events.Damaged{Actor: playerID, Amount: 20, Cause: events.CauseFireball, Source: playerID},
			&events.Died{Actor: playerID, Cause: events.CauseFireball, Killer: playerID},
		}, turn.Facts)
		assert.True(t, s.Over)
	})
	t.Run("confusion makes a monster stumble at random for 4 turns", func(t *testing.T) {
		s := arena(t)
		goblin := put(t, s, "Goblin", at(5, 2), 0, events.SlotNone)
		scroll := put(t, s, "Confusion Scroll", at(0, 0), playerID, events.SlotNone)
		turn := play(t, s, &events.Use{Item: scroll, HasTarget: true, Target: at(5, 2)}, int(events.North))
		assert.Equal(t, []events.Fact{
			&events.Consumed{Actor: playerID, Item: scroll},
			&events.Confused{Actor: goblin, Until: 1 + 4},
			&events.Staggered{Actor: goblin, Dir: events.North, Blocked: false},
		}, turn.Facts)
		// Three more stumbles; the first into the wall at y=0.
		turn = play(t, s, &events.Wait{}, int(events.North))
		assert.Equal(t, []events.Fact{&events.Staggered{Actor: goblin, Dir: events.North, Blocked: true}}, turn.Facts)
		play(t, s, &events.Wait{}, int(events.South))
		play(t, s, &events.Wait{}, int(events.East))
		// Then it comes for the player again, by path, drawing nothing.
		turn = play(t, s, &events.Wait{})
		assert.Equal(t, []events.Fact{&events.Moved{Actor: goblin, Dir: events.West}}, turn.Facts)
	})
	t.Run("lightning strikes the nearest visible monster within 5", func(t *testing.T) {
		s := arena(t)
		far := put(t, s, "Goblin", at(6, 4), 0, events.SlotNone)
		nearest := put(t, s, "Rat", at(5, 3), 0, events.SlotNone)
		scroll := put(t, s, "Lightning Scroll", at(0, 0), playerID, events.SlotNone)
		turn := play(t, s, &events.Use{Item: scroll})
		assert.Equal(t, []events.Fact{
			&events.Consumed{Actor: playerID, Item: scroll},
			&events.Damaged{Actor: nearest, Amount: 20, Cause: events.CauseLightning, Source: playerID},
			&events.Died{Actor: nearest, Cause: events.CauseLightning, Killer: playerID},
			&events.GainedXP{Actor: playerID, Amount: 100},
			&events.Moved{Actor: far, Dir: events.NorthWest},
		}, turn.Facts)
	})
	t.Run("lightning is refused with no monster in range", func(t *testing.T) {
		s := arena(t)
		put(t, s, "Goblin", at(8, 5), 0, events.SlotNone) // 45 > 25
		scroll := put(t, s, "Lightning Scroll", at(0, 0), playerID, events.SlotNone)
		_, err := Decide(s, &events.Use{Item: scroll})
		assert.Equal(t, &Refusal{Reason: "there is nothing in range to strike"}, err)
	})
}

func TestEquipment(t *testing.T) {
	t.Parallel()
	t.Run("using a backpack item wears it and returns what was in the slot", func(t *testing.T) {
		s := arena(t)
		sword := put(t, s, "Longsword", at(0, 0), playerID, events.SlotNone)
		turn := play(t, s, &events.Use{Item: sword})
		assert.Equal(t, []events.Fact{
			&events.Equipped{Actor: playerID, Item: sword, Slot: events.MainHand, Displaced: daggerID},
		}, turn.Facts)
		assert.Equal(t, sword, s.Worn(playerID, events.MainHand).ID)
		assert.Equal(t, []*Entity{s.Get(daggerID)}, s.Backpack(playerID))
	})
	t.Run("using a worn item takes it off", func(t *testing.T) {
		s := arena(t)
		turn := play(t, s, &events.Use{Item: armorID})
		assert.Equal(t, []events.Fact{&events.Unequipped{Actor: playerID, Item: armorID}}, turn.Facts)
		assert.Equal(t, 11, s.ArmorClass(s.Player()), "the armor's bonus goes with it")
	})
	t.Run("remove takes a worn item off", func(t *testing.T) {
		s := arena(t)
		turn := play(t, s, &events.Remove{Item: daggerID})
		assert.Equal(t, []events.Fact{&events.Unequipped{Actor: playerID, Item: daggerID}}, turn.Facts)
	})
	t.Run("remove is refused for an item not worn", func(t *testing.T) {
		s := arena(t)
		potion := put(t, s, "Health Potion", at(0, 0), playerID, events.SlotNone)
		_, err := Decide(s, &events.Remove{Item: potion})
		assert.Equal(t, &Refusal{Reason: "you are not wearing that"}, err)
	})
	t.Run("armor class and attack follow what is worn now", func(t *testing.T) {
		s := arena(t)
		p := s.Player()
		before := [2]int{s.ArmorClass(p), s.AttackBonus(p)}
		chain := put(t, s, "Chain Mail", at(0, 0), playerID, events.SlotNone)
		play(t, s, &events.Use{Item: chain})
		p = s.Player()
		assert.Equal(t, [2]int{12, 1}, before)
		assert.Equal(t, [2]int{14, 1}, [2]int{s.ArmorClass(p), s.AttackBonus(p)})
	})
}

func TestTheFoldRefusesFactsThatCannotApply(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		fact events.Fact
		want string
	}{
		{"a move by an entity that does not exist", &events.Moved{Actor: 99, Dir: events.East}, "entity 99 does not exist"},
		{"a move by an item", &events.Moved{Actor: daggerID, Dir: events.East}, "entity 2 is an item, not an actor"},
		{"a move off the map", &events.Staggered{Actor: playerID, Dir: events.North}, ""},
		{"a spawn with an id out of order", &events.Spawned{ID: 9, Kind: 3, Pos: at(3, 3)}, "entity id 9 out of order: the next id is 4"},
		{"a spawn of an unknown kind", &events.Spawned{ID: 4, Kind: 9999, Pos: at(3, 3)}, "unknown kind 9999"},
		{"a spawn outside the map", &events.Spawned{ID: 4, Kind: 3, Pos: at(30, 3)}, "(30,3) is outside the map"},
		{"picking up an item that is carried", &events.PickedUp{Actor: playerID, Item: daggerID}, "item 2 is not on the floor"},
		{"equipping into the wrong slot", &events.Equipped{Actor: playerID, Item: armorID, Slot: events.Head}, "item 3 cannot be worn in the \"head\" slot"},
		{"hunger for a monster", &events.HungerChanged{Actor: 5}, "actor 5: only the player gets hungry"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arena(t)
			if c.want == "" {
				s.Player().Pos = at(2, 0) // on the top wall row, for the move off the map
				c.want = "(2,-1) is outside the map"
			}
			err := s.Apply(c.fact)
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
		})
	}
	t.Run("a turn names itself and its fact", func(t *testing.T) {
		s := arena(t)
		err := s.ApplyTurn(&events.Turn{Command: &events.Wait{}, Facts: []events.Fact{&events.Healed{Actor: 42}}})
		require.Error(t, err)
		assert.Equal(t, "turn 1: fact 0 (Healed) field Actor: entity 42 does not exist", err.Error())
	})
}

func TestTheDecidersCountsOfThePackAndTheFloorAreThoseOfTheLists(t *testing.T) {
	t.Parallel()
	packed, onFloor := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		s := New(seed, tablesOf(1))
		s.Wizard = true
		x := seed * 0x9e3779b97f4a7c15
		cmd := events.Command(&events.Begin{})
		for s.Turn < 3000 && !s.Over {
			turn, err := Decide(s, cmd)
			var refusal *Refusal
			if errors.As(err, &refusal) {
				turn, err = Decide(s, &events.Wait{})
			}
			require.NoError(t, err, "seed %d turn %d", seed, s.Turn)
			require.NoError(t, s.ApplyTurn(&turn))
			pack, items := s.Backpack(events.PlayerID), s.ItemsAt(s.Player().Pos)
			require.Equal(t, len(pack), s.packSize(events.PlayerID), "seed %d turn %d", seed, s.Turn)
			var first *Entity
			if len(items) > 0 {
				first = items[0]
				onFloor++
			}
			require.Same(t, first, s.firstItemAt(s.Player().Pos), "seed %d turn %d", seed, s.Turn)
			if len(pack) > 0 {
				packed++
			}
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			cmd = &events.Move{Dir: events.Dir(x % uint64(events.NumDirs))}
			switch {
			case s.Map.At(s.Player().Pos) == dungeon.DownStairs:
				cmd = &events.Descend{}
			case len(items) > 0:
				cmd = &events.PickUp{}
			case len(pack) > 0 && x%11 == 0:
				cmd = &events.Drop{Item: pack[0].ID}
			}
		}
	}
	assert.Greater(t, packed, 100, "turns with something in the pack")
	assert.Greater(t, onFloor, 10, "turns with something on the player's tile")
}
