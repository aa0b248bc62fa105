package journal

import (
	"encoding/binary"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// What the reader says about each kind of damage: torn or not, how the
// search went on past the bad record, how many records it read after it
// and how many of them continue the game.
func TestDamageIsToldFromATornTail(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(30)
	b, s := journalOf(t, turns)
	rec := func(i int) []byte { return b[s[i]:s[i+1]] }
	type want struct {
		Torn       bool
		Turn       int
		Mend       Mend
		Readable   int
		Continuing int
	}
	cases := []struct {
		name string
		b    []byte
		want want
	}{
		{"the last record cut short is torn", b[:s[30]-2], want{Torn: true, Turn: 29}},
		{"the last record cut inside its length is torn", b[:s[29]+1], want{Torn: true, Turn: 29}},
		{"a flipped payload bit loses that turn; the rest chain from its stored checksum",
			flipBit(b, s[10]+8, 3), want{Turn: 10, Mend: MendGap, Readable: 19}},
		{"a flipped checksum bit is mended", flipBit(b, s[10]+2, 5), want{Turn: 10, Mend: MendChecksum, Readable: 20, Continuing: 20}},
		{"a flipped length bit is mended", flipBit(b, s[10], 1), want{Turn: 10, Mend: MendLength, Readable: 20, Continuing: 20}},
		{"length bit 6 of the last record is damage, not a torn tail", flipBit(b, s[29], 6), want{Turn: 29, Mend: MendLength, Readable: 1, Continuing: 1}},
		{"a checksum bit of the last record is mended by the one-bit rule", flipBit(b, s[29]+3, 0), want{Turn: 29, Mend: MendChecksum, Readable: 1, Continuing: 1}},
		{"a payload bit of the last record loses it", flipBit(b, s[30]-1, 0), want{Turn: 29}},
		{"a repeated record is skipped", slices.Concat(b[:s[11]], rec(10), b[s[11]:]), want{Turn: 11, Mend: MendSkip, Readable: 19, Continuing: 19}},
		{"a dropped record is a gap", slices.Concat(b[:s[10]], b[s[11]:]), want{Turn: 10, Mend: MendGap, Readable: 18}},
		{"garbage between records is skipped", slices.Concat(b[:s[10]], []byte("some garbage here"), b[s[10]:]), want{Turn: 10, Mend: MendSkip, Readable: 20, Continuing: 20}},
		{"garbage after the journal is damage, not a torn tail", append(cloneBytes(b), make([]byte, 300_000)...), want{Turn: 30}},
		{"a record that verifies but is refused loses one turn", frameAfter(b, chainAt(b, s, 30), []byte{0xc1}), want{Turn: 30, Mend: MendRefused}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := readBytes(c.b)
			tail := asTail(t, err)
			assert.Equal(t, c.want, want{tail.Torn, tail.Turn, tail.Mend, tail.Readable, tail.Continuing}, "%v", tail)
			if !c.want.Torn {
				assertIs(t, err, ErrDamaged)
				assertIs(t, err, ErrCorrupt)
			} else {
				assertIs(t, err, ErrTorn)
			}
		})
	}
}

func flipBit(b []byte, at int64, bit uint) []byte {
	out := cloneBytes(b)
	out[at] ^= 1 << bit
	return out
}

// chainAt is the stored checksum of the record before s[i]: the chain
// there.
func chainAt(b []byte, s []int64, i int) uint32 {
	last := b[s[i-1]:s[i]]
	_, n := binary.Uvarint(last)
	return binary.LittleEndian.Uint32(last[n:])
}
