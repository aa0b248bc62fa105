package events

import (
	"encoding/binary"
	"math"
)

// The reads of fast4. Each takes the turn's bytes b and the index i of
// a value, and returns the value and the index after it; or, when it does
// not take the bytes at i (an encoding it does not read, a value out of
// range, no bytes left), 0 and missed. The common ones are inlined.

// missed is the index a read returns when it does not take the bytes at
// its index: past the end of any turn fast4 reads, so that every read
// after it misses too.
const missed = 1 << 30

// id4 reads an entity id: a positive fixint, a uint8, a uint16 or a
// uint32 (not math.MaxUint32, no id), the encodings of every id.
func id4(b []byte, i int) (EntityID, int) {
	if i < len(b) {
		if v := b[i]; v < 0x80 {
			return EntityID(v), i + 1
		}
		if w := wide32[b[i]]; w != 0 && i+5 <= len(b) {
			if v := binary.BigEndian.Uint32(b[i+1:]) >> (32 - 8*w); v != math.MaxUint32 {
				return EntityID(v), i + 1 + int(w)
			}
		}
	}
	return 0, missed
}

// int4 reads an int: a fixint, positive or negative, a uint8 or a
// uint16. It takes the 3 bytes at i to be there, as they are in a turn
// padded as fast4 pads it wherever a read starts before the turn's end:
// one bound check for every encoding.
func int4(b []byte, i int) (int, int) {
	if i+3 <= len(b) {
		c := b[i : i+3]
		switch v := c[0]; {
		case int8(v) >= -32:
			return int(int8(v)), i + 1
		case v == 0xcc:
			return int(c[1]), i + 2
		case v == 0xcd:
			return int(c[1])<<8 | int(c[2]), i + 3
		}
	}
	return 0, missed
}

// enum4 reads a positive fixint below limit.
func enum4(b []byte, i int, limit byte) (byte, int) {
	if i < len(b) && b[i] < limit {
		return b[i], i + 1
	}
	return 0, missed
}

func dir4(b []byte, i int) (Dir, int) {
	v, i := enum4(b, i, byte(NumDirs))
	return Dir(v), i
}

func slot4(b []byte, i int) (Slot, int) {
	v, i := enum4(b, i, byte(NumSlots))
	return Slot(v), i
}

func cause4(b []byte, i int) (Cause, int) {
	if i < len(b) && b[i] <= 0x7f && knownCause[b[i]] {
		return Cause(b[i]), i + 1
	}
	return 0, missed
}

func bool4(b []byte, i int) (bool, int) {
	if i < len(b) {
		switch b[i] {
		case 0xc2:
			return false, i + 1
		case 0xc3:
			return true, i + 1
		}
	}
	return false, missed
}

// uintLong4 reads a draw count, any unsigned integer, but a positive
// fixint (fast4 reads those inline).
func uintLong4(b []byte, i int) (uint64, int) {
	c := cursor{b: b, i: i}
	if v := c.uintLong(math.MaxUint64); !c.bad {
		return v, c.i
	}
	return 0, missed
}

// until4 reads a turn number (an int): a positive fixint, a uint8, a
// uint16 or, in a long game, a uint32 up to math.MaxInt32. It is not
// inlined: the facts that hold one are rare.
func until4(b []byte, i int) (int, int) {
	if i < len(b) {
		switch v := b[i:]; {
		case v[0] <= 0x7f:
			return int(v[0]), i + 1
		case len(v) >= 2 && v[0] == 0xcc:
			return int(v[1]), i + 2
		case len(v) >= 3 && v[0] == 0xcd:
			return int(binary.BigEndian.Uint16(v[1:])), i + 3
		case len(v) >= 5 && v[0] == 0xce:
			if u := binary.BigEndian.Uint32(v[1:]); u <= math.MaxInt32 {
				return int(u), i + 5
			}
		}
	}
	return 0, missed
}

// level4 reads the fields of a LevelEntered into m, on format 2's cursor.
func level4(b []byte, i int, m *LevelEntered) int {
	c := cursor{b: b, i: i}
	if c.i > len(c.b) {
		return missed
	}
	c.level(m)
	if c.bad {
		return missed
	}
	return c.i
}
