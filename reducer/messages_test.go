package reducer

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

func TestATurnIsToldInTheOrderThingsHappen(t *testing.T) {
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
