package events

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Format 4's shorthands, each on the turn it was made for: what it writes,
// and that it reads back as exactly the turn it was given.
func TestFormat4WritesTheCommonestTurnsInAFewBytes(t *testing.T) {
	t.Parallel()
	goblin, orc := EntityID(300), EntityID(301)
	cases := []struct {
		name string
		turn Turn
		want []byte
	}{
		{"a step as commanded is one byte",
			Turn{Command: &Move{Dir: SouthWest}, Facts: []Fact{&Moved{Actor: PlayerID, Dir: SouthWest}}},
			[]byte{0x4d}},
		{"a step and a monster's step",
			Turn{Command: &Move{Dir: East}, Facts: []Fact{&Moved{Actor: PlayerID, Dir: East}, &Moved{Actor: goblin, Dir: North}}},
			[]byte{0x4a, 0x58, 0xcd, 0x01, 0x2c}},
		{"a step with draws writes its draw count",
			Turn{Command: &Move{Dir: East}, Draws: 7, Facts: []Fact{&Moved{Actor: PlayerID, Dir: East}}},
			[]byte{0x42, 0x07, 0x50}},
		{"a rest that heals a hit point is one byte",
			Turn{Command: &Wait{}, Facts: []Fact{&Healed{Actor: PlayerID, Amount: 1, Cause: CauseRest}}},
			[]byte{0x69}},
		{"a rest that heals more is written in full",
			Turn{Command: &Wait{}, Facts: []Fact{&Healed{Actor: PlayerID, Amount: 2, Cause: CauseRest}}},
			[]byte{0x68, 0x0e, 0x01, 0x02, 0x07}},
		{"a wait with draws is written as in format 3",
			Turn{Command: &Wait{}, Draws: 1},
			[]byte{0x03, 0x01}},
		{"a pick-up",
			Turn{Command: &PickUp{}, Facts: []Fact{&PickedUp{Actor: PlayerID, Item: 12}}},
			[]byte{0x6a, 0x0c}},
		{"a swing that hits and one in reply that misses, their draws in the opener",
			Turn{Command: &Move{Dir: North}, Draws: 3, Facts: []Fact{
				&Attacked{Attacker: PlayerID, Target: goblin, Weapon: 2, Natural: 14, Attack: 15, ArmorClass: 11, Hit: true, Roll: 3, Damage: 4},
				&Attacked{Attacker: goblin, Target: PlayerID, Natural: 5, Attack: 7, ArmorClass: 12},
			}},
			[]byte{
				0x58,                   // Move north, 3 draws
				0x62, 0xcd, 0x01, 0x2c, // by the player at 300, with the next id (2: the first dagger)
				0x0e, 0x0f, 0x0b, 0x03, 0x04, // natural, attack, armor class; a hit: roll, damage
				0x65,             // in reply, unarmed
				0x05, 0x07, 0x0c, // natural, attack, armor class; a miss
			}},
		{"a natural 20 hits whatever the armor class, a natural 1 misses",
			Turn{Command: &Wait{}, Draws: 3, Facts: []Fact{
				&Attacked{Attacker: orc, Target: PlayerID, Weapon: orc + 1, Natural: 20, Attack: 21, ArmorClass: 30, Hit: true, Roll: 9, Damage: 11},
				&Attacked{Attacker: goblin, Target: PlayerID, Weapon: 7, Natural: 1, Attack: 30, ArmorClass: 12},
			}},
			[]byte{
				0x03, 0x03, // Wait, 3 draws
				0x6a, 0xcd, 0x01, 0x2d, // at the player by 301, with the next id
				0x14, 0x15, 0x1e, 0x09, 0x0b,
				0x68, 0xcd, 0x01, 0x2c, 0x07, // at the player by 300, weapon 7
				0x01, 0x1e, 0x0c,
			}},
		{"a kill: the death, the drop and the experience",
			Turn{Command: &Move{Dir: North}, Draws: 2, Facts: []Fact{
				&Attacked{Attacker: PlayerID, Target: orc, Weapon: 40, Natural: 14, Attack: 15, ArmorClass: 11, Hit: true, Roll: 3, Damage: 4},
				&Dropped{Actor: orc, Item: orc + 1},
				&Dropped{Actor: orc, Item: 9},
				&Died{Actor: orc, Cause: CauseMelee, Killer: PlayerID},
				&GainedXP{Actor: PlayerID, Amount: 10},
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
			Turn{Command: &Wait{}, Facts: []Fact{
				&Attacked{Attacker: goblin, Target: PlayerID, Natural: 5, Attack: 7, ArmorClass: 12, Hit: true, Roll: 1, Damage: 1},
			}},
			[]byte{0x68, 0x05, 0xcd, 0x01, 0x2c, 0x01, 0x00, 0x05, 0x07, 0x0c, 0xc3, 0x01, 0x01}},
		{"a miss that rolled damage is written in full",
			Turn{Command: &Wait{}, Facts: []Fact{
				&Attacked{Attacker: goblin, Target: PlayerID, Natural: 5, Attack: 7, ArmorClass: 12, Roll: 2},
			}},
			[]byte{0x68, 0x05, 0xcd, 0x01, 0x2c, 0x01, 0x00, 0x05, 0x07, 0x0c, 0xc2, 0x02, 0x00}},
		{"a swing between two monsters is written in full",
			Turn{Command: &Wait{}, Facts: []Fact{
				&Attacked{Attacker: goblin, Target: orc, Natural: 5, Attack: 7, ArmorClass: 12},
			}},
			[]byte{0x68, 0x05, 0xcd, 0x01, 0x2c, 0xcd, 0x01, 0x2d, 0x00, 0x05, 0x07, 0x0c, 0xc2, 0x00, 0x00}},
		{"a death by starvation is written in full",
			Turn{Command: &Wait{}, Facts: []Fact{&Died{Actor: PlayerID, Cause: CauseStarvation}}},
			[]byte{0x68, 0x06, 0x01, 0x02, 0x00}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := NewTurnEncoderFor(4).Encode(&c.turn)
			require.NoError(t, err)
			assert.Equal(t, c.want, b)
			require.NoError(t, CheckTurn(b, 4))
			var back Turn
			require.NoError(t, NewTurnDecoderFor(4).Decode(b, &back))
			assert.Equal(t, c.turn, back)
		})
	}
}

// Format 4 reads every format 3 payload as format 3 does: its codes keep
// their meaning.
func TestFormat4ReadsFormat3sCodes(t *testing.T) {
	t.Parallel()
	for _, c := range sampleCommands() {
		in := Turn{Command: c, Draws: 300, Facts: sampleFacts()}
		b, err := NewTurnEncoderFor(3).Encode(&in)
		require.NoError(t, err)
		var out Turn
		require.NoError(t, NewTurnDecoderFor(4).Decode(b, &out))
		assert.Equal(t, in, out)
	}
}
