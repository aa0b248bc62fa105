package journal

import (
	"errors"
	"fmt"
)

// ErrPosition is the error when a Position given to Seek or OpenAt does
// not belong to the journal (another journal's, a stale one from before
// the file was cut back, or nonsense).
var ErrPosition = errors.New("position does not belong to this journal")

// Position is a place between two records of a journal: after Turns turns,
// where the next record starts (Offset), with the checksum chain as it
// stands there (Chain, see Reader.Chain). Last is where the record just
// before Offset starts (the header's, at turn 0), so that a position can
// be checked against a journal in constant time: the record at Last must
// end exactly at Offset and carry Chain as its checksum. Because the chain
// digests every record before it, a position from another journal, or
// from before the journal was changed, fails that check.
//
// Snapshots store the Position of the state they hold.
type Position struct {
	Turns  int
	Offset int64
	Chain  uint32
	Last   int64
}

// Position is where the reader is: after the last turn Next returned (just
// after the header before any).
func (r *Reader) Position() Position {
	last := int64(len(Magic))
	if r.turns > 0 {
		last = r.offset
	}
	return Position{Turns: r.turns, Offset: r.end, Chain: r.chain, Last: last}
}

// Position is where the journal ends now. ok is false right after
// OpenAppend, until the next Append: the reopened file's last record has
// not been located.
func (f *File) Position() (Position, bool) { return f.rec.position() }

// Position is where the journal ends now.
func (m *Memory) Position() (Position, bool) { return m.rec.position() }

func (c *recorder) position() (Position, bool) {
	p := Position{Turns: c.turns, Offset: c.size, Chain: c.chain, Last: int64(len(Magic))}
	if c.turns == 0 {
		return p, true
	}
	if c.lastLen == 0 {
		return Position{}, false
	}
	p.Last = c.size - int64(c.lastLen)
	return p, true
}

// HeaderChain is the checksum of the journal's header record: which game
// the journal holds (its seed, creation time, player and options), in 32
// bits. Snapshots store it to tell their journal from another.
func (r *Reader) HeaderChain() (uint32, error) {
	_, _, crc, fault, err := r.frame(int64(len(Magic)), MaxHeaderSize, 0)
	if err != nil {
		return 0, r.fail(int64(len(Magic)), -1, problem("read: "+err.Error(), err))
	}
	if fault != nil {
		return 0, r.fail(int64(len(Magic)), -1, problem("bad header", ErrBadHeader))
	}
	return crc, nil
}

// Seek moves the reader to p, a position of this journal taken earlier
// (Reader.Position, File.Position): Next then returns turn p.Turns. It
// checks, reading one record, that p belongs to this journal (see
// Position) and fails with an error matching ErrPosition if it does not;
// the reader is then unchanged. Reading on from p checks every record as
// Next always does.
func (r *Reader) Seek(p Position) error {
	if err := r.check(p); err != nil {
		return r.fail(p.Offset, p.Turns, problem("seek: "+err.Error(), ErrPosition))
	}
	r.end, r.turns, r.chain, r.err, r.tail = p.Offset, p.Turns, p.Chain, nil, nil
	r.offset = p.Offset
	if p.Turns > 0 {
		r.offset = p.Last
	}
	return nil
}

// check says what is wrong with p for this journal, or nil.
func (r *Reader) check(p Position) error {
	if r.closed() {
		return errors.New("the reader is closed")
	}
	head := int64(len(Magic))
	if p.Turns < 0 || p.Turns > MaxTurns || p.Offset < head || p.Offset > r.size || p.Last < head || p.Last >= p.Offset {
		return fmt.Errorf("turn %d at byte %d (after the record at byte %d) is not within the %d-byte journal", p.Turns, p.Offset, p.Last, r.size)
	}
	if p.Turns == 0 {
		hc, err := r.HeaderChain()
		if err != nil {
			return err
		}
		_, size, _, _, _ := r.frame(head, MaxHeaderSize, 0)
		if p.Last != head || p.Offset != head+int64(size) || p.Chain != hc {
			return errors.New("turn 0 is not right after this journal's header")
		}
		return nil
	}
	if p.Last < head+1 {
		return errors.New("a turn cannot start inside the header")
	}
	limit := MaxRecordSize
	b, err := r.w.bytes(p.Last, int(min(r.size-p.Last, maxFrameOverhead)))
	if err != nil {
		return fmt.Errorf("read: %v", err)
	}
	n, plen, fault := parseLength(b, limit)
	if fault != nil {
		return fmt.Errorf("no record starts at byte %d: %s", p.Last, fault.detail)
	}
	if int64(n+4+plen) != p.Offset-p.Last {
		return fmt.Errorf("the record at byte %d does not end at byte %d", p.Last, p.Offset)
	}
	rec, err := r.w.bytes(p.Last, n+4+plen)
	if err != nil {
		return fmt.Errorf("read: %v", err)
	}
	if crc := le32(rec[plen:]); crc != p.Chain {
		return fmt.Errorf("the record before byte %d has checksum %08x, not %08x", p.Offset, crc, p.Chain)
	}
	return nil
}

func le32(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// closed reports whether Close was called.
func (r *Reader) closed() bool {
	return r.err != nil && errors.Is(r.err, ErrClosed)
}

// OpenAt opens the journal file at path and moves to p (see Seek), so that
// Next returns turn p.Turns first. It fails matching ErrPosition when p
// does not belong to the journal.
func OpenAt(path string, p Position) (*Reader, error) {
	r, err := Open(path)
	if err != nil {
		return nil, err
	}
	if err := r.Seek(p); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

// ReuseFacts makes Next hand out the same command and fact values again
// for later turns: a turn's command and facts are then valid only until
// the next call to Next. A replay that folds each turn and keeps nothing
// of it reads without allocating. Off by default.
func (r *Reader) ReuseFacts() {
	r.dec.Recycle(true)
	r.byteTurns = true
}
