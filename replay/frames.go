package replay

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/view"
)

// Frames gives what a replay shows at any turn of a journal file: the
// state, the log lines of the turns just before, and, once the player is
// dead, the HP over the game. It only reads the journal (it never writes,
// not even snapshots), folding the recorded facts and never deciding
// anything, so it shows the game as it was played under any later rules.
//
// Going to a turn starts from the nearest of: where it is, a checkpoint in
// memory, a snapshot on disk (through game.Seeker), the start; then folds
// forward. Stepping forward folds one turn. The log comes from the lines
// kept of the turns just before (see lines), so a step back folds a few
// dozen turns, however quiet the game was. It is not safe for concurrent
// use.
type Frames struct {
	path   string
	tables *content.Tables
	header journal.Header
	seeker *game.Seeker
	r      *journal.Reader
	origin journal.Position // turn 0
	snaps  []int            // the turns of the snapshots on disk
	ckpts  *checkpoints
	total  int              // the journal's whole turns
	end    journal.Position // where they end
	tail   *journal.Tail    // its torn or corrupt end, if any

	cur  *reducer.State // the state at r's position
	turn events.Turn    // read into, reused

	// lines are every log line of the turns (linesFrom, linesTo], oldest
	// first, when linesOK: the last frame's log is their tail. After At
	// they end at its turn and span at most logTurns+fineEvery turns (the
	// fineEvery so that stepping forward drops the oldest only now and
	// then), however many lines that is.
	lines              []view.ReplayLine
	linesFrom, linesTo int
	linesOK            bool
	spare              []view.ReplayLine // reused to fold lines into

	hp     []int // the HP chart, for hpTurn turns
	hpTurn int

	folded int // turns folded so far, all told (what seeking costs)

	depths []depthEntry // the turns that entered a level, once read
	hist   history      // what History has folded
}

// The log a frame carries: the last logLines lines made within the
// last logTurns turns, more than any log area shows. It is the tail of
// the lines kept (Frames.lines), which end at the frame's turn: when a
// frame is after them by at most checkpointEvery turns, they are extended
// by folding the turns between (stepping forward folds one); when they
// hold too few lines for the frame, they are extended back by folding
// from the newest start before them (stepping back, a fine checkpoint,
// fineEvery turns, now and then), but with the messages no further back
// than the narrowest of the logWindows they do not cover; else they are
// dropped and found anew.
const (
	logLines = 50
	logTurns = 4096
)

var logWindows = [...]int{64, 512, logTurns}

// Open opens the journal at path (read-only) and reads it to its end, to
// know how many turns it has and whether it ends torn or damaged: it
// reads the records without folding them, which costs a small part of a
// fold (whatever a hostile journal makes its facts cost to fold), so an
// export folds the journal once. A fact the fold refuses is an error of
// the first frame at or after its turn.
func Open(path string, tables *content.Tables) (*Frames, error) {
	r, err := journal.Open(path)
	if err != nil {
		return nil, err
	}
	r.ReuseFacts()
	k, err := game.OpenSeeker(path, tables)
	if err != nil {
		r.Close()
		return nil, err
	}
	f := &Frames{path: path, tables: game.FoldTables(r.Header(), tables), header: r.Header(), seeker: k, r: r,
		origin: r.Position(), ckpts: newCheckpoints(), total: journal.MaxTurns}
	files, _ := journal.ListSnapshots(path) // unreadable: the Seeker notes it
	for _, s := range files {
		f.snaps = append(f.snaps, s.Turn)
	}
	if err := f.count(); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// count reads the journal's records from the start to its end, without
// folding them, and sets total and tail; cur is left unset, for the
// first frame to fold from the nearest start.
func (f *Frames) count() error {
	for {
		err := f.r.Next(&f.turn)
		switch {
		case err == nil:
			continue
		case errors.Is(err, io.EOF):
		case errors.As(err, &f.tail):
		default:
			return err
		}
		f.total, f.end = f.r.Turns(), f.r.Position()
		return nil
	}
}

// Close closes the journal.
func (f *Frames) Close() error {
	return errors.Join(f.r.Close(), f.seeker.Close())
}

// Damage is the damage that stopped reading the journal, or nil (a
// clean end, or a torn tail: see Notes).
func (f *Frames) Damage() *journal.Tail {
	if f.tail != nil && !f.tail.Torn {
		return f.tail
	}
	return nil
}

// Header is the journal's header.
func (f *Frames) Header() journal.Header { return f.header }

// Total is the journal's number of whole turns.
func (f *Frames) Total() int { return f.total }

// Notes are what the user should know about the journal in one line
// each: a torn or corrupt end, snapshots that were skipped.
func (f *Frames) Notes() []string {
	var out []string
	if f.tail != nil && f.tail.Torn {
		out = append(out, fmt.Sprintf("note: %v; turn %d is the last whole one", f.tail, f.total-1))
	}
	if n := f.seeker.NoteLine(); n != "" {
		out = append(out, n)
	}
	return out
}

// At is the frame after turn turns (clamped to the journal). It is valid
// until the next call.
func (f *Frames) At(turn int) (view.ReplayFrame, error) {
	turn = min(max(turn, 0), f.total)
	log, err := f.logAt(turn)
	if err != nil {
		return view.ReplayFrame{}, err
	}
	if err := f.reach(turn); err != nil {
		return view.ReplayFrame{}, err
	}
	frame := view.ReplayFrame{State: f.cur, Log: log}
	if f.cur.Over {
		hp, err := f.hpChart(f.cur.Turn)
		if err != nil {
			return view.ReplayFrame{}, err
		}
		frame.HP = hp
	}
	return frame, nil
}

// walkForward tells f that its next frame is the frame-th of a walk
// forward, frames step turns apart (an export): the checkpoints it keeps
// are then only those that walk can use (see checkpoints.forward). It
// only goes back to find the log of a frame whose lines logAt drops, the
// first one, or any when they are more than checkpointEvery turns apart:
// otherwise, once the first is drawn, it keeps none at all. The frames
// are the same whatever checkpoints there are: they only save folds.
func (f *Frames) walkForward(frame, step int) {
	switch {
	case frame == 0:
		f.ckpts.forward()
	case frame == 1 && step <= checkpointEvery:
		f.ckpts.stop()
	}
}

// logAt is the log of the frame at turn: it makes the lines kept end at
// turn and hold its log (they cover the logTurns before turn, or hold
// logLines lines), and takes their tail. It may leave cur anywhere.
func (f *Frames) logAt(turn int) ([]view.ReplayLine, error) {
	if !f.linesOK || turn < f.linesFrom || turn > f.linesTo+checkpointEvery {
		f.lines, f.linesFrom, f.linesTo, f.linesOK = f.lines[:0], turn, turn, true
	}
	if turn > f.linesTo {
		// The turns after the lines kept: cur is normally at linesTo.
		if err := f.reach(f.linesTo); err != nil {
			return nil, err
		}
		if err := f.fold(turn, &f.lines); err != nil {
			return nil, err
		}
	}
	f.linesTo = turn
	f.lines = f.lines[:linesUpTo(f.lines, turn)]
	for f.linesFrom > max(0, turn-logTurns) && len(f.lines) < logLines {
		if err := f.linesBack(turn); err != nil {
			return nil, err
		}
	}
	if turn-f.linesFrom > logTurns+fineEvery { // keep memory bounded
		from := turn - logTurns
		n := linesUpTo(f.lines, from)
		f.lines, f.linesFrom = append(f.lines[:0], f.lines[n:]...), from
	}
	log := f.lines[linesUpTo(f.lines, turn-logTurns):]
	log = log[max(0, len(log)-logLines):]
	return log[:len(log):len(log)], nil
}

// linesBack extends the lines kept back, for the frame at turn: to the
// newest start before them (where it is, a checkpoint, a snapshot or turn
// 0, as reach goes from), folding from there with the messages, so that
// the turns just before them are folded once; but not before the
// narrowest of the logWindows before turn they do not cover (rounded
// down to a checkpoint's turn), as folding with the messages costs twice
// as much: the turns before that are folded without, leaving checkpoints
// (fineEvery apart) to extend the lines from again, if need be.
func (f *Frames) linesBack(turn int) error {
	from := turn - logTurns
	for _, w := range logWindows {
		if edge := turn - w; edge < f.linesFrom {
			from = max(from, edge/fineEvery*fineEvery)
			break
		}
	}
	from = max(from, f.start(f.linesFrom-1), 0)
	if err := f.reach(from); err != nil {
		return err
	}
	f.spare = f.spare[:0]
	if err := f.fold(f.linesFrom, &f.spare); err != nil {
		return err
	}
	f.spare = append(f.spare, f.lines...)
	f.lines, f.spare, f.linesFrom = f.spare, f.lines, from
	return nil
}

// linesUpTo is how many of lines (oldest first) the turns up to turn made.
func linesUpTo(lines []view.ReplayLine, turn int) int {
	n, _ := slices.BinarySearchFunc(lines, turn+1, func(l view.ReplayLine, turn int) int { return l.Turn - turn })
	return n
}

// start is the turn reach(turn) folds from: the newest of where it is, a
// checkpoint, a snapshot, the start.
func (f *Frames) start(turn int) int {
	best := 0
	if f.cur != nil && f.cur.Turn <= turn {
		best = f.cur.Turn
	}
	if ck, ok := f.ckpts.peek(turn); ok {
		best = max(best, ck.state.Turn)
	}
	return max(best, f.snapBefore(turn))
}

// snapBefore is the turn of the newest snapshot at or before turn, the
// journal's own or the snapshot cache's (see game.Seeker), or 0.
func (f *Frames) snapBefore(turn int) int {
	best := f.seeker.CachedBefore(turn)
	for _, s := range f.snaps {
		if s <= turn {
			best = max(best, s)
		}
	}
	return best
}

// reach makes cur the state after turn turns (or the journal's end), from
// the nearest start, without the log.
func (f *Frames) reach(turn int) error {
	best := -1
	if f.cur != nil && f.cur.Turn <= turn {
		best = f.cur.Turn
	}
	ck, haveCk := f.ckpts.before(turn)
	snap := f.snapBefore(turn)
	from := max(best, snap)
	if haveCk {
		from = max(from, ck.state.Turn)
	}
	switch {
	case turn-from >= journal.CacheSnapshotEvery:
		// Far from any start: the Seeker folds, leaving snapshots in
		// the cache (a journal without its own), so that opening the
		// journal again does not fold these turns again.
		s, tail, err := f.seeker.StateAt(turn)
		if err != nil {
			return err
		}
		if err := f.r.Seek(f.seeker.Position()); err != nil {
			return err
		}
		if tail != nil {
			f.tail = tail
		}
		f.cur = s.Clone()
		return nil
	case haveCk && ck.state.Turn > best && ck.state.Turn >= snap:
		if err := f.r.Seek(ck.pos); err != nil {
			return err
		}
		f.cur = ck.state.Clone()
	case snap > best && snap > 0:
		s, _, err := f.seeker.StateAt(snap)
		if err != nil {
			return err
		}
		if err := f.r.Seek(f.seeker.Position()); err != nil {
			return err
		}
		f.cur = s.Clone()
		// Kept, not to ask the Seeker again, when worth its copy (a
		// crowd's state costs more to copy than its turns to fold).
		if pos := f.seeker.Position(); f.ckpts.worth(f.cur, pos, f.origin) {
			f.ckpts.add(f.cur, pos)
		}
	case best < 0:
		if err := f.r.Seek(f.origin); err != nil {
			return err
		}
		f.cur = reducer.New(f.header.Seed, f.tables)
		f.cur.Wizard = f.header.Options.Wizard
	}
	return f.fold(turn, nil)
}

// fold folds turns into cur until it has turn turns or the journal ends,
// keeping checkpoints as it passes them and, unless lines is nil,
// appending the log lines of the turns to it.
func (f *Frames) fold(turn int, lines *[]view.ReplayLine) error {
	var tail *journal.Tail // once, not a heap allocation a turn (errors.As takes its address)
	for f.cur.Turn < turn {
		err := f.r.Next(&f.turn)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if errors.As(err, &tail) {
			f.tail = tail
			return nil
		}
		if err != nil {
			f.cur, f.linesOK = nil, false
			return err
		}
		var msgs []string
		if lines != nil {
			msgs, err = f.cur.ApplyTurnMessages(&f.turn)
		} else {
			err = f.cur.ApplyTurn(&f.turn)
		}
		f.folded++
		if err != nil {
			f.cur, f.linesOK = nil, false
			// err names the turn and the fact already; this adds the
			// file and the byte offset, as game.Fold does.
			return &journal.Error{Path: f.path, Offset: f.r.Offset(), Turn: -1, Err: err}
		}
		for _, m := range msgs {
			*lines = append(*lines, view.ReplayLine{Turn: f.cur.Turn, Text: m})
		}
		if pos := f.r.Position(); f.ckpts.due(f.cur.Turn, turn) && f.ckpts.worth(f.cur, pos, f.origin) {
			f.ckpts.add(f.cur, pos)
		}
	}
	return nil
}

// hpChart is the player's HP after each of the first turn turns: folded
// once from the start, on a reader of its own, when the replay first
// shows the game over screen.
func (f *Frames) hpChart(turn int) ([]int, error) {
	if f.hp != nil && f.hpTurn == turn {
		return f.hp, nil
	}
	r, err := journal.Open(f.path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	r.ReuseFacts()
	var hp game.HPSeries
	_, _, err = game.Fold(r, f.tables, turn, func(s *reducer.State, _ *events.Turn) error {
		if p := s.Player(); p != nil {
			hp.Add(p.HP)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	f.hp, f.hpTurn = hp.Values(), turn
	return f.hp, nil
}

// Path is the journal's path.
func (f *Frames) Path() string { return f.path }
