package wire

import (
	"encoding/binary"
	"math"

	"rogue/events"
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
func id4(b []byte, i int) (events.EntityID, int) {
	if i < len(b) {
		if v := b[i]; v < 0x80 {
			return events.EntityID(v), i + 1
		}
		if w := wide32[b[i]]; w != 0 && i+5 <= len(b) {
			if v := binary.BigEndian.Uint32(b[i+1:i+5]) >> (32 - 8*w); v != math.MaxUint32 {
				return events.EntityID(v), i + 1 + int(w)
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
	// The bytes by index, not through a slice of b: the bound covers
	// them, where a slice costs its own header and checks.
	if i+3 <= len(b) {
		switch v := b[i]; {
		case int8(v) >= -32:
			return int(int8(v)), i + 1
		case v == 0xcc:
			return int(b[i+1]), i + 2
		case v == 0xcd:
			return int(b[i+1])<<8 | int(b[i+2]), i + 3
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

func slot4(b []byte, i int) (events.Slot, int) {
	v, i := enum4(b, i, byte(events.NumSlots))
	return events.Slot(v), i
}

func cause4(b []byte, i int) (events.Cause, int) {
	if i < len(b) && b[i] <= 0x7f && knownCause[b[i]] {
		return events.Cause(b[i]), i + 1
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

// level4 reads the fields of a LevelEntered into m, with the reads of
// format 2's cursor (cursor.level: a positive fixint, a uint8 or a uint16
// for each number, a fixarray or an array 16 for each list), its index
// in a register where the cursor's lives in memory (a level is a hundred
// numbers and more, the most of any fact). It returns missed, having
// allocated no list, where cursor.level would fail.
func level4(b []byte, i int, m *events.LevelEntered) int {
	m.Depth, i = nat4(b, i)
	m.Width, i = nat4(b, i)
	m.Height, i = nat4(b, i)
	var n int
	if n, i = list4(b, i, 4); i == missed {
		return missed
	}
	m.Rooms = make([]events.Rect, n)
	for k := range m.Rooms {
		r := &m.Rooms[k]
		r.X, i = nat4(b, i)
		r.Y, i = nat4(b, i)
		r.W, i = nat4(b, i)
		r.H, i = nat4(b, i)
	}
	if n, i = list4(b, i, 5); i == missed {
		return missed
	}
	m.Corridors = make([]events.Corridor, n)
	for k := range m.Corridors {
		c := &m.Corridors[k]
		c.From.X, i = nat4(b, i)
		c.From.Y, i = nat4(b, i)
		c.To.X, i = nat4(b, i)
		c.To.Y, i = nat4(b, i)
		c.HorizontalFirst, i = bool4(b, i)
	}
	m.Stairs.X, i = nat4(b, i)
	m.Stairs.Y, i = nat4(b, i)
	m.Arrival.X, i = nat4(b, i)
	m.Arrival.Y, i = nat4(b, i)
	return i
}

// nat4 reads a number as cursor.int does: a positive fixint, a uint8 or
// a uint16 (taking, as int4 does, the 3 bytes at i to be there).
func nat4(b []byte, i int) (int, int) {
	if i+3 <= len(b) {
		switch v := b[i]; {
		case v <= 0x7f:
			return int(v), i + 1
		case v == 0xcc:
			return int(b[i+1]), i + 2
		case v == 0xcd:
			return int(b[i+1])<<8 | int(b[i+2]), i + 3
		}
	}
	return 0, missed
}

// list4 reads the header of a list as cursor.list does: a fixarray or
// an array 16 of groups of per values, at most MaxRooms groups; it
// returns the number of groups.
func list4(b []byte, i int, per int) (int, int) {
	if i+3 > len(b) {
		return 0, missed
	}
	var l int
	switch v := b[i]; {
	case v >= 0x90 && v <= 0x9f:
		l, i = int(v&0x0f), i+1
	case v == 0xdc:
		l, i = int(binary.BigEndian.Uint16(b[i+1:i+3])), i+3
	default:
		return 0, missed
	}
	if l%per != 0 || l/per > events.MaxRooms {
		return 0, missed
	}
	return l / per, i
}
