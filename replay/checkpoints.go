package replay

import (
	"slices"

	"rogue/journal"
	"rogue/reducer"
)

// Checkpoints are states of a journal kept in memory by a replay, so that
// going back folds a few dozen turns, not the game from its start: the
// journal's snapshots on disk may be far apart, or missing (a journal
// attached to a bug report comes without them). They are taken as folds
// pass them: a ladder across the whole journal at multiples of
// checkpointEvery (at most maxCheckpoints, their spacing doubling when
// there would be more), and, near where the replay goes, one every
// fineEvery turns, of which the localCheckpoints most recently used are
// kept (with the ones the ladder dropped). Memory stays bounded at any
// journal length, and whatever the journal holds: all the checkpoints
// together keep at most maxCheckpointEntities entities (a hostile journal
// can make every state hold tens of thousands), the spacing doubling and
// the local ones going first when there would be more.
//
// A walk forward (an export) never goes back further than the log of the
// frame it draws: it keeps only the checkpoints of the last
// forwardWindow turns, of at most forwardCheckpointEntities entities in
// all (see checkpoints.forward).

const (
	checkpointEvery  = 1024
	fineEvery        = 64
	maxCheckpoints   = 256
	localCheckpoints = 48
	// maxCheckpointEntities is about 5 MB of entities, so that a replay
	// or an export stays under 32 MiB in all. The deepest levels of a
	// long wizard game have a thousand entities, so there the
	// checkpoints thin out to a few dozen (a journal without snapshots
	// has the snapshot cache beside them: see game.Seeker).
	maxCheckpointEntities = 1 << 15
	// forwardWindow is how far back of the turn it folds to a walk
	// forward keeps checkpoints: a frame's log reaches logTurns back,
	// and the ladder's checkpoint before that is within a spacing.
	forwardWindow = logTurns + checkpointEvery
	// forwardCheckpointEntities is about 1.5 MB of entities: the
	// ladder's checkpoints within forwardWindow on the deepest levels
	// of a long wizard game. An export's checkpoints are the bulk of
	// what it keeps, and the garbage collector lets the heap grow to
	// twice what is kept, so a smaller budget lowers its peak twice over.
	forwardCheckpointEntities = 1 << 13
)

// entityBytes is how many bytes of a journal fold in the time one
// entity of a state is copied (measured: about 90 ns an entity, 20 ns a
// byte).
const entityBytes = 4

type checkpoint struct {
	state *reducer.State // never changed: restore a Clone
	pos   journal.Position
	used  int // when last added or used, to drop the least recently used off the ladder
}

type checkpoints struct {
	every    int          // the ladder's spacing
	window   int          // when not 0: how many turns back of the newest the checkpoints reach (a walk forward)
	off      bool         // none kept (a walk forward that never goes back)
	budget   int          // the most entities the states in list may hold in all
	list     []checkpoint // by increasing turn
	clock    int
	entities int // how many entities the states in list hold in all
	copies   int // how many states add copied, all told (what keeping them cost)
	// copied is where the newest copy stood: a copy dropped since (the
	// entity cap drops them in a crowd) still paid for the bytes after it.
	copied journal.Position
}

func newCheckpoints() *checkpoints {
	return &checkpoints{every: checkpointEvery, budget: maxCheckpointEntities}
}

// forward makes the checkpoints those of a walk forward (an export):
// from the next one added, those more than forwardWindow turns before it
// are dropped, and they hold at most forwardCheckpointEntities entities.
// A walk forward only ever goes back to draw its first frame's log, or
// when its frames are more than checkpointEvery turns apart, and then
// by at most logTurns (see Frames.logAt): the ladder across the whole
// journal, kept for a replay to jump anywhere, and the fine checkpoints,
// kept for a replay to step back, would be dead weight (see due).
func (c *checkpoints) forward() {
	c.window, c.budget = forwardWindow, min(c.budget, forwardCheckpointEntities)
}

// due reports whether the state after turn turns is one to keep, on a
// fold going to turn target. A walk forward keeps only the ladder's,
// and only within its window of target: it folds each turn once, and a
// copy of the state costs about what folding its turns since the copy
// before did (see worth).
func (c *checkpoints) due(turn, target int) bool {
	if c.off {
		return false
	}
	if c.window > 0 {
		return turn > 0 && turn%checkpointEvery == 0 && target-turn < c.window
	}
	return turn > 0 && (turn%checkpointEvery == 0 || turn%fineEvery == 0 && target-turn < checkpointEvery)
}

// add keeps a copy of s, which stands at pos of the journal.
func (c *checkpoints) add(s *reducer.State, pos journal.Position) {
	c.clock++
	i, found := slices.BinarySearchFunc(c.list, s.Turn, func(k checkpoint, turn int) int { return k.state.Turn - turn })
	if found {
		c.list[i].used = c.clock
		return
	}
	c.list = slices.Insert(c.list, i, checkpoint{state: s.Clone(), pos: pos, used: c.clock})
	c.copies++
	c.copied = pos
	c.entities += s.NumEntities()
	if c.window > 0 {
		c.dropBefore(s.Turn - c.window)
	}
	for c.count(true) > maxCheckpoints {
		c.every *= 2
	}
	for c.count(false) > localCheckpoints {
		c.dropLeastUsedOffLadder()
	}
	for c.entities > c.budget && len(c.list) > 1 {
		if c.count(false) == 0 {
			c.every *= 2
			continue
		}
		c.dropLeastUsedOffLadder()
	}
}

// worth reports whether a checkpoint of s, which stands at pos of the
// journal (turn 0 at origin), is worth its copy: copying a state costs
// about what folding entityBytes bytes of a journal costs for each of its
// entities, so a new one is kept only when at least that many bytes lie
// between it and the newest checkpoint before it (or the start). A
// game's states hold a few dozen entities and its turns are tens of
// bytes, so this seldom holds one back (a step back then folds a few
// dozen turns more); whatever a journal holds (a crowd of thousands, then
// empty turns), copying checkpoints costs at most about as much as the
// fold that passes them.
func (c *checkpoints) worth(s *reducer.State, pos, origin journal.Position) bool {
	if c.off {
		return false
	}
	from := origin.Offset
	if k, ok := c.peek(s.Turn); ok {
		if k.state.Turn == s.Turn {
			return true // kept already: add marks it used
		}
		from = k.pos.Offset
	}
	if c.copied.Offset <= pos.Offset {
		from = max(from, c.copied.Offset)
	}
	return pos.Offset-from >= entityBytes*int64(s.NumEntities())
}

// before is the newest checkpoint at or before turn, to use.
func (c *checkpoints) before(turn int) (checkpoint, bool) {
	i := c.index(turn)
	if i < 0 {
		return checkpoint{}, false
	}
	c.clock++
	c.list[i].used = c.clock
	return c.list[i], true
}

// peek is the newest checkpoint at or before turn, not to use (it stays
// as recently used as it was).
func (c *checkpoints) peek(turn int) (checkpoint, bool) {
	i := c.index(turn)
	if i < 0 {
		return checkpoint{}, false
	}
	return c.list[i], true
}

// index is the index of the newest checkpoint at or before turn, or -1.
func (c *checkpoints) index(turn int) int {
	i, found := slices.BinarySearchFunc(c.list, turn, func(k checkpoint, turn int) int { return k.state.Turn - turn })
	if !found {
		i--
	}
	return i
}

func (c *checkpoints) onLadder(k checkpoint) bool { return k.state.Turn%c.every == 0 }

// count counts the checkpoints on the ladder (or off it).
func (c *checkpoints) count(ladder bool) int {
	n := 0
	for _, k := range c.list {
		if c.onLadder(k) == ladder {
			n++
		}
	}
	return n
}

func (c *checkpoints) dropLeastUsedOffLadder() {
	drop := -1
	for i, k := range c.list {
		if !c.onLadder(k) && (drop < 0 || k.used < c.list[drop].used) {
			drop = i
		}
	}
	if drop >= 0 {
		c.entities -= c.list[drop].state.NumEntities()
		c.list = slices.Delete(c.list, drop, drop+1)
	}
}

// stop drops the checkpoints and keeps none from then on: for a walk
// forward that will not go back (see Frames.walkForward).
func (c *checkpoints) stop() {
	c.list, c.entities, c.off = nil, 0, true
}

// dropBefore drops the checkpoints before turn.
func (c *checkpoints) dropBefore(turn int) {
	n := c.index(turn-1) + 1 // how many are before turn
	for _, k := range c.list[:n] {
		c.entities -= k.state.NumEntities()
	}
	c.list = slices.Delete(c.list, 0, n)
}
