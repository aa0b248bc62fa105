package game

import (
	"errors"
	"fmt"
	"io"
	"time"

	"rogue/events"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// TakeOverError is a take-over refused: the turn asked for cannot be
// played on from. The message names the journal, the turn and why.
type TakeOverError struct {
	Msg string
	// Damaged says the turn is past damage in the parent: only the turns
	// before it can be taken over.
	Damaged bool
}

func (e *TakeOverError) Error() string { return e.Msg }

func refuseTakeOver(format string, args ...any) error {
	return &TakeOverError{Msg: fmt.Sprintf(format, args...)}
}

// TakeOver starts a new game from turn turn of the journal r reads (the
// parent, whose file is called name; turns are numbered as everywhere,
// turn 0 being the Begin record): it returns a new journal in memory that
// holds a copy of the parent's turns 0 to turn under a header of its own,
// and the state after them, ready to play on. The new header keeps
// the parent's format, rules, chance, seed and wizard option, so that the
// turns played on are decided as they would have been in the parent; it
// is the game of player, begun at created (the zero time: now), fsynced
// after every turn, and names its parent (journal.Parent: name, the
// parent's chained CRC after turn turn, and turn). The copy stands alone:
// it verifies and replays from its first turn without the parent.
//
// It refuses (a *TakeOverError) a turn before the first or after the
// last readable one (a damaged parent: only the turns before the damage
// can be taken over), the turn the player died on, and a journal whose
// rules or chance this program does not have. r must be at its first
// turn; it is read to turn turn (past it only to tell what follows).
func TakeOver(r *journal.Reader, name string, turn int, player string, created time.Time, tables *content.Tables) (*journal.Memory, *reducer.State, error) {
	ph := r.Header()
	if err := CheckPlayable(ph); err != nil {
		return nil, nil, refuseTakeOver("%s cannot be taken over: %v", name, err)
	}
	if turn < 0 {
		return nil, nil, refuseTakeOver("%s: turn %d cannot be taken over: the first turn is 0", name, turn)
	}
	records := turn + 1 // turns 0 to turn
	origin := r.Position()
	s, err := NewState(ph, tables)
	if err != nil {
		return nil, nil, err
	}
	var t events.Turn
	for s.Turn < records {
		err := r.Next(&t)
		var tail *journal.Tail
		switch {
		case errors.As(err, &tail) && !tail.Torn:
			if s.Turn == 0 {
				return nil, nil, &TakeOverError{Damaged: true, Msg: fmt.Sprintf("%s is damaged before its first turn (byte %d): there is nothing to take over", name, tail.Offset)}
			}
			last := s.TurnNumber()
			return nil, nil, &TakeOverError{Damaged: true, Msg: fmt.Sprintf("%s is damaged after turn %d (byte %d): only its turns 0 to %d can be taken over, not turn %d", name, last, tail.Offset, last, turn)}
		case errors.As(err, &tail) || errors.Is(err, io.EOF):
			if s.Turn == 0 {
				return nil, nil, refuseTakeOver("%s holds no turns: there is nothing to take over", name)
			}
			return nil, nil, refuseTakeOver("%s has turns 0 to %d: turn %d is out of range", name, s.TurnNumber(), turn)
		case err != nil:
			return nil, nil, err
		}
		if err := s.ApplyTurn(&t); err != nil {
			return nil, nil, AtRecord(r, err)
		}
		if s.Over {
			break
		}
	}
	if s.Won {
		return nil, nil, refuseTakeOver("%s: the game was won on turn %d: a finished game can be taken over at turns 0 to %d", name, s.TurnNumber(), s.TurnNumber()-1)
	}
	if s.Over {
		died := s.TurnNumber()
		if died == 0 {
			return nil, nil, refuseTakeOver("%s: the player died on turn 0 (%s): there is no turn to take over", name, reducer.DeathCause(s))
		}
		return nil, nil, refuseTakeOver("%s: the player died on turn %d (%s): a finished game can be taken over at turns 0 to %d", name, died, reducer.DeathCause(s), died-1)
	}
	h := ph
	h.Player, h.Created = player, created
	h.Options.SyncEvery = 1
	h.Parent = &journal.Parent{Name: name, Chain: r.Chain(), Turn: turn}
	m, err := journal.NewMemory(h)
	if err != nil {
		return nil, nil, refuseTakeOver("%s cannot be taken over: %v", name, err)
	}
	// The turns again, from the first, into the new journal: folding
	// them first checked them all before a byte is written.
	if err := r.Seek(origin); err != nil {
		return nil, nil, err
	}
	for m.Turns() < records {
		if err := r.Next(&t); err != nil {
			return nil, nil, fmt.Errorf("%s: reading turn %d again: %w", name, m.Turns(), err)
		}
		if err := m.Append(&t); err != nil {
			return nil, nil, err
		}
	}
	return m, s, nil
}
