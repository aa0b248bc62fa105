package wire

import (
	"math"
	"slices"

	"rogue/events"
)

// The fast path of format 4 (decode4), as fastFlat is format 2's and 3's:
// one pass over a turn's bytes, a switch on each code straight to the
// fields of its concrete type, what a shorthand leaves out taken from the
// turn read so far (the command, the last Spawned, the last swing). fast4
// reads the opener; facts4, a loop that makes no call, reads the facts
// (reads.go has their reads). It knows every opener and every shorthand
// of format 4 and format 3's codes, and gives up on anything else, as
// fastFlat does: a value in an encoding it does not read inline is read
// again on the slow path's reader (that fact only, slowFact4), and
// anything the slow path would refuse (a value out of range, a turn cut
// short, an unknown code, a shorthand with nothing in the turn to fill it
// in) makes decode4 decode the whole turn again, so that the errors are
// the slow path's. FuzzDecodeTurn and FuzzDecodeTurn4 check on every
// input that the two agree.

// over is how many bytes fast4 pads a turn with: the widest inline read,
// 1+4, and some.
const over = 8

// fast4 decodes the format 4 turn in payload into t, or reports false (t
// and the slabs then hold values the caller discards).
//
// It reads the turn's bytes b at an index i kept in a local, through
// reads (id4, int4, ...) that take b and i and return the value and the
// index after it: the compiler keeps i in a register, where a cursor
// struct whose methods move its index lives in memory, every read a
// store and a load. A read that does not take the bytes at i returns
// missed: every later read misses too, and the fact is read again on the
// slow path's reader.
func (d *TurnDecoder) fast4(payload []byte, t *events.Turn) bool {
	// The reads go past the turn's end: a uint8 or a uint16 is then read
	// without checking how many bytes are left (without that, an id
	// ending the turn in more than a byte, as a monster's step often
	// does, would not be read inline). A read that overran the turn
	// shows as an index past n once its fact is read, and what it read
	// is never used: the turn goes to the slow path, which says where it
	// is cut short. The bytes past the end are the payload slice's own
	// spare capacity (a journal's reader hands out slices of a larger
	// buffer) or else a copy's, in the decoder.
	n := len(payload)
	if n == 0 || n >= missed-over {
		return false
	}
	var b []byte
	if cap(payload)-n >= over {
		b = payload[:n+over]
	} else {
		d.pad = append(append(d.pad[:0], payload...), make([]byte, over)...)
		b = d.pad
	}
	s := &d.slabs
	code, i := b[0], 1
	t.Facts = t.Facts[:0]
	// The command; a Move's direction, for Moved as commanded.
	moveDir, isMove := events.Dir(0), false
	// draws is false once an opener gave the draw count.
	draws := true
	switch kinds4[code] {
	case kindStep:
		// The commonest turn of a game.
		dir := events.Dir(code - openStep)
		moveDir, isMove = dir, true
		t.Draws, draws = 0, false
		if d.oneByte {
			// Recycling: the command and the first fact are the
			// decoder's own, as a step of one byte's are (DecodeByte),
			// stored only when t does not hold them already, where two
			// pools' bookkeeping and an append took three times the
			// instructions.
			o := &d.one
			o.move.Dir, o.moved = dir, events.Moved{Actor: events.PlayerID, Dir: dir}
			if m, _ := t.Command.(*events.Move); m != &o.move {
				t.Command = &o.move
			}
			if f, _ := onlyFact(t).(*events.Moved); f != &o.moved {
				t.Facts[0] = &o.moved
			}
			break
		}
		m := s.move.raw(s)
		m.Dir = dir
		t.Command = m
		f := s.moved.raw(s)
		*f = events.Moved{Actor: events.PlayerID, Dir: dir}
		t.Facts = append(t.Facts, f)
	case kindMoveDraws:
		k := code - openMoveDraws
		m := s.move.raw(s)
		m.Dir = events.Dir(k % 8)
		moveDir, isMove = m.Dir, true
		t.Command, t.Draws, draws = m, uint64(minPackedDraws+k/8), false
	case kindWaitOpener:
		t.Command, t.Draws, draws = s.wait.raw(s), 0, false
	case kindRest:
		t.Command, t.Draws, draws = s.wait.raw(s), 0, false
		f := s.healed.raw(s)
		*f = events.Healed{Actor: events.PlayerID, Amount: 1, Cause: events.CauseRest}
		t.Facts = append(t.Facts, f)
	case kindPickUpOpener:
		t.Command, t.Draws, draws = s.pickUp.raw(s), 0, false
		f := s.pickedUp.raw(s)
		f.Actor = events.PlayerID
		f.Item, i = id4(b, i)
		t.Facts = append(t.Facts, f)
	case kindMoveShorthand:
		m := s.move.raw(s)
		m.Dir = events.Dir(code - moveShorthand)
		moveDir, isMove = m.Dir, true
		t.Command = m
	case kindMove:
		m := s.move.raw(s)
		m.Dir, i = dir4(b, i)
		moveDir, isMove = m.Dir, true
		t.Command = m
	case kindWait:
		t.Command = s.wait.raw(s)
	case kindDescend:
		t.Command = s.descend.raw(s)
	case kindPickUp:
		t.Command = s.pickUp.raw(s)
	case kindBegin:
		t.Command = s.begin.raw(s)
	case kindDrop:
		m := s.drop.raw(s)
		m.Item, i = id4(b, i)
		t.Command = m
	case kindRemove:
		m := s.remove.raw(s)
		m.Item, i = id4(b, i)
		t.Command = m
	case kindUse:
		m := s.use.raw(s)
		m.Item, i = id4(b, i)
		m.HasTarget, i = bool4(b, i)
		m.Target = events.Pos{}
		if m.HasTarget {
			m.Target.X, i = int4(b, i)
			m.Target.Y, i = int4(b, i)
		}
		t.Command = m
	case kindChooseAttribute:
		m := s.chooseAttribute.raw(s)
		var a byte
		a, i = enum4(b, i, byte(events.NumAttributes))
		m.Attribute = events.Attribute(a)
		t.Command = m
	case kindPickUpItem:
		m := s.pickUpItem.raw(s)
		m.Item, i = id4(b, i)
		t.Command = m
	case kindUseOn:
		m := s.useOn.raw(s)
		m.Item, i = id4(b, i)
		m.On, i = id4(b, i)
		t.Command = m
	default:
		return false
	}
	if draws {
		if i < len(b) && b[i] <= 0x7f {
			t.Draws, i = uint64(b[i]), i+1
		} else {
			t.Draws, i = uintLong4(b, i)
		}
	}
	if i > n {
		return false
	}
	if cap(t.Facts) > events.MaxFactsPerTurn {
		// facts4 finds a turn of too many facts where t.Facts is full.
		t.Facts = t.Facts[:len(t.Facts):events.MaxFactsPerTurn]
	}
	l := &d.loop4
	*l = loop4{i: i, moveDir: moveDir, isMove: isMove}
	for {
		switch d.facts4(b, n, t) {
		case stopDone:
			return true
		case stopRefuse:
			return false
		case stopGrow:
			if len(t.Facts) == cap(t.Facts) {
				// Room for many more at once: a level's facts come by
				// the hundred, and a reader's t.Facts starts empty.
				t.Facts = slices.Grow(t.Facts, len(t.Facts)+64)
				t.Facts = t.Facts[:len(t.Facts):min(cap(t.Facts), events.MaxFactsPerTurn)]
			}
			d.slabs.grow(l.code)
		case stopCall:
			if !d.call4(b, n, t) {
				return false
			}
		}
	}
}

// The kinds of a format 4 turn's first byte, an opener or a command's
// code (or shorthand), as kinds4 gives them: fast4's switch on a kind is
// a jump table, one branch, where a switch on the byte, whose cases are
// ranges spread from 1 to 0x6a, is a search of four or five.
const (
	kindNone uint8 = iota // no opener, no command: fast4 gives up
	kindStep
	kindMoveDraws
	kindWaitOpener
	kindRest
	kindPickUpOpener
	kindMoveShorthand
	kindMove
	kindWait
	kindDescend
	kindPickUp
	kindBegin
	kindDrop
	kindRemove
	kindUse
	kindChooseAttribute
	kindPickUpItem
	kindUseOn
)

// kinds4 is the kind of each first byte of a format 4 turn.
var kinds4 = func() (t [256]uint8) {
	for d := range byte(events.NumDirs) {
		t[openStep+d] = kindStep
		t[moveShorthand+d] = kindMoveShorthand
	}
	for c := openMoveDraws; c < openWait; c++ {
		t[c] = kindMoveDraws
	}
	t[openWait], t[openRest], t[openPickUp] = kindWaitOpener, kindRest, kindPickUpOpener
	t[events.CodeMove], t[events.CodeWait], t[events.CodeDescend], t[events.CodePickUp], t[events.CodeBegin] = kindMove, kindWait, kindDescend, kindPickUp, kindBegin
	t[events.CodeDrop], t[events.CodeRemove], t[events.CodeUse], t[events.CodeChooseAttribute] = kindDrop, kindRemove, kindUse, kindChooseAttribute
	t[events.CodePickUpItem], t[events.CodeUseOn] = kindPickUpItem, kindUseOn
	return t
}()

// loop4 is what fast4's fact loop carries from fact to fact: the index
// while the loop is out, the rest all along (see facts4).
type loop4 struct {
	i int // where the next fact starts
	// What the shorthands take from the turn so far: its command's
	// direction, if a Move; its last Spawned; its last swing (nil before
	// the first).
	moveDir   events.Dir
	isMove    bool
	lastSpawn events.EntityID
	swing     *events.Attacked
	// The fact that stopped the loop, and where its fields start.
	code byte
	at   int
}

// Why facts4 stopped.
type stop4 uint8

const (
	stopDone   stop4 = iota // the turn is read
	stopRefuse              // the slow path refuses the turn or words why
	stopGrow                // a pool or t.Facts is full: fact l.code at l.i
	stopCall                // fact l.code, fields at l.at, needs a call
)

// facts4 reads the facts of the turn b[:n] into t, from d.loop4 on,
// until the turn ends or a fact needs more than the loop does itself: a
// new array (a full pool, a full t.Facts), a level's lists, the slow
// path's reader. It makes no call, so that the compiler keeps the index
// in a register from fact to fact (a call on any path of a loop makes
// every value live across it spill, at the top of the loop); fast4 makes
// the call and goes on. What the shorthands take from the turn so far
// (the last Spawned, the last swing) stays in d.loop4, read and written
// only by the facts that use it: kept in locals, the compiler spilled
// them at the top of the loop all the same, for every fact.
func (d *TurnDecoder) facts4(b []byte, n int, t *events.Turn) stop4 {
	s, l := &d.slabs, &d.loop4
	i := l.i
	stop := stopDone
	// at is where the fields of the fact being read start, one byte
	// after its code: all the loop keeps of it for when it stops.
	var at int
loop:
	for i < n {
		code := b[i]
		if len(t.Facts) == cap(t.Facts) {
			if len(t.Facts) == events.MaxFactsPerTurn {
				return stopRefuse
			}
			stop, at = stopGrow, i+1
			break
		}
		i++
		at = i
		var f events.Fact
		// The cases update l.lastSpawn and l.swing once their fact is
		// read whole (i <= n): a fact read again on the slow path takes
		// them as they were before it. (Keeping the old values instead
		// cost every fact two stores and two loads.)
		switch code {
		// Format 4's shorthands first: the commonest facts of a game.
		case code4Moved, code4Moved + 1, code4Moved + 2, code4Moved + 3, code4Moved + 4, code4Moved + 5, code4Moved + 6, code4Moved + 7:
			m := s.moved.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			if i+2 < len(b) && b[i] == 0xcd {
				// A monster of a long game: a uint16 id, inline.
				m.Actor, i = events.EntityID(b[i+1])<<8|events.EntityID(b[i+2]), i+3
			} else {
				m.Actor, i = id4(b, i)
			}
			m.Dir = events.Dir(code - code4Moved)
			f = m
		case codeMovedAsCommanded:
			if !l.isMove {
				return stopRefuse
			}
			m := s.moved.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			*m = events.Moved{Actor: events.PlayerID, Dir: l.moveDir}
			f = m
		case code4Attacked, code4Attacked + 1, code4Attacked + 2,
			code4Attacked + 4, code4Attacked + 5, code4Attacked + 6,
			code4Attacked + 8, code4Attacked + 9, code4Attacked + 10:
			m := s.attacked.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			k := code - code4Attacked
			switch k / 4 {
			case swingByPlayer:
				m.Attacker = events.PlayerID
				m.Target, i = id4(b, i)
			case swingReply:
				if l.swing == nil {
					return stopRefuse
				}
				m.Attacker, m.Target = l.swing.Target, l.swing.Attacker
			default:
				m.Attacker, i = id4(b, i)
				m.Target = events.PlayerID
			}
			switch k % 4 {
			case weaponWritten:
				m.Weapon, i = id4(b, i)
			case weaponNone:
				m.Weapon = 0
			default:
				if m.Attacker >= math.MaxUint32-1 {
					return stopRefuse
				}
				m.Weapon = m.Attacker + 1
			}
			m.Natural, i = int4(b, i)
			m.Attack, i = int4(b, i)
			m.ArmorClass, i = int4(b, i)
			m.Hit = hits(m.Natural, m.Attack, m.ArmorClass)
			m.Roll, m.Damage = 0, 0
			if m.Hit {
				m.Roll, i = int4(b, i)
				m.Damage, i = int4(b, i)
			}
			f = m
			if i <= n {
				l.swing = m
			}
		case code4DiedOfSwing:
			if l.swing == nil {
				return stopRefuse
			}
			m := s.died.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			*m = events.Died{Actor: l.swing.Target, Cause: events.CauseMelee, Killer: l.swing.Attacker}
			f = m
		case code4DroppedByTarget:
			if l.swing == nil {
				return stopRefuse
			}
			m := s.dropped.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor = l.swing.Target
			m.Item, i = id4(b, i)
			f = m
		case code4DroppedNext:
			if l.swing == nil || l.swing.Target >= math.MaxUint32-1 {
				return stopRefuse
			}
			m := s.dropped.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			*m = events.Dropped{Actor: l.swing.Target, Item: l.swing.Target + 1}
			f = m
		case code4PlayerGained:
			m := s.gainedXP.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor = events.PlayerID
			m.Amount, i = int4(b, i)
			f = m
		case code4SpawnedInHand:
			if l.lastSpawn == 0 || l.lastSpawn >= math.MaxUint32-1 {
				return stopRefuse
			}
			m := s.spawned.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.ID, m.Holder, m.Pos, m.HP = l.lastSpawn+1, l.lastSpawn, events.Pos{}, 0
			m.Kind, i = int4(b, i)
			m.Slot, i = slot4(b, i)
			f = m
			if i <= n {
				l.lastSpawn = m.ID
			}
		case codeSpawnedNextFloor:
			if l.lastSpawn >= math.MaxUint32-1 {
				return stopRefuse
			}
			m := s.spawned.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.ID, m.Holder, m.Slot = l.lastSpawn+1, 0, 0
			m.Kind, i = int4(b, i)
			m.Pos.X, i = int4(b, i)
			m.Pos.Y, i = int4(b, i)
			m.HP, i = int4(b, i)
			f = m
			if i <= n {
				l.lastSpawn = m.ID
			}
		case codeSpawnedNextHeld:
			if l.lastSpawn >= math.MaxUint32-1 {
				return stopRefuse
			}
			m := s.spawned.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.ID, m.Pos, m.HP = l.lastSpawn+1, events.Pos{}, 0
			m.Kind, i = int4(b, i)
			m.Holder, i = id4(b, i)
			m.Slot, i = slot4(b, i)
			f = m
			if i <= n {
				l.lastSpawn = m.ID
			}
		// The full forms.
		case byte(events.CodeMoved):
			m := s.moved.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Dir, i = dir4(b, i)
			f = m
		case byte(events.CodeAttacked):
			m := s.attacked.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Attacker, i = id4(b, i)
			m.Target, i = id4(b, i)
			m.Weapon, i = id4(b, i)
			m.Natural, i = int4(b, i)
			m.Attack, i = int4(b, i)
			m.ArmorClass, i = int4(b, i)
			m.Hit, i = bool4(b, i)
			m.Roll, i = int4(b, i)
			m.Damage, i = int4(b, i)
			f = m
			if i <= n {
				l.swing = m
			}
		case byte(events.CodeSpawned):
			m := s.spawned.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.ID, i = id4(b, i)
			m.Kind, i = int4(b, i)
			m.Pos.X, i = int4(b, i)
			m.Pos.Y, i = int4(b, i)
			m.Holder, i = id4(b, i)
			m.Slot, i = slot4(b, i)
			m.HP, i = int4(b, i)
			f = m
			if i <= n {
				l.lastSpawn = m.ID
			}
		case byte(events.CodeDamaged):
			m := s.damaged.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Amount, i = int4(b, i)
			m.Cause, i = cause4(b, i)
			m.Source, i = id4(b, i)
			f = m
		case byte(events.CodeDied):
			m := s.died.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Cause, i = cause4(b, i)
			m.Killer, i = id4(b, i)
			f = m
		case byte(events.CodeGainedXP):
			m := s.gainedXP.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Amount, i = int4(b, i)
			f = m
		case byte(events.CodeHealed):
			m := s.healed.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Amount, i = int4(b, i)
			m.Cause, i = cause4(b, i)
			f = m
		case byte(events.CodeStaggered):
			m := s.staggered.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Dir, i = dir4(b, i)
			m.Blocked, i = bool4(b, i)
			f = m
		case byte(events.CodeLostSight):
			m := s.lostSight.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.At.X, i = int4(b, i)
			m.At.Y, i = int4(b, i)
			m.Until, i = until4(b, i)
			f = m
		case byte(events.CodeConfused):
			m := s.confused.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Until, i = until4(b, i)
			f = m
		case byte(events.CodeHungerChanged):
			m := s.hungerChanged.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			var h byte
			m.Actor, i = id4(b, i)
			h, i = enum4(b, i, byte(events.NumHungers))
			m.Hunger = events.Hunger(h)
			m.Until, i = until4(b, i)
			f = m
		case byte(events.CodePickedUp):
			m := s.pickedUp.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Item, i = id4(b, i)
			f = m
		case byte(events.CodeDropped):
			m := s.dropped.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Item, i = id4(b, i)
			f = m
		case byte(events.CodeUnequipped):
			m := s.unequipped.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Item, i = id4(b, i)
			f = m
		case byte(events.CodeConsumed):
			m := s.consumed.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Item, i = id4(b, i)
			f = m
		case byte(events.CodeEquipped):
			m := s.equipped.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Item, i = id4(b, i)
			m.Slot, i = slot4(b, i)
			m.Displaced, i = id4(b, i)
			f = m
		case byte(events.CodeLevelledUp):
			m := s.levelledUp.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			var a byte
			m.Actor, i = id4(b, i)
			m.Level, i = int4(b, i)
			a, i = enum4(b, i, byte(events.NumAttributes))
			m.Attribute = events.Attribute(a)
			m.HP, i = int4(b, i)
			m.Mana, i = int4(b, i)
			f = m
		case byte(events.CodeSkillRaised):
			m := s.skillRaised.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			var k byte
			m.Actor, i = id4(b, i)
			k, i = enum4(b, i, byte(events.NumSkills))
			m.Skill = events.Skill(k)
			m.By, i = int4(b, i)
			f = m
		case byte(events.CodeZapped):
			m := s.zapped.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Item, i = id4(b, i)
			f = m
		case byte(events.CodeMoodChanged):
			m := s.moodChanged.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			var k byte
			m.Actor, i = id4(b, i)
			k, i = enum4(b, i, byte(events.NumMoods))
			m.Mood = events.Mood(k)
			f = m
		case byte(events.CodeShot):
			m := s.shot.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Attacker, i = id4(b, i)
			m.Target, i = id4(b, i)
			m.Natural, i = int4(b, i)
			m.Attack, i = int4(b, i)
			m.ArmorClass, i = int4(b, i)
			m.Hit, i = bool4(b, i)
			m.Roll, i = int4(b, i)
			m.Damage, i = int4(b, i)
			f = m
		case byte(events.CodeStole):
			m := s.stole.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Victim, i = id4(b, i)
			m.Item, i = id4(b, i)
			f = m
		case byte(events.CodeSummoned):
			m := s.summoned.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Count, i = int4(b, i)
			f = m
		case byte(events.CodeWon):
			m := s.won.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Item, i = id4(b, i)
			f = m
		case byte(events.CodeEnchanted):
			m := s.enchanted.take(s)
			if m == nil {
				stop = stopGrow
				break loop
			}
			m.Actor, i = id4(b, i)
			m.Item, i = id4(b, i)
			m.By, i = int4(b, i)
			f = m
		case byte(events.CodeLevelEntered):
			// Not pooled (see slabs.fact): fast4 reads it.
			stop = stopCall
			break loop
		default:
			// No fact this path knows.
			return stopRefuse
		}
		if i > n {
			if i != missed {
				// Cut short: the slow path says where.
				return stopRefuse
			}
			// A value in an encoding the reads do not take: fast4 reads
			// this fact again on the slow path's reader.
			stop = stopCall
			break
		}
		// The count read again here, not kept from the top of the
		// loop: kept, it was a store and a load for every fact.
		nf := len(t.Facts)
		t.Facts = t.Facts[:nf+1]
		t.Facts[nf] = f
	}
	if stop == stopGrow {
		i = at - 1
	}
	l.i, l.at = i, at
	if stop != stopDone {
		l.code = b[at-1]
	}
	return stop
}

// call4 reads the fact that stopped facts4 for a call: a LevelEntered,
// or a fact with a value in an encoding the reads do not take, again on
// the slow path's reader. It reports false if the slow path refuses it.
func (d *TurnDecoder) call4(b []byte, n int, t *events.Turn) bool {
	l := &d.loop4
	var f events.Fact
	j := missed
	if l.code == byte(events.CodeLevelEntered) {
		m := &events.LevelEntered{}
		f, j = m, level4(b, l.at, m)
	}
	if j > n {
		if j != missed {
			// Cut short: the slow path says where.
			return false
		}
		ctx := context4{turnContext: turnContext{command: t.Command, lastSpawn: l.lastSpawn}}
		if l.swing != nil {
			ctx.swung, ctx.attacker, ctx.target = true, l.swing.Attacker, l.swing.Target
		}
		if f, j = d.slowFact4(b[:n], l.code, l.at, len(t.Facts), &ctx); f == nil {
			return false
		}
		switch f := f.(type) {
		case *events.Spawned:
			l.lastSpawn = f.ID
		case *events.Attacked:
			l.swing = f
		}
	}
	t.Facts = append(t.Facts, f)
	l.i = j
	return true
}

// slowFact4 reads the fields of the format 4 fact of wire code code at
// payload[at:] (fact index of its turn, after the facts ctx sums up) on
// the slow path's reader, and returns it with the index after it; or nil,
// when the slow path refuses it (decode4 then words why).
func (d *TurnDecoder) slowFact4(payload []byte, code byte, at, index int, ctx *context4) (events.Fact, int) {
	r := d.slowReader(payload, at)
	c := &d.ctx4
	*c = *ctx
	var f events.Fact
	switch sh4, sh3 := shorthands4[code], factShorthands[code]; {
	case sh4 != nil:
		f = d.slowStart(uint8(sh4.of), sh4.name, index)
		get4(r, f, code, c)
	case sh3 != nil:
		f = d.slowStart(uint8(sh3.of), sh3.name, index)
		sh3.get(r, f, &c.turnContext)
	default:
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
