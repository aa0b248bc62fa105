package wire

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"rogue/events"
)

// An array32 declaring 0xffffffff values is refused by the same check,
// with the same message, on 32-bit platforms as on 64-bit ones: the
// length is compared before it narrows to an int (on 386, int(0xffffffff)
// would be -1, the length of nil). Decode is called without CheckTurn,
// which would refuse these first.
func TestHugeArrayLengthsAreRefusedTheSameOnEveryPlatform(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		format  int
		payload []byte
		want    string
	}{
		{"a format 1 turn of four billion values", 1, []byte{0xdd, 0xff, 0xff, 0xff, 0xff, 0x92, 0x03},
			"turn: an array of 4294967295 values, want a command, a draw count and at most 4096 facts"},
		{"a format 1 command of four billion values", 1, []byte{0x92, 0xdd, 0xff, 0xff, 0xff, 0xff, 0x03, 0x00},
			"command: an array of 4294967295 values, but only 2 bytes are left"},
		{"a format 1 fact of four billion values", 1, []byte{0x93, 0x91, 0x03, 0x00, 0xdd, 0xff, 0xff, 0xff, 0xff, 0x07},
			"fact 0: an array of 4294967295 values, but only 1 bytes are left"},
		{"a level of four billion rooms", 3, []byte{0x03, 0x00, 0x01, 0x01, 0x50, 0x15, 0xdd, 0xff, 0xff, 0xff, 0xff},
			"fact 0 (LevelEntered) field 4: a list of 4294967295 values, want groups of 4, at most 64 groups"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var turn events.Turn
			err := NewTurnDecoderFor(c.format).Decode(c.payload, &turn)
			assert.EqualError(t, err, c.want)
		})
	}
}
