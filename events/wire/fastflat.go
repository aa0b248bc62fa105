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

// fastFlat decodes the turn in payload into t, or reports false (t and
// the slabs then hold values the caller discards).
func (d *TurnDecoder) fastFlat(payload []byte, t *events.Turn) bool {
	c := cursor{b: payload}
	s := &d.slabs
	short := d.format >= 3
	if len(c.b) == 0 {
		return false
	}
	code := c.b[0]
	c.i = 1
	// The command; a Move's direction, for Moved as commanded.
	moveDir, isMove := events.Dir(0), false
	switch {
	case short && code >= moveShorthand && code < moveShorthand+byte(events.NumDirs):
		m := s.move.raw(s)
		m.Dir = events.Dir(code - moveShorthand)
		moveDir, isMove = m.Dir, true
		t.Command = m
	case code == byte(events.CodeMove):
		m := s.move.raw(s)
		m.Dir = c.dir()
		moveDir, isMove = m.Dir, true
		t.Command = m
	case code == byte(events.CodeWait):
		t.Command = s.wait.raw(s)
	case code == byte(events.CodeDescend):
		t.Command = s.descend.raw(s)
	case code == byte(events.CodePickUp):
		t.Command = s.pickUp.raw(s)
	case code == byte(events.CodeBegin):
		t.Command = s.begin.raw(s)
	case code == byte(events.CodeDrop):
		m := s.drop.raw(s)
		m.Item = c.valid(c.id())
		t.Command = m
	case code == byte(events.CodeRemove):
		m := s.remove.raw(s)
		m.Item = c.valid(c.id())
		t.Command = m
	case code == byte(events.CodeUse):
		m := s.use.raw(s)
		*m = events.Use{Item: c.valid(c.id()), HasTarget: c.bool()}
		if m.HasTarget {
			m.Target = c.pos()
		}
		t.Command = m
	case code == byte(events.CodeChooseAttribute):
		m := s.chooseAttribute.raw(s)
		m.Attribute = events.Attribute(c.enum(byte(events.NumAttributes)))
		t.Command = m
	default:
		return false
	}
	t.Draws = c.uint(math.MaxUint64)
	if c.bad {
		return false
	}
	t.Facts = t.Facts[:0]
	var lastSpawn events.EntityID
	for c.i < len(c.b) {
		if len(t.Facts) == events.MaxFactsPerTurn {
			return false
		}
		code := c.b[c.i]
		c.i++
		at := c.i
		var f events.Fact
		var spawned *events.Spawned
		switch events.FactCode(code) {
		case events.CodeMoved:
			m := s.moved.raw(s)
			*m = events.Moved{Actor: c.valid(c.id()), Dir: c.dir()}
			f = m
		case codeMovedAsCommanded:
			if !short || !isMove {
				return false
			}
			m := s.moved.raw(s)
			*m = events.Moved{Actor: events.PlayerID, Dir: moveDir}
			f = m
		case events.CodeAttacked:
			m := s.attacked.raw(s)
			*m = events.Attacked{Attacker: c.valid(c.id()), Target: c.valid(c.id()), Weapon: c.valid(c.id()), Natural: c.int(), Attack: c.int(),
				ArmorClass: c.int(), Hit: c.bool(), Roll: c.int(), Damage: c.int()}
			f = m
		case events.CodeSpawned:
			m := s.spawned.raw(s)
			*m = events.Spawned{ID: c.valid(c.id()), Kind: c.int(), Pos: events.Pos{X: c.int(), Y: c.int()}, Holder: c.valid(c.id()), Slot: events.Slot(c.enum(byte(events.NumSlots))), HP: c.int()}
			f, spawned = m, m
		case codeSpawnedNextFloor:
			if !short || uint64(lastSpawn)+1 >= math.MaxUint32 {
				return false
			}
			m := s.spawned.raw(s)
			*m = events.Spawned{ID: lastSpawn + 1, Kind: c.int(), Pos: events.Pos{X: c.int(), Y: c.int()}, HP: c.int()}
			f, spawned = m, m
		case codeSpawnedNextHeld:
			if !short || uint64(lastSpawn)+1 >= math.MaxUint32 {
				return false
			}
			m := s.spawned.raw(s)
			*m = events.Spawned{ID: lastSpawn + 1, Kind: c.int(), Holder: c.valid(c.id()), Slot: events.Slot(c.enum(byte(events.NumSlots)))}
			f, spawned = m, m
		case events.CodeDamaged:
			m := s.damaged.raw(s)
			*m = events.Damaged{Actor: c.valid(c.id()), Amount: c.int(), Cause: c.cause(), Source: c.valid(c.id())}
			f = m
		case events.CodeDied:
			m := s.died.raw(s)
			*m = events.Died{Actor: c.valid(c.id()), Cause: c.cause(), Killer: c.valid(c.id())}
			f = m
		case events.CodeGainedXP:
			m := s.gainedXP.raw(s)
			*m = events.GainedXP{Actor: c.valid(c.id()), Amount: c.int()}
			f = m
		case events.CodeHealed:
			m := s.healed.raw(s)
			*m = events.Healed{Actor: c.valid(c.id()), Amount: c.int(), Cause: c.cause()}
			f = m
		case events.CodeStaggered:
			m := s.staggered.raw(s)
			*m = events.Staggered{Actor: c.valid(c.id()), Dir: c.dir(), Blocked: c.bool()}
			f = m
		case events.CodeLostSight:
			m := s.lostSight.raw(s)
			*m = events.LostSight{Actor: c.valid(c.id()), At: c.pos(), Until: c.int()}
			f = m
		case events.CodeConfused:
			m := s.confused.raw(s)
			*m = events.Confused{Actor: c.valid(c.id()), Until: c.int()}
			f = m
		case events.CodeHungerChanged:
			m := s.hungerChanged.raw(s)
			*m = events.HungerChanged{Actor: c.valid(c.id()), Hunger: events.Hunger(c.enum(byte(events.NumHungers))), Until: c.int()}
			f = m
		case events.CodePickedUp:
			m := s.pickedUp.raw(s)
			*m = events.PickedUp{Actor: c.valid(c.id()), Item: c.valid(c.id())}
			f = m
		case events.CodeDropped:
			m := s.dropped.raw(s)
			*m = events.Dropped{Actor: c.valid(c.id()), Item: c.valid(c.id())}
			f = m
		case events.CodeUnequipped:
			m := s.unequipped.raw(s)
			*m = events.Unequipped{Actor: c.valid(c.id()), Item: c.valid(c.id())}
			f = m
		case events.CodeConsumed:
			m := s.consumed.raw(s)
			*m = events.Consumed{Actor: c.valid(c.id()), Item: c.valid(c.id())}
			f = m
		case events.CodeEquipped:
			m := s.equipped.raw(s)
			*m = events.Equipped{Actor: c.valid(c.id()), Item: c.valid(c.id()), Slot: events.Slot(c.enum(byte(events.NumSlots))), Displaced: c.valid(c.id())}
			f = m
		case events.CodeLevelledUp:
			m := s.levelledUp.raw(s)
			*m = events.LevelledUp{Actor: c.valid(c.id()), Level: c.int(), Attribute: events.Attribute(c.enum(byte(events.NumAttributes))), HP: c.int(), Mana: c.int()}
			f = m
		case events.CodeSkillRaised:
			m := s.skillRaised.raw(s)
			*m = events.SkillRaised{Actor: c.valid(c.id()), Skill: events.Skill(c.enum(byte(events.NumSkills))), By: c.int()}
			f = m
		case events.CodeLevelEntered:
			m := &events.LevelEntered{} // not pooled: see slabs.fact
			c.level(m)
			f = m
		default:
			// No fact this path knows.
			return false
		}
		if c.bad {
			// A value in a longer encoding than the cursor reads inline:
			// this fact again, on the slow path's reader.
			c.bad = false
			if f, c.i = d.slowFact(payload, code, at, len(t.Facts), t.Command, lastSpawn); f == nil {
				return false
			}
			spawned, _ = f.(*events.Spawned)
		}
		if spawned != nil {
			lastSpawn = spawned.ID
		}
		t.Facts = append(t.Facts, f)
	}
	return true
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

// level reads the fields of a LevelEntered into m.
func (c *cursor) level(m *events.LevelEntered) {
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

func (c *cursor) dir() events.Dir { return events.Dir(c.enum(byte(events.NumDirs))) }

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
