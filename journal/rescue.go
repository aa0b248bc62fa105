package journal

import (
	"io"
	"strings"
)

// rescuer reads a journal's records from a break on, past every break the
// search can mend (see Mend), yielding each payload that verifies.
type rescuer struct {
	s       *scanner
	off     int64
	chain   uint32
	turn    int   // the next turn's index; -1 once a turn is lost
	first   error // why the reader stopped at off; nil when off is not known bad
	breaks  []Break
	pending framing // a mended record to yield next
}

// rescue starts reading at off, where a record chaining from prev (turn
// turn) was expected; why is what the reader found wrong there, or nil.
func (r *Reader) rescue(off int64, prev uint32, turn int, why error) *rescuer {
	return &rescuer{s: r.newScanner(off), off: off, chain: prev, turn: turn, first: why}
}

// next returns the next payload that verifies (a view valid until the
// next call) and its turn (-1 after a lost turn), or io.EOF.
func (x *rescuer) next() ([]byte, int, error) {
	for {
		if x.pending.valid() {
			f := x.pending
			x.pending = framing{}
			b, err := x.s.view(f.off)
			if err != nil {
				return nil, 0, err
			}
			x.off = f.end()
			return b[f.prefix+4 : f.size()], x.advance(), nil
		}
		if x.off >= x.s.size {
			return nil, 0, io.EOF
		}
		b, err := x.s.view(x.off)
		if err != nil {
			return nil, 0, err
		}
		why := x.first
		if why == nil {
			f := parseFraming(b, x.off)
			if f.valid() && x.s.verifies(b, f, x.chain) {
				x.chain, x.off = f.crc, f.end()
				return b[f.prefix+4 : f.size()], x.advance(), nil
			}
			why = faultAt(b, x.s.size-x.off, x.chain, x.s.format)
		}
		x.first = nil
		m, err := x.s.resolve(x.off, x.chain)
		if err != nil {
			return nil, 0, err
		}
		brk := Break{Offset: x.off, Turn: x.turn, Err: why, How: m.how, Resume: m.at}
		if m.rec.valid() && m.how != MendRefused {
			brk.Resume = m.rec.off
		}
		x.breaks = append(x.breaks, brk)
		switch m.how {
		case MendLength, MendChecksum:
			x.pending = m.rec
		case MendRefused, MendGap:
			x.turn = -1
		}
		x.off, x.chain = m.at, m.chain
	}
}

// advance returns the turn of the record just read and moves on.
func (x *rescuer) advance() int {
	t := x.turn
	if t >= 0 {
		x.turn++
	}
	return t
}

// survey reads past the bad record of t to the end of the file and fills
// in what follows it; a tail that looked torn but is not the end of a cut
// append becomes damage.
func (r *Reader) survey(t *Tail) {
	x := r.rescue(t.Offset, r.chain, r.turns, t.Err)
	for {
		_, turn, err := x.next()
		if err != nil {
			if err != io.EOF {
				t.Capped, t.ScanStop = true, x.off
			}
			break
		}
		if t.Readable == 0 {
			t.ResumeAt = x.breaks[len(x.breaks)-1].Resume
		}
		t.Readable++
		if turn >= 0 {
			t.Continuing++
		}
	}
	if x.s.capped {
		t.Capped, t.ScanStop = true, x.s.stop
	}
	t.Breaks = len(x.breaks)
	if len(x.breaks) > 0 {
		t.Mend = x.breaks[0].How
	}
	if t.Torn && t.Readable == 0 && !t.Capped && t.Mend == MendNone {
		t.Breaks = 0 // the end of the file, not a break in the chain
		return
	}
	if t.Torn {
		t.Torn = false
		t.Err = problem("corrupt record: it runs past the end of the file ("+strings.TrimPrefix(t.Err.Error(), "torn record: ")+
			"), yet it is not an append cut short", ErrCorrupt)
	}
}

// notTorn is the error of a record that looked torn (the file ends inside
// it) when the search found it is not the end of an append cut short.
func notTorn(err error) error {
	return problem("corrupt record: it runs past the end of the file ("+strings.TrimPrefix(err.Error(), "torn record: ")+
		"), yet it is not an append cut short", ErrCorrupt)
}
