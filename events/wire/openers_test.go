package wire

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/events/eventstest"
)

// Format 4's shorthands, each on the turn it was made for: what it writes,
// and that it reads back as exactly the turn it was given.
func TestFormat4WritesTheCommonestTurnsInAFewBytes(t *testing.T) {
	t.Parallel()
	goblin, orc := events.EntityID(300), events.EntityID(301)
	cases := []struct {
		name string
		turn events.Turn
		want []byte
	}{
		{"a step as commanded is one byte",
			events.Turn{Command: &events.Move{Dir: events.SouthWest}, Facts: []events.Fact{&events.Moved{Actor: events.PlayerID, Dir: events.SouthWest}}},
			[]byte{0x4d}},
		{"a step and a monster's step",
			events.Turn{Command: &events.Move{Dir: events.East}, Facts: []events.Fact{&events.Moved{Actor: events.PlayerID, Dir: events.East}, &events.Moved{Actor: goblin, Dir: events.North}}},
			[]byte{0x4a, 0x58, 0xcd, 0x01, 0x2c}},
		{"a step with draws writes its draw count",
			events.Turn{Command: &events.Move{Dir: events.East}, Draws: 7, Facts: []events.Fact{&events.Moved{Actor: events.PlayerID, Dir: events.East}}},
			[]byte{0x42, 0x07, 0x50}},
		{"a rest that heals a hit point is one byte",
			events.Turn{Command: &events.Wait{}, Facts: []events.Fact{&events.Healed{Actor: events.PlayerID, Amount: 1, Cause: events.CauseRest}}},
			[]byte{0x69}},
		{"a rest that heals more is written in full",
			events.Turn{Command: &events.Wait{}, Facts: []events.Fact{&events.Healed{Actor: events.PlayerID, Amount: 2, Cause: events.CauseRest}}},
			[]byte{0x68, 0x0e, 0x01, 0x02, 0x07}},
		{"a wait with draws is written as in format 3",
			events.Turn{Command: &events.Wait{}, Draws: 1},
			[]byte{0x03, 0x01}},
		{"a pick-up",
			events.Turn{Command: &events.PickUp{}, Facts: []events.Fact{&events.PickedUp{Actor: events.PlayerID, Item: 12}}},
			[]byte{0x6a, 0x0c}},
		{"a swing that hits and one in reply that misses, their draws in the opener",
			events.Turn{Command: &events.Move{Dir: events.North}, Draws: 3, Facts: []events.Fact{
				&events.Attacked{Attacker: events.PlayerID, Target: goblin, Weapon: 2, Natural: 14, Attack: 15, ArmorClass: 11, Hit: true, Roll: 3, Damage: 4},
				&events.Attacked{Attacker: goblin, Target: events.PlayerID, Natural: 5, Attack: 7, ArmorClass: 12},
			}},
			[]byte{
				0x58,                   // Move north, 3 draws
				0x62, 0xcd, 0x01, 0x2c, // by the player at 300, with the next id (2: the first dagger)
				0x0e, 0x0f, 0x0b, 0x03, 0x04, // natural, attack, armor class; a hit: roll, damage
				0x65,             // in reply, unarmed
				0x05, 0x07, 0x0c, // natural, attack, armor class; a miss
			}},
		{"a natural 20 hits whatever the armor class, a natural 1 misses",
			events.Turn{Command: &events.Wait{}, Draws: 3, Facts: []events.Fact{
				&events.Attacked{Attacker: orc, Target: events.PlayerID, Weapon: orc + 1, Natural: 20, Attack: 21, ArmorClass: 30, Hit: true, Roll: 9, Damage: 11},
				&events.Attacked{Attacker: goblin, Target: events.PlayerID, Weapon: 7, Natural: 1, Attack: 30, ArmorClass: 12},
			}},
			[]byte{
				0x03, 0x03, // Wait, 3 draws
				0x6a, 0xcd, 0x01, 0x2d, // at the player by 301, with the next id
				0x14, 0x15, 0x1e, 0x09, 0x0b,
				0x68, 0xcd, 0x01, 0x2c, 0x07, // at the player by 300, weapon 7
				0x01, 0x1e, 0x0c,
			}},
		{"a kill: the death, the drop and the experience",
			events.Turn{Command: &events.Move{Dir: events.North}, Draws: 2, Facts: []events.Fact{
				&events.Attacked{Attacker: events.PlayerID, Target: orc, Weapon: 40, Natural: 14, Attack: 15, ArmorClass: 11, Hit: true, Roll: 3, Damage: 4},
				&events.Dropped{Actor: orc, Item: orc + 1},
				&events.Dropped{Actor: orc, Item: 9},
				&events.Died{Actor: orc, Cause: events.CauseMelee, Killer: events.PlayerID},
				&events.GainedXP{Actor: events.PlayerID, Amount: 10},
			}},
			[]byte{
				0x50,                                                       // Move north, 2 draws
				0x60, 0xcd, 0x01, 0x2d, 0x28, 0x0e, 0x0f, 0x0b, 0x03, 0x04, // the swing, weapon 40
				0x72,       // dropped by 301: 302
				0x71, 0x09, // dropped by 301: 9
				0x70,       // died of the swing
				0x73, 0x0a, // the player gains 10
			}},
		{"a swing whose hit is not the d20 rule's is written in full",
			events.Turn{Command: &events.Wait{}, Facts: []events.Fact{
				&events.Attacked{Attacker: goblin, Target: events.PlayerID, Natural: 5, Attack: 7, ArmorClass: 12, Hit: true, Roll: 1, Damage: 1},
			}},
			[]byte{0x68, 0x05, 0xcd, 0x01, 0x2c, 0x01, 0x00, 0x05, 0x07, 0x0c, 0xc3, 0x01, 0x01}},
		{"a miss that rolled damage is written in full",
			events.Turn{Command: &events.Wait{}, Facts: []events.Fact{
				&events.Attacked{Attacker: goblin, Target: events.PlayerID, Natural: 5, Attack: 7, ArmorClass: 12, Roll: 2},
			}},
			[]byte{0x68, 0x05, 0xcd, 0x01, 0x2c, 0x01, 0x00, 0x05, 0x07, 0x0c, 0xc2, 0x02, 0x00}},
		{"a swing between two monsters is written in full",
			events.Turn{Command: &events.Wait{}, Facts: []events.Fact{
				&events.Attacked{Attacker: goblin, Target: orc, Natural: 5, Attack: 7, ArmorClass: 12},
			}},
			[]byte{0x68, 0x05, 0xcd, 0x01, 0x2c, 0xcd, 0x01, 0x2d, 0x00, 0x05, 0x07, 0x0c, 0xc2, 0x00, 0x00}},
		{"a death by starvation is written in full",
			events.Turn{Command: &events.Wait{}, Facts: []events.Fact{&events.Died{Actor: events.PlayerID, Cause: events.CauseStarvation}}},
			[]byte{0x68, 0x06, 0x01, 0x02, 0x00}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := NewTurnEncoderFor(4).Encode(&c.turn)
			require.NoError(t, err)
			assert.Equal(t, c.want, b)
			require.NoError(t, CheckTurn(b, 4))
			var back events.Turn
			require.NoError(t, NewTurnDecoderFor(4).Decode(b, &back))
			assert.Equal(t, c.turn, back)
		})
	}
}

// Format 4 reads every format 3 payload as format 3 does: its codes keep
// their meaning.
func TestFormat4ReadsFormat3sCodes(t *testing.T) {
	t.Parallel()
	for _, c := range eventstest.Commands() {
		in := events.Turn{Command: c, Draws: 300, Facts: eventstest.Facts()}
		b, err := NewTurnEncoderFor(3).Encode(&in)
		require.NoError(t, err)
		var out events.Turn
		require.NoError(t, NewTurnDecoderFor(4).Decode(b, &out))
		assert.Equal(t, in, out)
	}
}
