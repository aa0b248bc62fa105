package reducer

import (
	"cmp"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/dice"
)

func diceScript(rolls []int) *dice.Script { return dice.Rolls(rolls...) }

// The player (Dagger: Quickness, 1d4; Melee 1) attacks a Goblin (AC 10 +
// Defense 1 = 11) standing east; the goblin then swings back and fumbles
// (a scripted natural 1), so each turn ends the same way.
func TestTheD20Rule(t *testing.T) {
	t.Parallel()
	// The player's armor class is 10 + Defense 1 + Leather Armor 1 = 12
	// unless a case changes Quickness.
	goblinFumbles := func(goblin events.EntityID, playerAC int) *events.Attacked {
		return &events.Attacked{Attacker: goblin, Target: playerID, Natural: 1, Attack: 1 + 1, ArmorClass: playerAC}
	}
	cases := []struct {
		name     string
		setup    func(s *State, goblin events.EntityID)
		rolls    []int
		want     events.Attacked
		playerAC int
	}{
		{
			name:  "an attack equal to the armor class hits",
			rolls: []int{10, 3, 1},
			want:  events.Attacked{Natural: 10, Attack: 11, ArmorClass: 11, Hit: true, Roll: 3, Damage: 4},
		},
		{
			name:  "an attack one below the armor class misses",
			rolls: []int{9, 1},
			want:  events.Attacked{Natural: 9, Attack: 10, ArmorClass: 11},
		},
		{
			name:     "a natural 1 misses however large the bonus",
			setup:    func(s *State, _ events.EntityID) { s.Player().Attributes[events.Quickness] = 40 },
			rolls:    []int{1, 1},
			want:     events.Attacked{Natural: 1, Attack: 17, ArmorClass: 11},
			playerAC: 12 + 15,
		},
		{
			name:  "a natural 20 hits whatever the armor",
			setup: func(s *State, g events.EntityID) { s.Get(g).Skills[events.Defense] = 30 },
			rolls: []int{20, 2, 1},
			want:  events.Attacked{Natural: 20, Attack: 21, ArmorClass: 40, Hit: true, Roll: 2, Damage: 3},
		},
		{
			name: "a Quickness weapon hits with Quickness but damages with Might",
			setup: func(s *State, _ events.EntityID) {
				s.Player().Attributes[events.Quickness] = 16 // +3
				s.Player().Attributes[events.Might] = 14     // +2
			},
			rolls:    []int{7, 4, 1},
			want:     events.Attacked{Natural: 7, Attack: 7 + 3 + 1, ArmorClass: 11, Hit: true, Roll: 4, Damage: 4 + 2 + 1},
			playerAC: 12 + 3,
		},
		{
			name: "a Might weapon hits with Might and adds its hit bonus",
			setup: func(s *State, _ events.EntityID) {
				s.Player().Attributes[events.Quickness] = 16 // +3, unused
				s.Player().Attributes[events.Might] = 12     // +1
				s.Apply(&events.Dropped{Actor: playerID, Item: daggerID})
				sword := put(t, s, "Longsword", at(0, 0), playerID, events.SlotNone)
				s.Apply(&events.Equipped{Actor: playerID, Item: sword, Slot: events.MainHand})
			},
			rolls:    []int{8, 6, 1},
			want:     events.Attacked{Natural: 8, Attack: 8 + 1 + 1 + 1, ArmorClass: 11, Hit: true, Roll: 6, Damage: 6 + 1 + 1},
			playerAC: 12 + 3,
		},
		{
			name: "armor the target wears adds to its armor class",
			setup: func(s *State, g events.EntityID) {
				put(t, s, "Tower Shield", at(0, 0), g, events.OffHand)
				put(t, s, "Helmet", at(0, 0), g, events.Head)
			},
			rolls: []int{12, 1},
			want:  events.Attacked{Natural: 12, Attack: 13, ArmorClass: 14},
		},
		{
			name:  "damage never goes below zero",
			setup: func(s *State, _ events.EntityID) { s.Player().Attributes[events.Might] = 3 }, // -3
			rolls: []int{15, 1, 1},
			want:  events.Attacked{Natural: 15, Attack: 16, ArmorClass: 11, Hit: true, Roll: 1, Damage: 0},
		},
		{
			name:  "unarmed hits with Might and 1d4",
			setup: func(s *State, _ events.EntityID) { s.Apply(&events.Dropped{Actor: playerID, Item: daggerID}) },
			rolls: []int{11, 4, 1},
			want:  events.Attacked{Natural: 11, Attack: 12, ArmorClass: 11, Hit: true, Roll: 4, Damage: 5},
		},
		{
			name: "being Well Fed adds one to hit",
			setup: func(s *State, _ events.EntityID) {
				s.Apply(&events.HungerChanged{Actor: playerID, Hunger: events.WellFed})
			},
			rolls: []int{9, 2, 1},
			want:  events.Attacked{Natural: 9, Attack: 11, ArmorClass: 11, Hit: true, Roll: 2, Damage: 3},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arena(t)
			goblin := put(t, s, "Goblin", at(3, 2), 0, events.SlotNone)
			if c.setup != nil {
				c.setup(s, goblin)
			}
			turn := decide(t, s, &events.Move{Dir: events.East}, c.rolls...)
			want := c.want
			want.Attacker, want.Target = playerID, goblin
			if w, _ := s.Weapon(s.Player()); w != nil {
				want.Weapon = w.ID
			}
			assert.Equal(t, events.Turn{
				Command: &events.Move{Dir: events.East},
				Draws:   uint64(len(c.rolls)),
				Facts:   []events.Fact{&want, goblinFumbles(goblin, cmp.Or(c.playerAC, 12))},
			}, turn)
		})
	}
}

func TestAKillingBlowDropsTheMonstersGearAndGivesExperience(t *testing.T) {
	t.Parallel()
	s := arena(t)
	orc := put(t, s, "Orc", at(3, 2), 0, events.SlotNone)
	orcDagger := put(t, s, "Dagger", at(0, 0), orc, events.MainHand)
	s.Get(orc).HP = 2
	turn := play(t, s, &events.Move{Dir: events.East}, 20, 4)
	assert.Equal(t, []events.Fact{
		&events.Attacked{Attacker: playerID, Target: orc, Weapon: daggerID, Natural: 20, Attack: 21, ArmorClass: 11, Hit: true, Roll: 4, Damage: 5},
		&events.Dropped{Actor: orc, Item: orcDagger},
		&events.Died{Actor: orc, Cause: events.CauseMelee, Killer: playerID},
		&events.GainedXP{Actor: playerID, Amount: 200},
	}, turn.Facts)
	assert.Nil(t, s.Get(orc), "the orc is gone: no corpse entity")
	assert.Equal(t, &Entity{ID: orcDagger, Kind: code(t, "Dagger"), Pos: at(3, 2)}, s.Get(orcDagger))
	assert.Equal(t, 200, s.Player().XP)
	assert.Equal(t, 1, s.Kills)
}

func TestAMonsterKillsThePlayer(t *testing.T) {
	t.Parallel()
	s := arena(t)
	troll := put(t, s, "Troll", at(3, 2), 0, events.SlotNone)
	s.Player().HP = 3
	// The player misses (9 vs 10+2=12); the troll (Might +2, Melee 2) hits
	// AC 10+1+1=12 with 10+2+2=14 and rolls 1d4=2: 2+2+2 = 6 damage.
	turn := play(t, s, &events.Move{Dir: events.East}, 9, 10, 2)
	assert.Equal(t, []events.Fact{
		&events.Attacked{Attacker: playerID, Target: troll, Weapon: daggerID, Natural: 9, Attack: 10, ArmorClass: 12},
		&events.Attacked{Attacker: troll, Target: playerID, Natural: 10, Attack: 14, ArmorClass: 12, Hit: true, Roll: 2, Damage: 6},
		&events.Died{Actor: playerID, Cause: events.CauseMelee, Killer: troll},
	}, turn.Facts)
	assert.True(t, s.Over)
	_, err := Decide(s, &events.Wait{})
	assert.Equal(t, &Refusal{Reason: "the game is over"}, err)
}

// What a monster holds is listed in id order, as State.Held lists it,
// wherever its items stand in id order against it.
func TestWhatAMonsterHoldsIsListedInIDOrder(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		setup func(s *State) (goblin events.EntityID, want []events.EntityID)
	}{
		{"nothing held lists nothing", func(s *State) (events.EntityID, []events.EntityID) {
			return put(t, s, "Goblin", at(5, 2), 0, events.SlotNone), nil
		}},
		{"items spawned with it follow it", func(s *State) (events.EntityID, []events.EntityID) {
			g := put(t, s, "Goblin", at(5, 2), 0, events.SlotNone)
			a := put(t, s, "Dagger", at(0, 0), g, events.MainHand)
			b := put(t, s, "Leather Armor", at(0, 0), g, events.Torso)
			return g, []events.EntityID{a, b}
		}},
		{"items older than it come first", func(s *State) (events.EntityID, []events.EntityID) {
			a := put(t, s, "Dagger", at(5, 2), 0, events.SlotNone)
			b := put(t, s, "Leather Armor", at(5, 2), 0, events.SlotNone)
			put(t, s, "Dagger", at(6, 2), 0, events.SlotNone) // on the floor
			g := put(t, s, "Goblin", at(5, 2), 0, events.SlotNone)
			c := put(t, s, "Dagger", at(0, 0), g, events.MainHand)
			require.NoError(t, s.Apply(&events.PickedUp{Actor: g, Item: b}))
			require.NoError(t, s.Apply(&events.PickedUp{Actor: g, Item: a}))
			return g, []events.EntityID{a, b, c}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arena(t)
			goblin, want := c.setup(s)
			d := new(Decider).decider(s)
			var held []events.EntityID
			for _, it := range s.Held(goblin) {
				held = append(held, it.ID)
			}
			require.Equal(t, want, held, "State.Held")
			assert.Equal(t, want, slices.Clone(d.held(goblin)))
		})
	}
}
