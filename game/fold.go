package game

import (
	"errors"
	"io"

	"rogue/events"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Fold rebuilds the state of a journal from its recorded facts, never
// re-deciding them, so it shows the game as it was played under any later
// rules (its content is the journal's rules', see Tables). With to >= 0 it stops once `to` turns are folded (the state after
// turn to-1); with to < 0 it folds them all. each, if not nil, is called
// after every turn folded; the turn it is given is valid only during the
// call (Fold decodes every turn into the same recycled values, so that a
// long fold allocates nothing per turn).
//
// A torn or corrupt tail is not an error: every whole turn before it is
// folded and the *journal.Tail is returned beside the state.
func Fold(r *journal.Reader, tables *content.Tables, to int, each func(*reducer.State, *events.Turn) error) (*reducer.State, *journal.Tail, error) {
	s := foldState(r.Header(), tables)
	r.ReuseFacts()
	var t events.Turn
	for to < 0 || s.Turn < to {
		err := r.Next(&t)
		if errors.Is(err, io.EOF) {
			break
		}
		var tail *journal.Tail
		if errors.As(err, &tail) {
			return s, tail, nil
		}
		if err != nil {
			return s, nil, err
		}
		if err := s.ApplyTurn(&t); err != nil {
			return s, nil, AtRecord(r, err)
		}
		if each != nil {
			if err := each(s, &t); err != nil {
				return s, nil, err
			}
		}
	}
	return s, nil, nil
}

// AtRecord is err, from folding the turn r last read (a
// *reducer.FactError, naming the turn, the fact and the field), with the
// journal's file and the record's byte offset: "journal game.rogue: at
// byte 397: turn 12: fact 1 (Moved) field Dir: (3,0) is wall, not floor".
// errors.As finds both the *journal.Error and the *reducer.FactError.
func AtRecord(r *journal.Reader, err error) error {
	return &journal.Error{Path: r.Path(), Offset: r.Offset(), Turn: -1, Err: err}
}
