package main

import (
	"errors"
	"fmt"
	"io"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/view"
)

// frames gives what a replay shows at any turn of a journal file: the
// state, the log lines of the turns just before, and, once the player is
// dead, the HP over the game. It only reads the journal (it never writes,
// not even snapshots), folding the recorded facts and never deciding
// anything, so it shows the game as it was played under any later rules.
//
// Going to a turn starts from the nearest of: where it is, a checkpoint in
// memory, a snapshot on disk (through game.Seeker), the start; then folds
// forward. Stepping forward folds one turn. It is not safe for concurrent
// use.
type frames struct {
	path   string
	tables *content.Tables
	header journal.Header
	seeker *game.Seeker
	r      *journal.Reader
	origin journal.Position // turn 0
	snaps  []int            // the turns of the snapshots on disk
	ckpts  *checkpoints
	total  int           // the journal's whole turns
	tail   *journal.Tail // its torn or corrupt end, if any

	cur   *reducer.State    // the state at r's position
	log   []view.ReplayLine // the frame's log at cur.Turn, when logOK
	logOK bool
	turn  events.Turn // read into, reused

	hp     []int // the HP chart, for hpTurn turns
	hpTurn int

	folded int // turns folded so far, all told (what seeking costs)
}

// The log a frame carries: the last logLines lines made within the
// last logTurns turns, more than any log area shows. They are found by
// folding the last logWindows[0] turns with their messages, or more when
// those say too little.
const (
	logLines = 50
	logTurns = 4096
)

var logWindows = [...]int{64, 512, logTurns}

// openFrames opens the journal at path (read-only) and folds it to its
// end, to know how many turns it has.
func openFrames(path string, tables *content.Tables) (*frames, error) {
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
	f := &frames{path: path, tables: tables, header: r.Header(), seeker: k, r: r,
		origin: r.Position(), ckpts: newCheckpoints(), total: journal.MaxTurns}
	files, _ := journal.ListSnapshots(path) // unreadable: the Seeker notes it
	for _, s := range files {
		f.snaps = append(f.snaps, s.Turn)
	}
	if err := f.reach(journal.MaxTurns); err != nil {
		f.Close()
		return nil, err
	}
	f.total = f.cur.Turn
	return f, nil
}

// Close closes the journal.
func (f *frames) Close() error {
	return errors.Join(f.r.Close(), f.seeker.Close())
}

// Header is the journal's header.
func (f *frames) Header() journal.Header { return f.header }

// Total is the journal's number of whole turns.
func (f *frames) Total() int { return f.total }

// Notes are what the user should know about the journal in one line
// each: a torn or corrupt end, snapshots that were skipped.
func (f *frames) Notes() []string {
	var out []string
	if f.tail != nil {
		out = append(out, fmt.Sprintf("note: %v; turn %d is the last whole one", f.tail, f.total))
	}
	if n := f.seeker.NoteLine(); n != "" {
		out = append(out, n)
	}
	return out
}

// At is the frame after turn turns (clamped to the journal). It is valid
// until the next call.
func (f *frames) At(turn int) (view.ReplayFrame, error) {
	turn = min(max(turn, 0), f.total)
	if f.logOK && f.cur.Turn <= turn && turn-f.cur.Turn <= logWindows[0] {
		if err := f.fold(turn, true); err != nil {
			return view.ReplayFrame{}, err
		}
	} else {
		for i, w := range logWindows {
			from := max(0, turn-w)
			if err := f.reach(from); err != nil {
				return view.ReplayFrame{}, err
			}
			f.log = f.log[:0]
			if err := f.fold(turn, true); err != nil {
				return view.ReplayFrame{}, err
			}
			if len(f.log) >= logLines || from == 0 || i == len(logWindows)-1 {
				break
			}
		}
	}
	f.logOK = true
	frame := view.ReplayFrame{State: f.cur, Log: f.log}
	if f.cur.Over {
		hp, err := f.hpChart(f.cur.Turn)
		if err != nil {
			return view.ReplayFrame{}, err
		}
		frame.HP = hp
	}
	return frame, nil
}

// reach makes cur the state after turn turns (or the journal's end), from
// the nearest start, without the log.
func (f *frames) reach(turn int) error {
	f.logOK = false
	best := -1
	if f.cur != nil && f.cur.Turn <= turn {
		best = f.cur.Turn
	}
	ck, haveCk := f.ckpts.before(turn)
	snap := -1
	for _, s := range f.snaps {
		if s <= turn {
			snap = s
		}
	}
	switch {
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
		f.ckpts.add(f.cur, f.seeker.Position()) // not to ask the Seeker again
	case best < 0:
		if err := f.r.Seek(f.origin); err != nil {
			return err
		}
		f.cur = reducer.New(f.header.Seed, f.tables)
		f.cur.Wizard = f.header.Options.Wizard
	}
	return f.fold(turn, false)
}

// fold folds turns into cur until it has turn turns or the journal ends,
// keeping checkpoints as it passes them and, with log, the log lines.
func (f *frames) fold(turn int, log bool) error {
	for f.cur.Turn < turn {
		err := f.r.Next(&f.turn)
		if errors.Is(err, io.EOF) {
			return nil
		}
		var tail *journal.Tail
		if errors.As(err, &tail) {
			f.tail = tail
			return nil
		}
		if err != nil {
			f.cur, f.logOK = nil, false
			return err
		}
		var msgs []string
		if log {
			msgs, err = f.cur.ApplyTurnMessages(&f.turn)
		} else {
			err = f.cur.ApplyTurn(&f.turn)
		}
		f.folded++
		if err != nil {
			f.cur, f.logOK = nil, false
			// err names the turn and the fact already; this adds the
			// file and the byte offset, as game.Fold does.
			return &journal.Error{Path: f.path, Offset: f.r.Offset(), Turn: -1, Err: err}
		}
		if log {
			f.addLog(msgs)
		}
		if f.ckpts.due(f.cur.Turn, turn) {
			f.ckpts.add(f.cur, f.r.Position())
		}
	}
	return nil
}

// addLog adds the lines of the turn just folded, dropping those that are
// too old or too many.
func (f *frames) addLog(msgs []string) {
	turn := f.cur.Turn
	for _, m := range msgs {
		f.log = append(f.log, view.ReplayLine{Turn: turn, Text: m})
	}
	drop := 0
	for drop < len(f.log) && f.log[drop].Turn <= turn-logTurns {
		drop++
	}
	drop = max(drop, len(f.log)-logLines)
	if drop > 0 {
		f.log = append(f.log[:0], f.log[drop:]...)
	}
}

// hpChart is the player's HP after each of the first turn turns: folded
// once from the start, on a reader of its own, when the replay first
// shows the game over screen.
func (f *frames) hpChart(turn int) ([]int, error) {
	if f.hp != nil && f.hpTurn == turn {
		return f.hp, nil
	}
	r, err := journal.Open(f.path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	r.ReuseFacts()
	var hp hpSeries
	_, _, err = game.Fold(r, f.tables, turn, func(s *reducer.State, _ *events.Turn) error {
		if p := s.Player(); p != nil {
			hp.add(p.HP)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	f.hp, f.hpTurn = hp.vals, turn
	return f.hp, nil
}
