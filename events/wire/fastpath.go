package wire

import "rogue/events"

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
	// numOpenerKinds is the first kind of a command's full code, one a
	// command (fastpath_gen.go).
	numOpenerKinds
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
	commandKinds(&t)
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
