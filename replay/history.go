package replay

import (
	"errors"
	"io"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/view"
)

// What a replay reads of the whole journal on demand, each on a reader
// of its own: the turns a new depth is entered on (for < and >), every
// log line up to a turn (for the message history).

// DepthTurns are the turns (numbered as the replay numbers them: the
// state after that many turns) on which a new depth was entered, in
// order: those whose facts enter a level. It reads the records without
// folding them, once; later calls give the same slice.
func (f *Frames) DepthTurns() ([]int, error) {
	entries, err := f.depthEntries()
	if err != nil {
		return nil, err
	}
	turns := make([]int, len(entries))
	for i, e := range entries {
		turns[i] = e.turn
	}
	return turns, nil
}

// depthEntry is a turn that entered a level, and the level's depth.
type depthEntry struct{ turn, depth int }

// depthEntries are the turns that entered a level, in order, read once.
func (f *Frames) depthEntries() ([]depthEntry, error) {
	if f.depths != nil {
		return f.depths, nil
	}
	r, err := journal.Open(f.path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	r.ReuseFacts()
	depths := []depthEntry{}
	var t events.Turn
	var tail *journal.Tail // once, not a heap allocation a turn (errors.As takes its address)
	for r.Turns() < f.total {
		err := r.Next(&t)
		if errors.Is(err, io.EOF) || errors.As(err, &tail) {
			break
		}
		if err != nil {
			return nil, err
		}
		for _, fact := range t.Facts {
			if l, ok := fact.(*events.LevelEntered); ok {
				depths = append(depths, depthEntry{turn: r.Turns(), depth: l.Depth})
				break
			}
		}
	}
	f.depths = depths
	return depths, nil
}

// History is every log line of the turns up to turn, oldest first, as
// the game's message history shows them: folded from the first turn with
// the messages, on a reader of its own. The lines and the state folded
// are kept, so that asking again for a later turn folds only the turns
// after, and for an earlier one folds nothing. The slice is valid until
// the next call.
func (f *Frames) History(turn int) ([]view.ReplayLine, error) {
	h := &f.hist
	if h.state != nil && turn <= h.state.Turn {
		return h.lines[:linesUpTo(h.lines, turn):linesUpTo(h.lines, turn)], nil
	}
	var r *journal.Reader
	var err error
	if h.state == nil {
		r, err = journal.Open(f.path)
	} else {
		r, err = journal.OpenAt(f.path, h.pos)
	}
	if err != nil {
		return nil, err
	}
	defer r.Close()
	r.ReuseFacts()
	s := h.state
	if s == nil {
		s = reducer.New(f.header.Seed, f.tables)
		s.Wizard = f.header.Options.Wizard
	}
	h.state = nil // until the fold below succeeds
	var t events.Turn
	var tail *journal.Tail // once, not a heap allocation a turn (errors.As takes its address)
	for s.Turn < turn {
		err := r.Next(&t)
		if errors.Is(err, io.EOF) || errors.As(err, &tail) {
			break
		}
		if err != nil {
			h.lines = h.lines[:0]
			return nil, err
		}
		msgs, err := s.ApplyTurnMessages(&t)
		if err != nil {
			h.lines = h.lines[:0]
			return nil, game.AtRecord(r, err)
		}
		for _, m := range msgs {
			h.lines = append(h.lines, view.ReplayLine{Turn: s.Turn, Text: m})
		}
	}
	h.state, h.pos = s, r.Position()
	return h.lines[:len(h.lines):len(h.lines)], nil
}

// history is what History keeps: the state after the turns it has
// folded, where in the journal that is, and their log lines.
type history struct {
	state *reducer.State
	pos   journal.Position
	lines []view.ReplayLine
}
