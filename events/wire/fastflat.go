package wire

import (
	"encoding/binary"
	"math"

	"rogue/events"
)

// The fast path of format 2 and 3 (decodeFlat): one pass over a turn's
// bytes, a switch on each code straight to the fields of its concrete
// type, each field read inline where it is a positive fixint, the one
// byte nearly every field of a journal is. It takes no interface, no
// closure and no per-field bookkeeping for error messages: it only
// recognizes turns that are plainly well formed, in the encodings the
// encoder writes (fixints, uint8 to uint64, int8 to int32, true and
// false, fixarray and array16 lists), every value in range. On anything
// else (a value it does not take, a turn cut short, an unknown code) it
// gives up, and decodeFlat decodes the turn again on the slow path,
// which accepts exactly what msgpack/v5 would and words every error. So
// whatever the fast path accepts, the slow path accepts with the same
// values (FuzzDecodeTurn checks it on every input), and the errors are
// the slow path's.
//
// A decoder of another flat format follows the same pattern: a fast pass
// over a cursor whose reads may fail at any byte (a sticky flag, checked
// once a fact), over the exact slow path that words the errors.

// cursor reads the fast path's fields. A read that does not take the
// bytes at i sets bad and returns 0; i then stays put, and every later
// read is as safe (each checks its bounds).
type cursor struct {
	b   []byte
	i   int
	bad bool
}

// slowFact reads the fields of the fact of wire code code at payload[at:]
// (fact index of its turn, after the turn's command and its last Spawned
// so far) on the slow path's reader, and returns it with the index after
// it; or nil, when the slow path refuses it (decodeFlat then words why).
func (d *TurnDecoder) slowFact(payload []byte, code byte, at, index int, command events.Command, lastSpawn events.EntityID) (events.Fact, int) {
	r := d.slowReader(payload, at)
	ctx := &d.ctx
	*ctx = turnContext{command: command, lastSpawn: lastSpawn}
	var f events.Fact
	if sh := factShorthands[code]; d.format >= 3 && sh != nil {
		f = d.slowStart(uint8(sh.of), sh.name, index)
		sh.get(r, f, ctx)
	} else {
		name := factName(uint64(code))
		if name == "" {
			return nil, at
		}
		f = d.slowStart(code, name, index)
		getFact(r, f)
	}
	if r.err != nil {
		return nil, at
	}
	return f, r.i
}

// slowReader readies the slow path's reader for a fact at payload[at:].
func (d *TurnDecoder) slowReader(payload []byte, at int) *reader {
	r := &d.r
	r.b, r.i, r.flat = payload, at, true
	r.err, r.nested, r.parked = nil, 0, 0
	return r
}

// slowStart hands out a fact of wire code code from the slabs, for the
// slow path's reader to fill in: fact index of its turn, named name in
// what the reader says is wrong.
func (d *TurnDecoder) slowStart(code uint8, name string, index int) events.Fact {
	f := d.slabs.fact(code)
	d.r.part, d.r.name, d.r.index = partFact, name, index
	d.r.budget()
	return f
}

// levelEntered reads the fields of a LevelEntered into m.
func (c *cursor) levelEntered(m *events.LevelEntered) {
	m.Depth, m.Width, m.Height = c.int(), c.int(), c.int()
	m.Rooms = make([]events.Rect, c.list(4))
	for k := range m.Rooms {
		m.Rooms[k] = events.Rect{X: c.int(), Y: c.int(), W: c.int(), H: c.int()}
	}
	m.Corridors = make([]events.Corridor, c.list(5))
	for k := range m.Corridors {
		m.Corridors[k] = events.Corridor{From: c.pos(), To: c.pos(), HorizontalFirst: c.bool()}
	}
	m.Stairs = c.pos()
	m.Arrival = c.pos()
}

// list reads the header of a list of groups of per values, at most
// MaxRooms groups, and returns the number of groups.
func (c *cursor) list(per int) int {
	if c.i >= len(c.b) {
		c.bad = true
		return 0
	}
	var l int
	switch v := c.b[c.i]; {
	case v >= 0x90 && v <= 0x9f:
		l = int(v & 0x0f)
		c.i++
	case v == 0xdc && c.i+3 <= len(c.b):
		l = int(binary.BigEndian.Uint16(c.b[c.i+1:]))
		c.i += 3
	default:
		c.bad = true
		return 0
	}
	if l%per != 0 || l/per > events.MaxRooms {
		c.bad = true
		return 0
	}
	return l / per
}

// The reads below are inlined where the value is a positive fixint.

// uint reads an unsigned integer at most max.
func (c *cursor) uint(max uint64) uint64 {
	if c.i < len(c.b) {
		if v := c.b[c.i]; v <= 0x7f {
			c.i++
			return uint64(v)
		}
	}
	return c.uintLong(max)
}

func (c *cursor) uintLong(max uint64) uint64 {
	b, i := c.b, c.i
	var v uint64
	switch {
	case i >= len(b):
		c.bad = true
		return 0
	case b[i] <= 0x7f:
		v, i = uint64(b[i]), i+1
	case b[i] == 0xcc && i+2 <= len(b):
		v, i = uint64(b[i+1]), i+2
	case b[i] == 0xcd && i+3 <= len(b):
		v, i = uint64(binary.BigEndian.Uint16(b[i+1:])), i+3
	case b[i] == 0xce && i+5 <= len(b):
		v, i = uint64(binary.BigEndian.Uint32(b[i+1:])), i+5
	case b[i] == 0xcf && i+9 <= len(b):
		v, i = binary.BigEndian.Uint64(b[i+1:]), i+9
	default:
		c.bad = true
		return 0
	}
	if v > max {
		c.bad = true
		return 0
	}
	c.i = i
	return v
}

// id reads an entity id: a positive fixint, a uint8, a uint16 or a
// uint32, the encodings of every id, inline; anything else is a miss (see
// fastFlat). The one uint32 that is no id, math.MaxUint32, is refused by
// valid, which the caller wraps around it: id and valid each inline into
// fastFlat, where one function doing both would be too big to.
func (c *cursor) id() events.EntityID {
	b := c.b[c.i:]
	if len(b) > 0 && b[0] < 0x80 {
		c.i++
		return events.EntityID(b[0])
	}
	if len(b) >= 5 && wide32[b[0]] != 0 {
		w := wide32[b[0]]
		c.i += 1 + int(w)
		return events.EntityID(binary.BigEndian.Uint32(b[1:]) >> (32 - 8*w))
	}
	c.bad = true
	return 0
}

// valid refuses the one uint32 that is no entity id.
func (c *cursor) valid(id events.EntityID) events.EntityID {
	if id == math.MaxUint32 {
		c.bad = true
	}
	return id
}

// wide32 is the width of the unsigned encodings id reads inline besides
// fixints.
var wide32 = [256]uint8{0xcc: 1, 0xcd: 2, 0xce: 4}

// short16 is the width of the unsigned encodings the cursor reads inline
// besides fixints: any value they hold is an int and an entity id.
var short16 = [256]uint8{0xcc: 1, 0xcd: 2}

// int reads an int, as id does.
func (c *cursor) int() int {
	b := c.b[c.i:]
	if len(b) > 0 && b[0] < 0x80 {
		c.i++
		return int(b[0])
	}
	if len(b) >= 3 && short16[b[0]] != 0 {
		w := short16[b[0]]
		c.i += 1 + int(w)
		return int(binary.BigEndian.Uint16(b[1:]) >> (16 - 8*w))
	}
	c.bad = true
	return 0
}

// pos is two ints; the hot facts read them inline as Pos{c.int(), c.int()}.
func (c *cursor) pos() events.Pos { return events.Pos{X: c.int(), Y: c.int()} }

// enum reads a positive fixint below limit.
func (c *cursor) enum(limit byte) byte {
	if c.i < len(c.b) && c.b[c.i] < limit {
		c.i++
		return c.b[c.i-1]
	}
	c.bad = true
	return 0
}

func (c *cursor) cause() events.Cause {
	if c.i < len(c.b) && c.b[c.i] <= 0x7f && knownCause[c.b[c.i]] {
		c.i++
		return events.Cause(c.b[c.i-1])
	}
	c.bad = true
	return 0
}

func (c *cursor) bool() bool {
	if c.i < len(c.b) {
		switch c.b[c.i] {
		case 0xc2:
			c.i++
			return false
		case 0xc3:
			c.i++
			return true
		}
	}
	c.bad = true
	return false
}
