package journal

import (
	"errors"
	"fmt"
	"io"

	"rogue/events"
)

// Salvaged is what Salvage recovered from a journal.
type Salvaged struct {
	// Turns is how many turns were handed out: turns 0 to Turns-1, every
	// one that continues the game with no turn missing.
	Turns int
	// Breaks are the places where the chain broke, in order: those mended
	// with no turn lost (Mend.Seamless), then the one that stopped the
	// salvage, if any.
	Breaks []Break
	// Stop is where the salvage stopped, and StopTurn the turn expected
	// there; Stop is the file size when every byte was read.
	Stop     int64
	StopTurn int
	// Unverifiable is how many records after Stop still verify but come
	// after a lost turn: they cannot be re-decided, so they are not kept.
	Unverifiable int
	// Capped: the search for records stopped at its work cap.
	Capped bool
}

// Lost reports whether any turn was lost: the salvage stopped before the
// end of the file, at damage rather than a torn tail.
func (s *Salvaged) Lost() bool { return len(s.Breaks) > 0 && !s.Breaks[len(s.Breaks)-1].How.Seamless() }

// Salvage reads the journal r (fresh from Open: no turn read yet) and
// hands each turn that can be recovered to keep, in order: the whole
// turns before the first break, and past each break the search can mend
// without losing a turn (a damaged length or checksum field, a repeated
// record), up to the first break that loses one. Turns after that may
// still verify, but their game cannot be re-decided without the lost
// turn: they are counted, not handed out. A turn is valid until keep
// returns; an error from keep stops the salvage and is returned.
func Salvage(r *Reader, keep func(*events.Turn) error) (*Salvaged, error) {
	out := &Salvaged{}
	r.noSurvey = true // the rescue below searches past the damage once
	var t events.Turn
	for {
		err := r.Next(&t)
		if errors.Is(err, io.EOF) {
			out.Turns, out.Stop, out.StopTurn = r.Turns(), r.Size(), r.Turns()
			return out, nil
		}
		var tail *Tail
		if errors.As(err, &tail) {
			break
		}
		if err != nil {
			return nil, err
		}
		if err := keep(&t); err != nil {
			return nil, err
		}
	}
	tail := r.Tail()
	x := r.rescue(tail.Offset, r.Chain(), r.Turns(), tail.Err)
	out.Turns, out.Stop, out.StopTurn = r.Turns(), tail.Offset, tail.Turn
	lost := false
	for {
		payload, turn, err := x.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, &Error{Path: r.path, Offset: x.off, Turn: -1, Err: problem("read: "+err.Error(), err)}
		}
		if !lost && turn >= 0 {
			if derr := r.dec.Decode(payload, &t); derr != nil {
				// Verified and shaped, yet refused by the decoder: that
				// turn is lost like a refused record.
				x.breaks = append(x.breaks, Break{Offset: out.Stop, Turn: turn, How: MendRefused,
					Err: problem("record does not decode: "+derr.Error(), ErrCorrupt, derr)})
				lost = true
				continue
			}
			if err := keep(&t); err != nil {
				return nil, err
			}
			out.Turns = turn + 1
			out.Stop, out.StopTurn = x.off, turn+1
			continue
		}
		lost = true
		out.Unverifiable++
	}
	out.Capped = x.s.capped
	if len(x.breaks) > 0 && x.breaks[0].How != MendNone && errors.Is(x.breaks[0].Err, ErrTorn) {
		x.breaks[0].Err = notTorn(x.breaks[0].Err)
	}
	for i, b := range x.breaks {
		if !b.How.Seamless() {
			out.Breaks = x.breaks[:i+1]
			out.Stop, out.StopTurn = b.Offset, out.Turns
			return out, nil
		}
	}
	out.Breaks = x.breaks
	return out, nil
}

// String says in one line where a break is and what was done there.
func (b Break) String() string {
	turn := "a turn after a lost one"
	if b.Turn >= 0 {
		turn = fmt.Sprintf("turn %d", b.Turn)
	}
	return fmt.Sprintf("%s at byte %d: %v: %v", turn, b.Offset, b.Err, b.How)
}
