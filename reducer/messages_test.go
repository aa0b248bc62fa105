package reducer

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

func TestATurnIsToldInTheOrderThingsHappen(t *testing.T) {
	t.Parallel()
	s := arena(t)
	orc := put(t, s, "Orc", events.Pos{X: 3, Y: 2}, 0, events.SlotNone)
	club := put(t, s, "Dagger", events.Pos{}, orc, events.MainHand)
	hp := s.Get(orc).HP
	turn := events.Turn{Command: &events.Move{Dir: events.East}, Facts: []events.Fact{
		&events.Attacked{Attacker: playerID, Target: orc, Weapon: daggerID, Natural: 20, Attack: 22, ArmorClass: 12, Hit: true, Damage: hp},
		&events.Dropped{Actor: orc, Item: club},
		&events.Died{Actor: orc, Cause: events.CauseMelee, Killer: playerID},
		&events.GainedXP{Actor: playerID, Amount: 200},
	}}
	log, err := s.ApplyTurnMessages(&turn)
	require.NoError(t, err)
	assert.Equal(t, []string{
		fmt.Sprintf("You hit the Orc for %d (22 against armor 12). A natural 20!", hp),
		"The Orc dies.",
		"The Orc drops the Dagger.",
		"You gain 200 experience.",
	}, log)
}

func TestAnAttackShowsItsRollAndNoNegativeNumber(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		fact events.Attacked
		want string
	}{
		{"a hit shows its roll", events.Attacked{Attacker: playerID, Target: 0, Natural: 12, Attack: 15, ArmorClass: 12, Hit: true, Damage: 4},
			"You hit the Goblin for 4 (15 against armor 12)."},
		{"a miss shows its roll", events.Attacked{Attacker: 0, Target: playerID, Natural: 5, Attack: 6, ArmorClass: 12},
			"The Goblin misses you (6 against armor 12)."},
		{"a miss below zero shows 0", events.Attacked{Attacker: playerID, Target: 0, Natural: 2, Attack: -1, ArmorClass: 14},
			"You miss the Goblin (0 against armor 14)."},
		{"a harmless hit says so with its roll", events.Attacked{Attacker: playerID, Target: 0, Natural: 15, Attack: 14, ArmorClass: 12, Hit: true},
			"You hit the Goblin (14 against armor 12) but do no harm."},
		{"a natural 1 is a fumble", events.Attacked{Attacker: playerID, Target: 0, Natural: 1, Attack: 3, ArmorClass: 12},
			"You fumble and miss wildly (natural 1)."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := arena(t)
			goblin := put(t, s, "Goblin", events.Pos{X: 3, Y: 2}, 0, events.SlotNone)
			f := tc.fact // 0 stands for the goblin
			if f.Attacker == 0 {
				f.Attacker = goblin
			}
			if f.Target == 0 {
				f.Target = goblin
			}
			assert.Equal(t, tc.want, Message(s, &f))
		})
	}
}

func TestTheLogWarnsOnceWhenATurnLeavesThePlayerAtAThirdOfTheirHP(t *testing.T) {
	t.Parallel()
	hit := func(damage int) events.Turn {
		return events.Turn{Command: &events.Move{Dir: events.East}, Facts: []events.Fact{&events.Damaged{Actor: playerID, Amount: damage, Cause: events.CauseStarvation}}}
	}
	cases := []struct {
		name   string
		carry  []string
		hunger events.Hunger
		hp     int // before the turn, of 30 (rules 2)
		damage int
		want   []string
	}{
		{"crossing to a third, with a potion", []string{"Health Potion"}, events.Normal, 30, 20, []string{"Hunger gnaws at you: 20 damage.", "Low HP: 10 of 30 left. Drink the Health Potion (i), or get away and rest (Z)."}},
		{"crossing to a third, without one", nil, events.Normal, 30, 20, []string{"Hunger gnaws at you: 20 damage.", "Low HP: 10 of 30 left. Get away and rest (Z)."}},
		{"crossing well below a third", nil, events.Normal, 11, 10, []string{"Hunger gnaws at you: 10 damage.", "Low HP: 1 of 30 left. Get away and rest (Z)."}},
		{"too hungry to heal by resting, with food", []string{"Ration"}, events.Hungry, 30, 20, []string{"Hunger gnaws at you: 20 damage.", "Low HP: 10 of 30 left. Eat the Ration (i) so that rest heals."}},
		{"starving, with a potion and no food", []string{"Health Potion"}, events.Starving, 30, 20, []string{"Hunger gnaws at you: 20 damage.", "Low HP: 10 of 30 left. Drink the Health Potion (i)."}},
		{"starving with nothing that helps", nil, events.Starving, 30, 20, []string{"Hunger gnaws at you: 20 damage.", "Low HP: 10 of 30 left."}},
		{"above a third", nil, events.Normal, 30, 19, []string{"Hunger gnaws at you: 19 damage."}},
		{"already low: said once, when it was crossed", nil, events.Normal, 10, 1, []string{"Hunger gnaws at you: 1 damage."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, 2)
			for _, name := range c.carry {
				put(t, s, name, events.Pos{}, playerID, events.SlotNone)
			}
			s.Player().HP, s.Hunger = c.hp, c.hunger
			turn := hit(c.damage)
			log, err := s.ApplyTurnMessages(&turn)
			require.NoError(t, err)
			assert.Equal(t, c.want, log)
		})
	}
}
