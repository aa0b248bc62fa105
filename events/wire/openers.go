package wire

import (
	"errors"
	"fmt"
	"math"

	"rogue/events"
)

// Format 4 is format 3 with more shorthands, chosen by measuring where the
// bytes of ordinary bot games went (see docs/JOURNAL.md for the bytes):
//
//   - openers: one code for the command, its draw count and, for the
//     commonest turns, the turn's first fact (a step as commanded, a rest
//     that heals a hit point, a pick-up), where format 3 wrote two to six
//     bytes;
//   - a monster's step with the direction in the code;
//   - melee swings whose hit is left out (it follows from the d20 rule:
//     natural, attack and armor class), whose roll and damage are left out
//     on a miss (both 0), whose attacker or target is the player or the
//     other side of the turn's previous swing, and whose weapon is none or
//     the id after the attacker's (a monster spawns holding its weapon);
//   - the death the turn's last swing dealt, what the one it killed drops,
//     and the experience the player gains;
//   - a monster's gear: a thing spawned in the hands of the one spawned
//     just before it.
//
// As in format 3, what a shorthand leaves out comes from the turn itself,
// never from an earlier turn, so a record decodes on its own; every code is
// still a positive fixint and every field a msgpack value, so CheckTurn
// and the salvage's TurnShapeOK walk format 4 as they walk format 3.
//
// Everything of format 4 lives in this file: the encoder and the decoder
// call encode4 and decode4 for it and nothing else, and format 3's codes
// (full forms and shorthands) mean the same in format 4.

// Opener wire codes (a turn's first code) of format 4, besides format 3's
// full command codes and Move shorthands. Never reuse one.
const (
	// openStep+d: Move d, no draws, and the turn's first fact is the
	// player's step d (Moved{PlayerID, d}).
	openStep = 0x48 // to 0x4f
	// openMoveDraws+8*(k-minPackedDraws)+d: Move d and k draws.
	openMoveDraws  = 0x50 // to 0x67
	minPackedDraws = 2
	maxPackedDraws = 4
	// openWait: Wait, no draws.
	openWait = 0x68
	// openRest: Wait, no draws, and the turn's first fact is the player
	// resting for a hit point (Healed{PlayerID, 1, CauseRest}).
	openRest = 0x69
	// openPickUp: PickUp, no draws, and the turn's first fact is the
	// player picking up the item whose id follows.
	openPickUp = 0x6a
)

// Fact shorthand wire codes of format 4, besides format 3's. Never reuse
// one.
const (
	// code4Moved+d: Moved in direction d; the actor follows.
	code4Moved = 0x58 // to 0x5f
	// code4Attacked + 4*who + weapon: a melee swing (see attackShape).
	code4Attacked = 0x60 // to 0x6a
	// code4DiedOfSwing: Died of the turn's last swing: its target died of
	// melee, its attacker the killer.
	code4DiedOfSwing = 0x70
	// code4DroppedByTarget: Dropped by the target of the turn's last
	// swing; the item follows.
	code4DroppedByTarget = 0x71
	// code4DroppedNext: Dropped by the target of the turn's last swing,
	// the item with the id after the target's.
	code4DroppedNext = 0x72
	// code4PlayerGained: GainedXP by the player; the amount follows.
	code4PlayerGained = 0x73
	// code4SpawnedInHand: Spawned with the next id, held by the thing
	// spawned just before it (a monster's gear); the kind and the slot
	// follow.
	code4SpawnedInHand = 0x74
)

// Who swung at whom, in an Attacked shorthand (code4Attacked + 4*who).
const (
	swingByPlayer = iota // attacker the player; the target follows
	swingReply           // attacker and target the previous swing's target and attacker
	swingAtPlayer        // target the player; the attacker follows
	numSwingWho
)

// The weapon of an Attacked shorthand (code4Attacked + ... + weapon).
const (
	weaponWritten = iota // the weapon's id follows
	weaponNone           // 0: unarmed
	weaponNext           // the id after the attacker's
	numWeaponForms
)

// context4 is what a format 4 shorthand may take from the turn around it.
type context4 struct {
	turnContext // format 3's: the command and the last Spawned
	// The turn's last swing so far (swung is false before the first).
	swung            bool
	attacker, target events.EntityID
}

func (c *context4) saw(f events.Fact) {
	switch f := f.(type) {
	case *events.Spawned:
		c.lastSpawn = f.ID
	case *events.Attacked:
		c.swung, c.attacker, c.target = true, f.Attacker, f.Target
	}
}

// hits is the d20 rule of melee (reducer.attack): a natural 1 misses, a
// natural 20 hits, otherwise the attack must reach the armor class.
func hits(natural, attack, armorClass int) bool {
	return natural != 1 && (natural == 20 || attack >= armorClass)
}

// attackShape returns the shorthand code of an Attacked after the facts c
// sums up, or 0 when it has no shorthand: its hit must be the d20 rule's
// and a miss must have no roll and no damage.
func attackShape(f *events.Attacked, c *context4) uint8 {
	if f.Hit != hits(f.Natural, f.Attack, f.ArmorClass) || !f.Hit && (f.Roll != 0 || f.Damage != 0) {
		return 0
	}
	who := swingAtPlayer
	switch {
	case c.swung && f.Attacker == c.target && f.Target == c.attacker:
		who = swingReply
	case f.Attacker == events.PlayerID:
		who = swingByPlayer
	case f.Target != events.PlayerID:
		return 0
	}
	weapon := weaponWritten
	switch {
	case f.Weapon == 0:
		weapon = weaponNone
	case f.Weapon == f.Attacker+1:
		weapon = weaponNext
	}
	return uint8(code4Attacked + 4*who + weapon)
}

// putAttack writes the fields an Attacked shorthand of code sc keeps.
func putAttack(w *writer, f *events.Attacked, sc uint8) {
	who, weapon := (sc-code4Attacked)/4, (sc-code4Attacked)%4
	switch who {
	case swingByPlayer:
		w.id(f.Target)
	case swingAtPlayer:
		w.id(f.Attacker)
	}
	if weapon == weaponWritten {
		w.id(f.Weapon)
	}
	w.int(f.Natural)
	w.int(f.Attack)
	w.int(f.ArmorClass)
	if f.Hit {
		w.int(f.Roll)
		w.int(f.Damage)
	}
}

// getAttack reads an Attacked shorthand of code sc into f.
func getAttack(r *reader, f *events.Attacked, sc uint8, c *context4) {
	who, weapon := (sc-code4Attacked)/4, (sc-code4Attacked)%4
	switch who {
	case swingByPlayer:
		f.Attacker, f.Target = events.PlayerID, r.id()
	case swingReply:
		if !c.swung {
			r.failAt(0, "no swing before it in the turn to reply to")
			return
		}
		f.Attacker, f.Target = c.target, c.attacker
	case swingAtPlayer:
		f.Attacker, f.Target = r.id(), events.PlayerID
	}
	switch weapon {
	case weaponWritten:
		f.Weapon = r.id()
	case weaponNext:
		f.Weapon = r.idAfter(f.Attacker)
	}
	f.Natural = r.int()
	f.Attack = r.int()
	f.ArmorClass = r.int()
	f.Hit = hits(f.Natural, f.Attack, f.ArmorClass)
	if f.Hit {
		f.Roll = r.int()
		f.Damage = r.int()
	}
}

// idAfter is id+1, checked as an id read from the wire is.
func (r *reader) idAfter(id events.EntityID) events.EntityID {
	if uint64(id)+1 >= math.MaxUint32 {
		r.failAt(0, "%d is not a entity id", uint64(id)+1)
		return 0
	}
	return id + 1
}

// shorthand4Of returns the format 4 shorthand code that writes f after the
// facts c sums up, or 0.
func shorthand4Of(f events.Fact, c *context4) uint8 {
	switch f := f.(type) {
	case *events.Moved:
		// The player's step as commanded has format 3's shorter code.
		if f.Dir < events.NumDirs && !factShorthands[codeMovedAsCommanded].fits(f, &c.turnContext) {
			return code4Moved + uint8(f.Dir)
		}
	case *events.Attacked:
		return attackShape(f, c)
	case *events.Died:
		if c.swung && f.Actor == c.target && f.Cause == events.CauseMelee && f.Killer == c.attacker {
			return code4DiedOfSwing
		}
	case *events.Dropped:
		switch {
		case !c.swung || f.Actor != c.target:
		case f.Item == f.Actor+1:
			return code4DroppedNext
		default:
			return code4DroppedByTarget
		}
	case *events.GainedXP:
		if f.Actor == events.PlayerID {
			return code4PlayerGained
		}
	case *events.Spawned:
		if c.lastSpawn != 0 && f.ID == c.lastSpawn+1 && f.Holder == c.lastSpawn && f.Pos == (events.Pos{}) && f.HP == 0 {
			return code4SpawnedInHand
		}
	}
	return 0
}

// put4 writes the fields the format 4 shorthand sc of f keeps.
func put4(w *writer, f events.Fact, sc uint8) {
	switch f := f.(type) {
	case *events.Moved:
		w.id(f.Actor)
	case *events.Attacked:
		putAttack(w, f, sc)
	case *events.Dropped:
		if sc == code4DroppedByTarget {
			w.id(f.Item)
		}
	case *events.GainedXP:
		w.int(f.Amount)
	case *events.Spawned:
		w.int(f.Kind)
		w.slot(f.Slot)
	}
}

// shorthand4 is what the decoder needs of a format 4 fact shorthand code.
type shorthand4 struct {
	name string
	of   events.FactCode
}

var shorthands4 = func() (t [256]*shorthand4) {
	for d := range events.NumDirs {
		t[code4Moved+int(d)] = &shorthand4{"Moved, " + d.String(), events.CodeMoved}
	}
	whoNames := [numSwingWho]string{"by the player", "in reply", "at the player"}
	weaponNames := [numWeaponForms]string{"", ", unarmed", ", with the next id"}
	for who := range numSwingWho {
		for weapon := range numWeaponForms {
			t[code4Attacked+4*who+weapon] = &shorthand4{"Attacked, " + whoNames[who] + weaponNames[weapon], events.CodeAttacked}
		}
	}
	t[code4DiedOfSwing] = &shorthand4{"Died of the last swing", events.CodeDied}
	t[code4DroppedByTarget] = &shorthand4{"Dropped by the last swing's target", events.CodeDropped}
	t[code4DroppedNext] = &shorthand4{"Dropped by the last swing's target, the next id", events.CodeDropped}
	t[code4PlayerGained] = &shorthand4{"GainedXP, the player", events.CodeGainedXP}
	t[code4SpawnedInHand] = &shorthand4{"Spawned, next and held by the one before", events.CodeSpawned}
	return t
}()

// get4 reads the fields of the format 4 shorthand sc into f, a zero value
// of its fact, and fills in the rest from c.
func get4(r *reader, f events.Fact, sc uint8, c *context4) {
	switch f := f.(type) {
	case *events.Moved:
		f.Actor = r.id()
		f.Dir = events.Dir(sc - code4Moved)
	case *events.Attacked:
		getAttack(r, f, sc, c)
	case *events.Died:
		if !c.swung {
			r.failAt(0, "no swing before it in the turn")
			return
		}
		*f = events.Died{Actor: c.target, Cause: events.CauseMelee, Killer: c.attacker}
	case *events.Dropped:
		if !c.swung {
			r.failAt(0, "no swing before it in the turn")
			return
		}
		f.Actor = c.target
		if sc == code4DroppedNext {
			f.Item = r.idAfter(c.target)
		} else {
			f.Item = r.id()
		}
	case *events.GainedXP:
		*f = events.GainedXP{Actor: events.PlayerID, Amount: r.int()}
	case *events.Spawned:
		if c.lastSpawn == 0 {
			r.failAt(0, "no Spawned before it in the turn")
			return
		}
		*f = events.Spawned{ID: r.nextID(&c.turnContext), Holder: c.lastSpawn, Kind: r.int(), Slot: r.slot()}
	}
}

// opener4 returns the format 4 opener code of t, and how many of its facts
// the opener writes, or code 0 when t opens as in format 3.
func opener4(t *events.Turn) (code uint8, facts int) {
	switch cmd := t.Command.(type) {
	case *events.Move:
		if cmd.Dir >= events.NumDirs {
			return 0, 0
		}
		d := uint8(cmd.Dir)
		if t.Draws == 0 && len(t.Facts) > 0 {
			if m, ok := t.Facts[0].(*events.Moved); ok && *m == (events.Moved{Actor: events.PlayerID, Dir: cmd.Dir}) {
				return openStep + d, 1
			}
		}
		if t.Draws >= minPackedDraws && t.Draws <= maxPackedDraws {
			return openMoveDraws + 8*uint8(t.Draws-minPackedDraws) + d, 0
		}
	case *events.Wait:
		if t.Draws != 0 {
			return 0, 0
		}
		if len(t.Facts) > 0 {
			if h, ok := t.Facts[0].(*events.Healed); ok && *h == (events.Healed{Actor: events.PlayerID, Amount: 1, Cause: events.CauseRest}) {
				return openRest, 1
			}
		}
		return openWait, 0
	case *events.PickUp:
		if t.Draws == 0 && len(t.Facts) > 0 {
			if p, ok := t.Facts[0].(*events.PickedUp); ok && p.Actor == events.PlayerID {
				return openPickUp, 1
			}
		}
	}
	return 0, 0
}

// encode4 writes t in format 4; the caller checked t and reset the buffer.
func (e *TurnEncoder) encode4(t *events.Turn) {
	w := &e.w
	facts := t.Facts
	if oc, n := opener4(t); oc != 0 {
		w.uint(uint64(oc))
		if oc == openPickUp {
			w.id(t.Facts[0].(*events.PickedUp).Item)
		}
		facts = facts[n:]
	} else {
		if sc := commandShorthand(t.Command); sc != 0 {
			w.uint(uint64(sc))
		} else {
			w.uint(uint64(t.Command.Code()))
			putCommand(w, t.Command)
		}
		w.uint(t.Draws)
	}
	c := &e.ctx4
	*c = context4{turnContext: turnContext{command: t.Command}}
	for _, f := range t.Facts[:len(t.Facts)-len(facts)] {
		c.saw(f)
	}
	for _, f := range facts {
		if sc := shorthand4Of(f, c); sc != 0 {
			w.uint(uint64(sc))
			put4(w, f, sc)
		} else if sc := shorthandOf(f, &c.turnContext); sc != 0 {
			w.uint(uint64(sc))
			factShorthands[sc].put(w, f)
		} else {
			w.uint(uint64(f.Code()))
			putFact(w, f)
		}
		c.saw(f)
	}
}

// opening is what an opener code stands for.
type opening struct {
	name  string
	cmd   events.CommandCode
	dir   events.Dir // a Move's
	draws uint64     // the draw count
	first events.FactCode
}

var openings4 = func() (t [256]*opening) {
	for d := range events.NumDirs {
		t[openStep+int(d)] = &opening{"Move " + d.String() + ", a step", events.CodeMove, d, 0, events.CodeMoved}
		for k := minPackedDraws; k <= maxPackedDraws; k++ {
			t[openMoveDraws+8*(k-minPackedDraws)+int(d)] = &opening{fmt.Sprintf("Move %s, %d draws", d, k), events.CodeMove, d, uint64(k), 0}
		}
	}
	t[openWait] = &opening{"Wait", events.CodeWait, 0, 0, 0}
	t[openRest] = &opening{"Wait, a rest", events.CodeWait, 0, 0, events.CodeHealed}
	t[openPickUp] = &opening{"PickUp, picked up", events.CodePickUp, 0, 0, events.CodePickedUp}
	return t
}()

// decode4 reads a format 4 turn: an opener, then facts to the end of the
// payload.
func (d *TurnDecoder) decode4(t *events.Turn) error {
	r := &d.r
	if len(r.b) == 0 {
		return errors.New("turn: empty, want a command, a draw count and the facts")
	}
	code, ok := r.flatCode()
	if !ok {
		return fmt.Errorf("command code: %w", r.err)
	}
	t.Facts = t.Facts[:0]
	c := &d.ctx4
	if op := openingAt(code); op != nil {
		cmd := d.slabs.command(uint8(op.cmd))
		if m, ok := cmd.(*events.Move); ok {
			m.Dir = op.dir
		}
		t.Command, t.Draws = cmd, op.draws
		*c = context4{turnContext: turnContext{command: cmd}}
		if op.first != 0 {
			f := d.slabs.fact(uint8(op.first))
			switch f := f.(type) {
			case *events.Moved:
				*f = events.Moved{Actor: events.PlayerID, Dir: op.dir}
			case *events.Healed:
				*f = events.Healed{Actor: events.PlayerID, Amount: 1, Cause: events.CauseRest}
			case *events.PickedUp:
				r.part, r.name, r.index = partFact, op.name, 0
				r.budget()
				*f = events.PickedUp{Actor: events.PlayerID, Item: r.id()}
				if r.err != nil {
					return r.err
				}
			}
			c.saw(f)
			t.Facts = append(t.Facts, f)
		}
	} else {
		if err := d.commandAndDraws(code, true, t); err != nil {
			return err
		}
		*c = context4{turnContext: turnContext{command: t.Command}}
	}
	for i := len(t.Facts); r.i < len(r.b); i++ {
		if i == events.MaxFactsPerTurn {
			return fmt.Errorf("turn: more than %d facts", events.MaxFactsPerTurn)
		}
		code, ok := r.flatCode()
		if !ok {
			return fmt.Errorf("fact %d code: %w", i, r.err)
		}
		var f events.Fact
		switch sh4, sh3 := shorthand4At(code), shorthandAt(code); {
		case sh4 != nil:
			f = d.slabs.fact(uint8(sh4.of))
			r.part, r.name, r.index = partFact, sh4.name, i
			r.budget()
			get4(r, f, uint8(code), c)
		case sh3 != nil:
			f = d.slabs.fact(uint8(sh3.of))
			r.part, r.name, r.index = partFact, sh3.name, i
			r.budget()
			sh3.get(r, f, &c.turnContext)
		default:
			if factName(code) == "" {
				return fmt.Errorf("fact %d: unknown code %d", i, code)
			}
			name := factName(uint64(code))
			f = d.slabs.fact(uint8(code))
			r.part, r.name, r.index = partFact, name, i
			r.budget()
			getFact(r, f)
		}
		if r.err != nil {
			return r.err
		}
		c.saw(f)
		t.Facts = append(t.Facts, f)
	}
	return nil
}

// openingAt is the format 4 opener of a wire code, or nil.
func openingAt(code uint64) *opening {
	if code > 255 {
		return nil
	}
	return openings4[code]
}

// shorthand4At is the format 4 fact shorthand of a wire code, or nil.
func shorthand4At(code uint64) *shorthand4 {
	if code > 255 {
		return nil
	}
	return shorthands4[code]
}
