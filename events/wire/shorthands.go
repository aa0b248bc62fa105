package wire

import (
	"math"

	"rogue/events"
)

// Shorthands (format 3 on) are extra wire codes for the commonest shapes
// of a command or fact, that leave out what the rest of the turn already
// says. A shorthand decodes to the same value as the full form: it is
// only a way of writing it, chosen by the encoder whenever it fits, and
// nothing outside the codec ever sees one.
//
// What a shorthand leaves out is always known from the turn itself, never
// from earlier turns, so a turn decodes on its own (a reader may start at
// any record):
//
//   - the turn's command, for the player's step in the direction it gave;
//   - the id of the Spawned fact before it in the turn: a level's
//     monsters and items take consecutive ids;
//   - zero fields: a Spawned thing lying on the floor has no holder and
//     no slot; one that is held has no position and no hit points.
//
// Over ordinary bot games they take a turn from about 22 bytes to about
// 17. Their codes are 0x40 to 0x7f, apart from the full forms' codes, and
// still one byte each.
type factShorthand struct {
	name string          // for error messages: "Spawned, next on the floor"
	of   events.FactCode // the fact it writes
	// fits reports whether f, the fact after those of the turn so far
	// (summed up in c), can be written this way.
	fits func(f events.Fact, c *turnContext) bool
	// put writes the fields it does not leave out; get reads them into
	// f, a zero value of the fact, and fills in the rest from c.
	put func(w *writer, f events.Fact)
	get func(r *reader, f events.Fact, c *turnContext)
}

// turnContext is what a shorthand may take from the turn around it.
type turnContext struct {
	command   events.Command
	lastSpawn events.EntityID // the id of the last Spawned so far in the turn (0: none)
}

// saw updates c with a fact written or read.
func (c *turnContext) saw(f events.Fact) {
	if s, ok := f.(*events.Spawned); ok {
		c.lastSpawn = s.ID
	}
}

// Shorthand wire codes. Never reuse one: add new ones after.
const (
	// moveShorthand+d is the command Move{Dir: d}.
	moveShorthand = 0x40 // to 0x47

	codeMovedAsCommanded = 0x50
	codeSpawnedNextFloor = 0x51
	codeSpawnedNextHeld  = 0x52
)

var factShorthands = [256]*factShorthand{
	// The player's step in the direction the Move command gave.
	codeMovedAsCommanded: {
		name: "Moved, as commanded",
		of:   events.CodeMoved,
		fits: func(f events.Fact, c *turnContext) bool {
			m, ok := c.command.(*events.Move)
			return ok && f.(*events.Moved).Actor == events.PlayerID && f.(*events.Moved).Dir == m.Dir
		},
		put: func(*writer, events.Fact) {},
		get: func(r *reader, f events.Fact, c *turnContext) {
			m, ok := c.command.(*events.Move)
			if !ok {
				r.failAt(0, "the turn's command is not a Move")
				return
			}
			*f.(*events.Moved) = events.Moved{Actor: events.PlayerID, Dir: m.Dir}
		},
	},
	// A thing spawned on the floor, with the id after the last one.
	codeSpawnedNextFloor: {
		name: "Spawned, next on the floor",
		of:   events.CodeSpawned,
		fits: func(f events.Fact, c *turnContext) bool {
			s := f.(*events.Spawned)
			return s.ID == c.lastSpawn+1 && s.Holder == 0 && s.Slot == 0
		},
		put: func(w *writer, f events.Fact) {
			s := f.(*events.Spawned)
			w.int(s.Kind)
			w.pos(s.Pos)
			w.int(s.HP)
		},
		get: func(r *reader, f events.Fact, c *turnContext) {
			*f.(*events.Spawned) = events.Spawned{ID: r.nextID(c), Kind: r.int(), Pos: r.pos(), HP: r.int()}
		},
	},
	// A thing spawned in someone's hands or pack, with the id after the
	// last one.
	codeSpawnedNextHeld: {
		name: "Spawned, next and held",
		of:   events.CodeSpawned,
		fits: func(f events.Fact, c *turnContext) bool {
			s := f.(*events.Spawned)
			return s.ID == c.lastSpawn+1 && s.Holder != 0 && s.Pos == (events.Pos{}) && s.HP == 0
		},
		put: func(w *writer, f events.Fact) {
			s := f.(*events.Spawned)
			w.int(s.Kind)
			w.id(s.Holder)
			w.slot(s.Slot)
		},
		get: func(r *reader, f events.Fact, c *turnContext) {
			*f.(*events.Spawned) = events.Spawned{ID: r.nextID(c), Kind: r.int(), Holder: r.id(), Slot: r.slot()}
		},
	},
}

// factShorthandsOf lists, for each fact code, the shorthands that write
// it, in the order the encoder tries them.
var factShorthandsOf = func() (out [256][]uint8) {
	for code, s := range factShorthands {
		if s != nil {
			out[s.of] = append(out[s.of], uint8(code))
		}
	}
	return out
}()

// nextID is the id after the turn's last Spawned, checked as an id read
// from the wire is.
func (r *reader) nextID(c *turnContext) events.EntityID {
	if uint64(c.lastSpawn)+1 >= math.MaxUint32 {
		r.failAt(0, "%d is not a entity id", uint64(c.lastSpawn)+1)
		return 0
	}
	return c.lastSpawn + 1
}

// commandShorthand returns the shorthand wire code of cmd, or 0.
func commandShorthand(cmd events.Command) uint8 {
	if m, ok := cmd.(*events.Move); ok && m.Dir < events.NumDirs {
		return moveShorthand + uint8(m.Dir)
	}
	return 0
}

// isMoveShorthand reports whether code is a Move shorthand, and its
// direction.
func isMoveShorthand(code uint64) (events.Dir, bool) {
	if code >= moveShorthand && code < moveShorthand+uint64(events.NumDirs) {
		return events.Dir(code - moveShorthand), true
	}
	return 0, false
}

// shorthandOf returns the shorthand code that writes f after the facts c
// sums up, or 0 when only the full form does.
func shorthandOf(f events.Fact, c *turnContext) uint8 {
	for _, sc := range factShorthandsOf[f.Code()] {
		if factShorthands[sc].fits(f, c) {
			return sc
		}
	}
	return 0
}

// shorthandAt is the fact shorthand of a wire code, or nil.
func shorthandAt(code uint64) *factShorthand {
	if code > 255 {
		return nil
	}
	return factShorthands[code]
}
