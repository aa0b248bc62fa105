package events

import (
	"encoding/binary"
	"math"
)

// The fast path of format 4 (decode4), as fastFlat is format 2's and 3's:
// one pass over a turn's bytes on the shared cursor, a switch on each code
// straight to the fields of its concrete type, what a shorthand leaves out
// taken from the turn read so far (the command, the last Spawned, the last
// swing) kept in locals. It knows every opener and every shorthand of
// format 4 and format 3's codes, and gives up on anything else, as fastFlat
// does: a value in an encoding it does not read inline is read again on the
// slow path's reader (that fact only, slowFact4), and anything the slow
// path would refuse (a value out of range, a turn cut short, an unknown
// code, a shorthand with nothing in the turn to fill it in) makes decode4
// decode the whole turn again, so that the errors are the slow path's.
// FuzzDecodeTurn and FuzzDecodeTurn4 check on every input that the two
// agree.

// one4 decodes the format 4 turn of the one byte code when it is a turn
// whose opener says all of it: a step, a rest, a wait with no draws and
// no facts. Those are most turns of a game (four in five of a bot's),
// and fast4's setup for them cost more than the decoding. It reports
// false for any other byte, and leaves it to fast4 to decode or refuse.
func (d *TurnDecoder) one4(code byte, t *Turn) bool {
	s := &d.slabs
	switch {
	case code-openStep < byte(NumDirs):
		m := s.move.raw(s)
		m.Dir = Dir(code - openStep)
		f := s.moved.raw(s)
		*f = Moved{Actor: PlayerID, Dir: m.Dir}
		t.Command, t.Draws, t.Facts = m, 0, append(t.Facts[:0], f)
	case code == openRest:
		f := s.healed.raw(s)
		*f = Healed{Actor: PlayerID, Amount: 1, Cause: CauseRest}
		t.Command, t.Draws, t.Facts = s.wait.raw(s), 0, append(t.Facts[:0], f)
	case code == openWait:
		t.Command, t.Draws, t.Facts = s.wait.raw(s), 0, t.Facts[:0]
	default:
		return false
	}
	return true
}

// fast4 decodes the format 4 turn in payload into t, or reports false (t
// and the slabs then hold values the caller discards).
func (d *TurnDecoder) fast4(payload []byte, t *Turn) bool {
	// The cursor reads past the turn's end: its inline reads of a uint8 or
	// a uint16 then need not check how many bytes are left (without that,
	// an id ending the turn in more than a byte, as a monster's step often
	// does, would not be read inline). A read that overran the turn shows
	// as c.i > n once its fact is read, and what it read is never used:
	// the turn goes to the slow path, which says where it is cut short.
	// The bytes past the end are the payload slice's own spare capacity
	// (a journal's reader hands out slices of a larger buffer) or else,
	// for a short turn, a zeroed copy's.
	const over = 8 // the widest inline read, 1+4, and some
	n := len(payload)
	c := cursor{b: payload}
	if cap(payload)-n >= over {
		c.b = payload[:n+over]
	} else if n <= 64-over {
		var pad [64]byte
		copy(pad[:], payload)
		c.b = pad[:n+over]
	}
	s := &d.slabs
	if n == 0 {
		return false
	}
	code := c.b[0]
	c.i = 1
	t.Facts = t.Facts[:0]
	// The command; a Move's direction, for Moved as commanded.
	moveDir, isMove := Dir(0), false
	// draws is false once an opener gave the draw count.
	draws := true
	switch code {
	case openStep, openStep + 1, openStep + 2, openStep + 3, openStep + 4, openStep + 5, openStep + 6, openStep + 7:
		// The commonest turn of a game.
		m := s.move.raw(s)
		m.Dir = Dir(code - openStep)
		moveDir, isMove = m.Dir, true
		t.Command, t.Draws, draws = m, 0, false
		f := s.moved.raw(s)
		*f = Moved{Actor: PlayerID, Dir: m.Dir}
		t.Facts = append(t.Facts, f)
	case 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, // openMoveDraws on
		0x58, 0x59, 0x5a, 0x5b, 0x5c, 0x5d, 0x5e, 0x5f,
		0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67:
		k := code - openMoveDraws
		m := s.move.raw(s)
		m.Dir = Dir(k % 8)
		moveDir, isMove = m.Dir, true
		t.Command, t.Draws, draws = m, uint64(minPackedDraws+k/8), false
	case openWait:
		t.Command, t.Draws, draws = s.wait.raw(s), 0, false
	case openRest:
		t.Command, t.Draws, draws = s.wait.raw(s), 0, false
		f := s.healed.raw(s)
		*f = Healed{Actor: PlayerID, Amount: 1, Cause: CauseRest}
		t.Facts = append(t.Facts, f)
	case openPickUp:
		t.Command, t.Draws, draws = s.pickUp.raw(s), 0, false
		f := s.pickedUp.raw(s)
		*f = PickedUp{Actor: PlayerID, Item: c.valid(c.id())}
		t.Facts = append(t.Facts, f)
	case moveShorthand, moveShorthand + 1, moveShorthand + 2, moveShorthand + 3, moveShorthand + 4, moveShorthand + 5, moveShorthand + 6, moveShorthand + 7:
		m := s.move.raw(s)
		m.Dir = Dir(code - moveShorthand)
		moveDir, isMove = m.Dir, true
		t.Command = m
	case byte(CodeMove):
		m := s.move.raw(s)
		m.Dir = c.dir()
		moveDir, isMove = m.Dir, true
		t.Command = m
	case byte(CodeWait):
		t.Command = s.wait.raw(s)
	case byte(CodeDescend):
		t.Command = s.descend.raw(s)
	case byte(CodePickUp):
		t.Command = s.pickUp.raw(s)
	case byte(CodeBegin):
		t.Command = s.begin.raw(s)
	case byte(CodeDrop):
		m := s.drop.raw(s)
		m.Item = c.valid(c.id())
		t.Command = m
	case byte(CodeRemove):
		m := s.remove.raw(s)
		m.Item = c.valid(c.id())
		t.Command = m
	case byte(CodeUse):
		m := s.use.raw(s)
		*m = Use{Item: c.valid(c.id()), HasTarget: c.bool()}
		if m.HasTarget {
			m.Target = Pos{c.int(), c.int()}
		}
		t.Command = m
	case byte(CodeChooseAttribute):
		m := s.chooseAttribute.raw(s)
		m.Attribute = Attribute(c.enum(byte(NumAttributes)))
		t.Command = m
	default:
		return false
	}
	if draws {
		t.Draws = c.uint(math.MaxUint64)
	}
	if c.bad || c.i > n {
		return false
	}
	// What the shorthands take from the turn so far: its last Spawned,
	// and its last swing (swung is false before the first).
	var lastSpawn EntityID
	var swung bool
	var attacker, target EntityID
	for c.i < n {
		if len(t.Facts) == MaxFactsPerTurn {
			return false
		}
		code := c.b[c.i]
		c.i++
		at := c.i
		var f Fact
		var spawned *Spawned
		var swing *Attacked
		switch code {
		// Format 4's shorthands first: the commonest facts of a game.
		case code4Moved, code4Moved + 1, code4Moved + 2, code4Moved + 3, code4Moved + 4, code4Moved + 5, code4Moved + 6, code4Moved + 7:
			m := s.moved.raw(s)
			*m = Moved{Actor: c.valid(c.id()), Dir: Dir(code - code4Moved)}
			f = m
		case codeMovedAsCommanded:
			if !isMove {
				return false
			}
			m := s.moved.raw(s)
			*m = Moved{Actor: PlayerID, Dir: moveDir}
			f = m
		case code4Attacked, code4Attacked + 1, code4Attacked + 2,
			code4Attacked + 4, code4Attacked + 5, code4Attacked + 6,
			code4Attacked + 8, code4Attacked + 9, code4Attacked + 10:
			m := s.attacked.raw(s)
			k := code - code4Attacked
			switch k / 4 {
			case swingByPlayer:
				m.Attacker, m.Target = PlayerID, c.valid(c.id())
			case swingReply:
				if !swung {
					return false
				}
				m.Attacker, m.Target = target, attacker
			default:
				m.Attacker, m.Target = c.valid(c.id()), PlayerID
			}
			switch k % 4 {
			case weaponWritten:
				m.Weapon = c.valid(c.id())
			case weaponNone:
				m.Weapon = 0
			default:
				if m.Attacker >= math.MaxUint32-1 {
					return false
				}
				m.Weapon = m.Attacker + 1
			}
			m.Natural, m.Attack, m.ArmorClass = c.int(), c.int(), c.int()
			m.Hit = hits(m.Natural, m.Attack, m.ArmorClass)
			m.Roll, m.Damage = 0, 0
			if m.Hit {
				m.Roll, m.Damage = c.int(), c.int()
			}
			f, swing = m, m
		case code4DiedOfSwing:
			if !swung {
				return false
			}
			m := s.died.raw(s)
			*m = Died{Actor: target, Cause: CauseMelee, Killer: attacker}
			f = m
		case code4DroppedByTarget:
			if !swung {
				return false
			}
			m := s.dropped.raw(s)
			*m = Dropped{Actor: target, Item: c.valid(c.id())}
			f = m
		case code4DroppedNext:
			if !swung || target >= math.MaxUint32-1 {
				return false
			}
			m := s.dropped.raw(s)
			*m = Dropped{Actor: target, Item: target + 1}
			f = m
		case code4PlayerGained:
			m := s.gainedXP.raw(s)
			*m = GainedXP{Actor: PlayerID, Amount: c.int()}
			f = m
		case code4SpawnedInHand:
			if lastSpawn == 0 || lastSpawn >= math.MaxUint32-1 {
				return false
			}
			m := s.spawned.raw(s)
			*m = Spawned{ID: lastSpawn + 1, Kind: c.int(), Holder: lastSpawn, Slot: Slot(c.enum(byte(NumSlots)))}
			f, spawned = m, m
		case codeSpawnedNextFloor:
			if lastSpawn >= math.MaxUint32-1 {
				return false
			}
			m := s.spawned.raw(s)
			*m = Spawned{ID: lastSpawn + 1, Kind: c.int(), Pos: Pos{c.int(), c.int()}, HP: c.int()}
			f, spawned = m, m
		case codeSpawnedNextHeld:
			if lastSpawn >= math.MaxUint32-1 {
				return false
			}
			m := s.spawned.raw(s)
			*m = Spawned{ID: lastSpawn + 1, Kind: c.int(), Holder: c.valid(c.id()), Slot: Slot(c.enum(byte(NumSlots)))}
			f, spawned = m, m
		// The full forms.
		case byte(CodeMoved):
			m := s.moved.raw(s)
			*m = Moved{Actor: c.valid(c.id()), Dir: c.dir()}
			f = m
		case byte(CodeAttacked):
			m := s.attacked.raw(s)
			*m = Attacked{Attacker: c.valid(c.id()), Target: c.valid(c.id()), Weapon: c.valid(c.id()), Natural: c.int(), Attack: c.int(),
				ArmorClass: c.int(), Hit: c.bool(), Roll: c.int(), Damage: c.int()}
			f, swing = m, m
		case byte(CodeSpawned):
			m := s.spawned.raw(s)
			*m = Spawned{ID: c.valid(c.id()), Kind: c.int(), Pos: Pos{c.int(), c.int()}, Holder: c.valid(c.id()), Slot: Slot(c.enum(byte(NumSlots))), HP: c.int()}
			f, spawned = m, m
		case byte(CodeDamaged):
			m := s.damaged.raw(s)
			*m = Damaged{Actor: c.valid(c.id()), Amount: c.int(), Cause: c.cause(), Source: c.valid(c.id())}
			f = m
		case byte(CodeDied):
			m := s.died.raw(s)
			*m = Died{Actor: c.valid(c.id()), Cause: c.cause(), Killer: c.valid(c.id())}
			f = m
		case byte(CodeGainedXP):
			m := s.gainedXP.raw(s)
			*m = GainedXP{Actor: c.valid(c.id()), Amount: c.int()}
			f = m
		case byte(CodeHealed):
			m := s.healed.raw(s)
			*m = Healed{Actor: c.valid(c.id()), Amount: c.int(), Cause: c.cause()}
			f = m
		case byte(CodeStaggered):
			m := s.staggered.raw(s)
			*m = Staggered{Actor: c.valid(c.id()), Dir: c.dir(), Blocked: c.bool()}
			f = m
		case byte(CodeLostSight):
			m := s.lostSight.raw(s)
			*m = LostSight{Actor: c.valid(c.id()), At: Pos{c.int(), c.int()}, Until: c.until()}
			f = m
		case byte(CodeConfused):
			m := s.confused.raw(s)
			*m = Confused{Actor: c.valid(c.id()), Until: c.until()}
			f = m
		case byte(CodeHungerChanged):
			m := s.hungerChanged.raw(s)
			*m = HungerChanged{Actor: c.valid(c.id()), Hunger: Hunger(c.enum(byte(NumHungers))), Until: c.until()}
			f = m
		case byte(CodePickedUp):
			m := s.pickedUp.raw(s)
			*m = PickedUp{Actor: c.valid(c.id()), Item: c.valid(c.id())}
			f = m
		case byte(CodeDropped):
			m := s.dropped.raw(s)
			*m = Dropped{Actor: c.valid(c.id()), Item: c.valid(c.id())}
			f = m
		case byte(CodeUnequipped):
			m := s.unequipped.raw(s)
			*m = Unequipped{Actor: c.valid(c.id()), Item: c.valid(c.id())}
			f = m
		case byte(CodeConsumed):
			m := s.consumed.raw(s)
			*m = Consumed{Actor: c.valid(c.id()), Item: c.valid(c.id())}
			f = m
		case byte(CodeEquipped):
			m := s.equipped.raw(s)
			*m = Equipped{Actor: c.valid(c.id()), Item: c.valid(c.id()), Slot: Slot(c.enum(byte(NumSlots))), Displaced: c.valid(c.id())}
			f = m
		case byte(CodeLevelledUp):
			m := s.levelledUp.raw(s)
			*m = LevelledUp{Actor: c.valid(c.id()), Level: c.int(), Attribute: Attribute(c.enum(byte(NumAttributes))), HP: c.int(), Mana: c.int()}
			f = m
		case byte(CodeSkillRaised):
			m := s.skillRaised.raw(s)
			*m = SkillRaised{Actor: c.valid(c.id()), Skill: Skill(c.enum(byte(NumSkills))), By: c.int()}
			f = m
		case byte(CodeLevelEntered):
			m := &LevelEntered{} // not pooled: see slabs.fact
			c.level(m)
			f = m
		default:
			// No fact this path knows.
			return false
		}
		if c.bad {
			// A value in an encoding the cursor does not read inline: this
			// fact again, on the slow path's reader.
			c.bad = false
			ctx := context4{turnContext: turnContext{command: t.Command, lastSpawn: lastSpawn}, swung: swung, attacker: attacker, target: target}
			if f, c.i = d.slowFact4(payload, code, at, len(t.Facts), &ctx); f == nil {
				return false
			}
			spawned, _ = f.(*Spawned)
			swing, _ = f.(*Attacked)
		} else if c.i > n {
			// Cut short: the slow path says where.
			return false
		}
		if spawned != nil {
			lastSpawn = spawned.ID
		}
		if swing != nil {
			swung, attacker, target = true, swing.Attacker, swing.Target
		}
		t.Facts = append(t.Facts, f)
	}
	return true
}

// slowFact4 reads the fields of the format 4 fact of wire code code at
// payload[at:] (fact index of its turn, after the facts ctx sums up) on
// the slow path's reader, and returns it with the index after it; or nil,
// when the slow path refuses it (decode4 then words why).
func (d *TurnDecoder) slowFact4(payload []byte, code byte, at, index int, ctx *context4) (Fact, int) {
	r := &d.r
	r.b, r.i, r.flat = payload, at, true
	r.err, r.nested, r.parked = nil, 0, 0
	c := &d.ctx4
	*c = *ctx
	var f Fact
	switch sh4, sh3 := shorthands4[code], factShorthands[code]; {
	case sh4 != nil:
		f = d.slabs.fact(uint8(sh4.of), factTable[sh4.of])
		r.part, r.name, r.index = partFact, sh4.name, index
		r.budget()
		get4(r, f, code, c)
	case sh3 != nil:
		f = d.slabs.fact(uint8(sh3.of), factTable[sh3.of])
		r.part, r.name, r.index = partFact, sh3.name, index
		r.budget()
		sh3.get(r, f, &c.turnContext)
	default:
		e := factTable[code]
		if e == nil {
			return nil, at
		}
		f = d.slabs.fact(code, e)
		r.part, r.name, r.index = partFact, e.name, index
		r.budget()
		f.get(r)
	}
	if r.err != nil {
		return nil, at
	}
	return f, r.i
}

// until reads a turn number (an int): a positive fixint, a uint8, a
// uint16 or, in a long game, a uint32 up to math.MaxInt32. It is not
// inlined: the facts that hold one are rare.
func (c *cursor) until() int {
	b := c.b[c.i:]
	switch {
	case len(b) >= 1 && b[0] <= 0x7f:
		c.i++
		return int(b[0])
	case len(b) >= 2 && b[0] == 0xcc:
		c.i += 2
		return int(b[1])
	case len(b) >= 3 && b[0] == 0xcd:
		c.i += 3
		return int(binary.BigEndian.Uint16(b[1:]))
	case len(b) >= 5 && b[0] == 0xce:
		if v := binary.BigEndian.Uint32(b[1:]); v <= math.MaxInt32 {
			c.i += 5
			return int(v)
		}
	}
	c.bad = true
	return 0
}
