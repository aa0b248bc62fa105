package events

import (
	"encoding/binary"
	"math"
)

// The fast path of format 2 and 3 (decodeFlat): one pass over a turn's
// bytes, a switch on each code straight to the fields of its concrete
// type, each field read inline where it is a positive fixint, the one
// byte nearly every field of a journal is. It takes no interface, no
// closure and no per-field bookkeeping for error messages: it only
// recognizes turns that are plainly well formed, in the encodings the
// encoder writes (fixints, uint8 to uint32, int8 to int32, true and
// false), every value in range. On anything else (a value it does not
// take, a turn cut short, an unknown code, a rare fact) it
// gives up, and decodeFlat decodes the turn again on the slow path,
// which accepts exactly what msgpack/v5 would and words every error. So
// whatever the fast path accepts, the slow path accepts with the same
// values (FuzzDecodeTurn checks it), and the errors are the slow path's.
//
// A decoder of another flat format follows the same pattern: a fast pass
// of the common shapes that may give up at any byte, over the exact slow
// path that words the errors.

// fastFlat decodes the turn at d.r.b into t, or reports false (t and the
// slabs then hold values the caller discards).
func (d *TurnDecoder) fastFlat(t *Turn) bool {
	b := d.r.b
	s := &d.slabs
	short := d.format >= 3
	if len(b) == 0 {
		return false
	}
	i := 1
	var ok bool
	// The command; a Move's direction, for Moved as commanded.
	moveDir, isMove := Dir(0), false
	switch c := b[0]; {
	case short && c >= moveShorthand && c < moveShorthand+byte(NumDirs):
		m := s.move.get(s)
		m.Dir = Dir(c - moveShorthand)
		moveDir, isMove = m.Dir, true
		t.Command = m
	case c == byte(CodeMove):
		m := s.move.get(s)
		if m.Dir, i, ok = fdir(b, i); !ok {
			return false
		}
		moveDir, isMove = m.Dir, true
		t.Command = m
	case c == byte(CodeWait):
		t.Command = s.wait.get(s)
	case c == byte(CodeDescend):
		t.Command = s.descend.get(s)
	case c == byte(CodePickUp):
		t.Command = s.pickUp.get(s)
	case c == byte(CodeBegin):
		t.Command = s.begin.get(s)
	case c == byte(CodeDrop):
		m := s.drop.get(s)
		if m.Item, i, ok = fid(b, i); !ok {
			return false
		}
		t.Command = m
	case c == byte(CodeRemove):
		m := s.remove.get(s)
		if m.Item, i, ok = fid(b, i); !ok {
			return false
		}
		t.Command = m
	case c == byte(CodeUse):
		m := s.use.get(s)
		if m.Item, i, ok = fid(b, i); !ok {
			return false
		}
		if m.HasTarget, i, ok = fbool(b, i); !ok {
			return false
		}
		if m.HasTarget {
			if m.Target, i, ok = fpos(b, i); !ok {
				return false
			}
		}
		t.Command = m
	case c == byte(CodeChooseAttribute):
		m := s.chooseAttribute.get(s)
		if i >= len(b) || b[i] >= byte(NumAttributes) {
			return false
		}
		m.Attribute = Attribute(b[i])
		i++
		t.Command = m
	default:
		return false
	}
	if t.Draws, i, ok = fuint(b, i, math.MaxUint64); !ok {
		return false
	}
	t.Facts = t.Facts[:0]
	var lastSpawn EntityID
	for i < len(b) {
		if len(t.Facts) == MaxFactsPerTurn {
			return false
		}
		c := b[i]
		i++
		var f Fact
		switch FactCode(c) {
		case CodeMoved:
			m := s.moved.get(s)
			if m.Actor, i, ok = fid(b, i); !ok {
				return false
			}
			if m.Dir, i, ok = fdir(b, i); !ok {
				return false
			}
			f = m
		case codeMovedAsCommanded:
			if !short || !isMove {
				return false
			}
			m := s.moved.get(s)
			m.Actor, m.Dir = PlayerID, moveDir
			f = m
		case CodeAttacked:
			m := s.attacked.get(s)
			if m.Attacker, i, ok = fid(b, i); !ok {
				return false
			}
			if m.Target, i, ok = fid(b, i); !ok {
				return false
			}
			if m.Weapon, i, ok = fid(b, i); !ok {
				return false
			}
			if m.Natural, i, ok = fint(b, i); !ok {
				return false
			}
			if m.Attack, i, ok = fint(b, i); !ok {
				return false
			}
			if m.ArmorClass, i, ok = fint(b, i); !ok {
				return false
			}
			if m.Hit, i, ok = fbool(b, i); !ok {
				return false
			}
			if m.Roll, i, ok = fint(b, i); !ok {
				return false
			}
			if m.Damage, i, ok = fint(b, i); !ok {
				return false
			}
			f = m
		case CodeSpawned:
			m := s.spawned.get(s)
			if m.ID, i, ok = fid(b, i); !ok {
				return false
			}
			if m.Kind, i, ok = fint(b, i); !ok {
				return false
			}
			if m.Pos, i, ok = fpos(b, i); !ok {
				return false
			}
			if m.Holder, i, ok = fid(b, i); !ok {
				return false
			}
			if i >= len(b) || b[i] >= byte(NumSlots) {
				return false
			}
			m.Slot = Slot(b[i])
			i++
			if m.HP, i, ok = fint(b, i); !ok {
				return false
			}
			lastSpawn = m.ID
			f = m
		case codeSpawnedNextFloor, codeSpawnedNextHeld:
			if !short || uint64(lastSpawn)+1 >= math.MaxUint32 {
				return false
			}
			m := s.spawned.get(s)
			m.ID = lastSpawn + 1
			if m.Kind, i, ok = fint(b, i); !ok {
				return false
			}
			if c == codeSpawnedNextFloor {
				if m.Pos, i, ok = fpos(b, i); !ok {
					return false
				}
				if m.HP, i, ok = fint(b, i); !ok {
					return false
				}
			} else {
				if m.Holder, i, ok = fid(b, i); !ok {
					return false
				}
				if i >= len(b) || b[i] >= byte(NumSlots) {
					return false
				}
				m.Slot = Slot(b[i])
				i++
			}
			lastSpawn = m.ID
			f = m
		case CodeDamaged:
			m := s.damaged.get(s)
			if m.Actor, i, ok = fid(b, i); !ok {
				return false
			}
			if m.Amount, i, ok = fint(b, i); !ok {
				return false
			}
			if m.Cause, i, ok = fcause(b, i); !ok {
				return false
			}
			if m.Source, i, ok = fid(b, i); !ok {
				return false
			}
			f = m
		case CodeDied:
			m := s.died.get(s)
			if m.Actor, i, ok = fid(b, i); !ok {
				return false
			}
			if m.Cause, i, ok = fcause(b, i); !ok {
				return false
			}
			if m.Killer, i, ok = fid(b, i); !ok {
				return false
			}
			f = m
		case CodeGainedXP:
			m := s.gainedXP.get(s)
			if m.Actor, i, ok = fid(b, i); !ok {
				return false
			}
			if m.Amount, i, ok = fint(b, i); !ok {
				return false
			}
			f = m
		case CodeHealed:
			m := s.healed.get(s)
			if m.Actor, i, ok = fid(b, i); !ok {
				return false
			}
			if m.Amount, i, ok = fint(b, i); !ok {
				return false
			}
			if m.Cause, i, ok = fcause(b, i); !ok {
				return false
			}
			f = m
		case CodeStaggered:
			m := s.staggered.get(s)
			if m.Actor, i, ok = fid(b, i); !ok {
				return false
			}
			if m.Dir, i, ok = fdir(b, i); !ok {
				return false
			}
			if m.Blocked, i, ok = fbool(b, i); !ok {
				return false
			}
			f = m
		case CodeLostSight:
			m := s.lostSight.get(s)
			if m.Actor, i, ok = fid(b, i); !ok {
				return false
			}
			if m.At, i, ok = fpos(b, i); !ok {
				return false
			}
			if m.Until, i, ok = fint(b, i); !ok {
				return false
			}
			f = m
		case CodeConfused:
			m := s.confused.get(s)
			if m.Actor, i, ok = fid(b, i); !ok {
				return false
			}
			if m.Until, i, ok = fint(b, i); !ok {
				return false
			}
			f = m
		case CodeHungerChanged:
			m := s.hungerChanged.get(s)
			if m.Actor, i, ok = fid(b, i); !ok {
				return false
			}
			if i >= len(b) || b[i] >= byte(NumHungers) {
				return false
			}
			m.Hunger = Hunger(b[i])
			i++
			if m.Until, i, ok = fint(b, i); !ok {
				return false
			}
			f = m
		case CodePickedUp, CodeDropped, CodeUnequipped, CodeConsumed:
			var actor, item EntityID
			if actor, i, ok = fid(b, i); !ok {
				return false
			}
			if item, i, ok = fid(b, i); !ok {
				return false
			}
			switch FactCode(c) {
			case CodePickedUp:
				m := s.pickedUp.get(s)
				m.Actor, m.Item = actor, item
				f = m
			case CodeDropped:
				m := s.dropped.get(s)
				m.Actor, m.Item = actor, item
				f = m
			case CodeUnequipped:
				m := s.unequipped.get(s)
				m.Actor, m.Item = actor, item
				f = m
			default:
				m := s.consumed.get(s)
				m.Actor, m.Item = actor, item
				f = m
			}
		case CodeEquipped:
			m := s.equipped.get(s)
			if m.Actor, i, ok = fid(b, i); !ok {
				return false
			}
			if m.Item, i, ok = fid(b, i); !ok {
				return false
			}
			if i >= len(b) || b[i] >= byte(NumSlots) {
				return false
			}
			m.Slot = Slot(b[i])
			i++
			if m.Displaced, i, ok = fid(b, i); !ok {
				return false
			}
			f = m
		case CodeLevelledUp:
			m := s.levelledUp.get(s)
			if m.Actor, i, ok = fid(b, i); !ok {
				return false
			}
			if m.Level, i, ok = fint(b, i); !ok {
				return false
			}
			if i >= len(b) || b[i] >= byte(NumAttributes) {
				return false
			}
			m.Attribute = Attribute(b[i])
			i++
			if m.HP, i, ok = fint(b, i); !ok {
				return false
			}
			if m.Mana, i, ok = fint(b, i); !ok {
				return false
			}
			f = m
		case CodeSkillRaised:
			m := s.skillRaised.get(s)
			if m.Actor, i, ok = fid(b, i); !ok {
				return false
			}
			if i >= len(b) || b[i] >= byte(NumSkills) {
				return false
			}
			m.Skill = Skill(b[i])
			i++
			if m.By, i, ok = fint(b, i); !ok {
				return false
			}
			f = m
		case CodeLevelEntered:
			m := &LevelEntered{} // not pooled: see slabs.fact
			if i, ok = fastLevel(b, i, m); !ok {
				return false
			}
			f = m
		default:
			// A rarer fact, or no fact at all.
			return false
		}
		t.Facts = append(t.Facts, f)
	}
	return true
}

// fastLevel reads the fields of a LevelEntered at b[i:] into m.
func fastLevel(b []byte, i int, m *LevelEntered) (int, bool) {
	var ok bool
	if m.Depth, i, ok = fint(b, i); !ok {
		return i, false
	}
	if m.Width, i, ok = fint(b, i); !ok {
		return i, false
	}
	if m.Height, i, ok = fint(b, i); !ok {
		return i, false
	}
	var n int
	if n, i, ok = flist(b, i, 4); !ok {
		return i, false
	}
	m.Rooms = make([]Rect, n)
	for k := range m.Rooms {
		r := &m.Rooms[k]
		if r.X, i, ok = fint(b, i); !ok {
			return i, false
		}
		if r.Y, i, ok = fint(b, i); !ok {
			return i, false
		}
		if r.W, i, ok = fint(b, i); !ok {
			return i, false
		}
		if r.H, i, ok = fint(b, i); !ok {
			return i, false
		}
	}
	if n, i, ok = flist(b, i, 5); !ok {
		return i, false
	}
	m.Corridors = make([]Corridor, n)
	for k := range m.Corridors {
		c := &m.Corridors[k]
		if c.From, i, ok = fpos(b, i); !ok {
			return i, false
		}
		if c.To, i, ok = fpos(b, i); !ok {
			return i, false
		}
		if c.HorizontalFirst, i, ok = fbool(b, i); !ok {
			return i, false
		}
	}
	if m.Stairs, i, ok = fpos(b, i); !ok {
		return i, false
	}
	m.Arrival, i, ok = fpos(b, i)
	return i, ok
}

// flist reads the header of a list of groups of per values, at most
// MaxRooms groups, and returns the number of groups.
func flist(b []byte, i, per int) (int, int, bool) {
	if i >= len(b) {
		return 0, i, false
	}
	var l int
	switch c := b[i]; {
	case c >= 0x90 && c <= 0x9f:
		l, i = int(c&0x0f), i+1
	case c == 0xdc && i+3 <= len(b):
		l, i = int(binary.BigEndian.Uint16(b[i+1:])), i+3
	default:
		return 0, i, false
	}
	if l%per != 0 || l/per > MaxRooms {
		return 0, i, false
	}
	return l / per, i, true
}

// The field reads of the fast path: each returns the value, the index
// after it and whether it took it; inlined where the field is a positive
// fixint.

// fuint reads an unsigned integer at most max.
func fuint(b []byte, i int, max uint64) (uint64, int, bool) {
	if i < len(b) && b[i] <= 0x7f {
		return uint64(b[i]), i + 1, uint64(b[i]) <= max
	}
	return fuintLong(b, i, max)
}

func fuintLong(b []byte, i int, max uint64) (uint64, int, bool) {
	if i >= len(b) {
		return 0, i, false
	}
	var v uint64
	switch c := b[i]; {
	case c == 0xcc && i+2 <= len(b):
		v, i = uint64(b[i+1]), i+2
	case c == 0xcd && i+3 <= len(b):
		v, i = uint64(binary.BigEndian.Uint16(b[i+1:])), i+3
	case c == 0xce && i+5 <= len(b):
		v, i = uint64(binary.BigEndian.Uint32(b[i+1:])), i+5
	case c == 0xcf && i+9 <= len(b):
		v, i = binary.BigEndian.Uint64(b[i+1:]), i+9
	default:
		return 0, i, false
	}
	return v, i, v <= max
}

// fid reads an entity id (below math.MaxUint32, as the slow path wants).
func fid(b []byte, i int) (EntityID, int, bool) {
	if i < len(b) && b[i] <= 0x7f {
		return EntityID(b[i]), i + 1, true
	}
	v, i, ok := fuintLong(b, i, math.MaxUint32-1)
	return EntityID(v), i, ok
}

// fint reads an int of 32 bits.
func fint(b []byte, i int) (int, int, bool) {
	if i < len(b) && b[i] <= 0x7f {
		return int(b[i]), i + 1, true
	}
	return fintLong(b, i)
}

func fintLong(b []byte, i int) (int, int, bool) {
	if i >= len(b) {
		return 0, i, false
	}
	switch c := b[i]; {
	case c >= 0xe0: // negative fixint
		return int(int8(c)), i + 1, true
	case c == 0xd0 && i+2 <= len(b):
		return int(int8(b[i+1])), i + 2, true
	case c == 0xd1 && i+3 <= len(b):
		return int(int16(binary.BigEndian.Uint16(b[i+1:]))), i + 3, true
	case c == 0xd2 && i+5 <= len(b):
		return int(int32(binary.BigEndian.Uint32(b[i+1:]))), i + 5, true
	}
	v, i, ok := fuintLong(b, i, math.MaxInt32)
	return int(v), i, ok
}

func fpos(b []byte, i int) (Pos, int, bool) {
	x, i, ok := fint(b, i)
	if !ok {
		return Pos{}, i, false
	}
	y, i, ok := fint(b, i)
	return Pos{x, y}, i, ok
}

func fdir(b []byte, i int) (Dir, int, bool) {
	if i < len(b) && b[i] < byte(NumDirs) {
		return Dir(b[i]), i + 1, true
	}
	return 0, i, false
}

func fcause(b []byte, i int) (Cause, int, bool) {
	if i < len(b) && knownCause[b[i]] && b[i] <= 0x7f {
		return Cause(b[i]), i + 1, true
	}
	return 0, i, false
}

func fbool(b []byte, i int) (bool, int, bool) {
	if i < len(b) {
		switch b[i] {
		case 0xc2:
			return false, i + 1, true
		case 0xc3:
			return true, i + 1, true
		}
	}
	return false, i, false
}
