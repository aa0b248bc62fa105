package journal

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"rogue/events/wire"
)

// Telling a torn tail from damage.
//
// A crash during an append can only cut the last record short: the file
// ends inside it and nothing follows. Anything else that stops the chain
// (a flipped bit, a record repeated, swapped or missing, garbage) is damage,
// and because the checksum is chained it can be recognised: the reader
// searches the bytes after the bad record for records that verify again.
//
// A frame alone proves nothing (for a fixed payload and stored checksum
// exactly one previous chain value verifies), so the search only accepts a
// record that verifies from a chain value it knows:
//
//   - the bad record with another length (a damaged length field) or with
//     the checksum its payload gives (a damaged checksum field, confirmed
//     by the next record, or at the end of the file by the stored value
//     differing in one bit only: CRC-32C detects every error of up to three
//     bits, so a one-bit difference cannot come from a damaged payload);
//   - a record at a later offset that verifies from the last good chain
//     value (bytes that are no record, such as a duplicate, were skipped);
//   - a record that verifies from the stored checksum of the frame just
//     before it (the records chain again, after a lost turn).
//
// The search costs one pass over the bytes after the bad record plus the
// checksums of candidate frames, bounded by scanWork: past that bound it
// stops and says so (Tail.Capped).

// Mend is how reading went on past a break in the chain.
type Mend int

const (
	// MendNone: nothing after the break verifies (or the search stopped).
	MendNone Mend = iota
	// MendLength: the bad record's length field was damaged; with its true
	// length the record verifies. No turn is lost.
	MendLength
	// MendChecksum: the bad record's stored checksum was damaged; its
	// payload verifies. No turn is lost.
	MendChecksum
	// MendSkip: bytes that hold no turn (a repeated record, garbage) were
	// skipped; the record after them continues the chain. No turn is lost.
	MendSkip
	// MendRefused: the record verifies but its payload is refused (it does
	// not decode, or breaks a cap): that one turn is lost and the records
	// after it chain on.
	MendRefused
	// MendGap: records chain again further on, but from a record that is
	// lost: one or more turns are missing before them.
	MendGap
)

var mendNames = [...]string{"nothing readable follows", "damaged length field, record recovered",
	"damaged checksum field, record recovered", "bytes skipped, no turn lost", "record refused, one turn lost", "records chain again after lost turns"}

func (m Mend) String() string {
	if m >= 0 && int(m) < len(mendNames) {
		return mendNames[m]
	}
	return fmt.Sprintf("Mend(%d)", int(m))
}

// Seamless reports whether the turns read after a break of this kind
// continue the game without a turn missing.
func (m Mend) Seamless() bool { return m == MendLength || m == MendChecksum || m == MendSkip }

// A Break is a place where a journal's records stop chaining, and how
// reading went on past it.
type Break struct {
	Offset int64 // the first byte that did not read as the next record
	Turn   int   // the turn expected there; -1 after an earlier gap
	Err    error // what is wrong there
	How    Mend
	Resume int64 // where reading went on: the record recovered or the next one that verifies; the file size with MendNone
}

// maxFrame is the largest framed record: a 3-byte length, the crc, the
// largest payload.
const maxFrame = 3 + 4 + MaxRecordSize

// scanReadSize is how much the damage search reads at a time from a file.
const scanReadSize = 4 << 20

// scanWork bounds the search past a break: one unit per offset tried and
// per payload byte checksummed, at most scanWorkPerByte per byte searched
// plus scanWorkFloor.
const (
	scanWorkPerByte = 16
	scanWorkFloor   = 32 << 20
)

// framing is a record's frame, its checksum not checked yet.
type framing struct {
	off    int64
	prefix int    // bytes of the length field
	plen   int    // payload bytes
	crc    uint32 // the stored checksum
}

func (f framing) size() int   { return f.prefix + 4 + f.plen }
func (f framing) end() int64  { return f.off + int64(f.size()) }
func (f framing) valid() bool { return f.prefix > 0 }

// parseFraming reads the frame at the start of b (b holds the rest of the
// file, or at least 2*maxFrame bytes of it): ok only if the length parses,
// is at most MaxRecordSize and not zero (no turn is empty) and the whole
// record lies in b.
func parseFraming(b []byte, off int64) framing {
	v, n := binary.Uvarint(b[:min(len(b), binary.MaxVarintLen64)])
	if n <= 0 || (n > 1 && b[n-1] == 0) || v == 0 || v > MaxRecordSize {
		return framing{}
	}
	plen := int(v)
	if n+4+plen > len(b) {
		return framing{}
	}
	return framing{off: off, prefix: n, plen: plen, crc: binary.LittleEndian.Uint32(b[n:])}
}

// scanner searches the bytes after a break.
type scanner struct {
	w      window
	size   int64
	format int
	work   int64 // units left
	capped bool  // the work ran out
	stop   int64 // where the search stopped when capped
}

func (r *Reader) newScanner(from int64) *scanner {
	w := window{data: r.w.data, base: r.w.base}
	if r.w.ra != nil {
		w = window{ra: r.w.ra, min: scanReadSize}
	}
	return &scanner{w: w, size: r.size, format: r.h.FormatVersion, work: scanWorkPerByte*(r.size-from) + scanWorkFloor}
}

// view is the bytes from off on: the rest of the file, or 2*maxFrame of it.
func (s *scanner) view(off int64) ([]byte, error) {
	return s.w.bytes(off, int(min(s.size-off, 2*maxFrame)))
}

func (s *scanner) spend(n int) bool {
	s.work -= int64(n)
	return s.work >= 0
}

// verifies reports whether the record f (whose bytes start b) verifies
// from prev and holds a payload a turn could be.
// The shape check comes first: on bytes that are no record it fails within
// a few bytes, where the checksum would read the whole declared length.
func (s *scanner) verifies(b []byte, f framing, prev uint32) bool {
	payload := b[f.prefix+4 : f.size()]
	if !turnStart(payload[0], s.format) {
		return false
	}
	ok, work := wire.TurnShapeOK(payload, s.format)
	s.spend(work)
	if !ok {
		return false
	}
	s.spend(len(payload))
	return chain(prev, payload) == f.crc
}

// turnStart reports whether a turn payload of format v can start with c:
// a format 1 turn is an array, a later one starts with its command's code,
// an unsigned integer.
func turnStart(c byte, v int) bool {
	if v == 1 {
		return c >= 0x90 && c <= 0x9f || c == 0xdc || c == 0xdd
	}
	return c <= 0x7f || c >= 0xcc && c <= 0xcf
}

// mend is what the search found past a break at off.
type mend struct {
	how   Mend
	rec   framing // MendLength, MendChecksum, MendRefused: the record at the break
	at    int64   // where reading goes on
	chain uint32  // the chain value the record at `at` continues from
}

// resolve searches past the break at off, where a record chaining from
// prev was expected.
func (s *scanner) resolve(off int64, prev uint32) (mend, error) {
	b, err := s.view(off)
	if err != nil {
		return mend{}, err
	}
	// A record that verifies but is refused: its chain goes on.
	declared := parseFraming(b, off)
	if declared.valid() && chain(prev, b[declared.prefix+4:declared.size()]) == declared.crc {
		return mend{how: MendRefused, rec: declared, at: declared.end(), chain: declared.crc}, nil
	}
	if m, ok := s.repairLength(b, off, prev, declared); ok {
		return m, nil
	}
	if m, ok, err := s.repairChecksum(b, declared, prev); ok || err != nil {
		return m, err
	}
	return s.resync(off, prev)
}

// repairLength looks for another length of the record at off that makes
// it verify from prev: each length field size, each payload length, one
// checksum pass over the bytes.
func (s *scanner) repairLength(b []byte, off int64, prev uint32, declared framing) (mend, bool) {
	for n := 1; n <= 3; n++ {
		if n+4 >= len(b) {
			break
		}
		stored := binary.LittleEndian.Uint32(b[n:])
		payload := b[n+4 : min(len(b), n+4+MaxRecordSize)]
		s.spend(len(payload))
		c := ^prev
		for i, x := range payload {
			c = castagnoli[byte(c)^x] ^ (c >> 8)
			if ^c != stored || (n == declared.prefix && i+1 == declared.plen) {
				continue
			}
			f := framing{off: off, prefix: n, plen: i + 1, crc: stored}
			if wire.CheckTurn(payload[:i+1], s.format) == nil {
				return mend{how: MendLength, rec: f, at: f.end(), chain: stored}, true
			}
		}
	}
	return mend{}, false
}

// repairChecksum checks whether only the stored checksum of the record is
// damaged: the payload's own checksum is confirmed by the next record, or,
// at the end of the file, differs from the stored one in a single bit.
func (s *scanner) repairChecksum(b []byte, f framing, prev uint32) (mend, bool, error) {
	if !f.valid() {
		return mend{}, false, nil
	}
	payload := b[f.prefix+4 : f.size()]
	if wire.CheckTurn(payload, s.format) != nil {
		return mend{}, false, nil
	}
	t := chain(prev, payload)
	ok := false
	if f.end() == s.size {
		ok = bits.OnesCount32(t^f.crc) == 1
	} else {
		next, err := s.view(f.end())
		if err != nil {
			return mend{}, false, err
		}
		if g := parseFraming(next, f.end()); g.valid() {
			ok = s.verifies(next, g, t)
		}
	}
	if !ok {
		return mend{}, false, nil
	}
	return mend{how: MendChecksum, rec: f, at: f.end(), chain: t}, true, nil
}

// resync looks, offset by offset from off, for a record that verifies
// from the stored checksum of the frame before it: MendGap, or MendSkip
// when that frame verifies from prev itself or repeats the last good
// record. The last frame of the file can only verify from prev.
func (s *scanner) resync(off int64, prev uint32) (mend, error) {
	for o := off; o < s.size; o++ {
		if !s.spend(1) {
			s.capped, s.stop = true, o
			break
		}
		b, err := s.view(o)
		if err != nil {
			return mend{}, err
		}
		f := parseFraming(b, o)
		if !f.valid() {
			continue
		}
		if f.end() == s.size {
			// The last frame of the file: only the chain from prev
			// can prove it.
			if o > off && s.verifies(b, f, prev) {
				return mend{how: MendSkip, at: o, chain: prev}, nil
			}
			continue
		}
		rest := b[f.size():]
		g := parseFraming(rest, f.end())
		if !g.valid() || !s.verifies(rest, g, f.crc) {
			continue
		}
		switch {
		case f.crc == prev:
			// A repeat of the last good record: g continues the chain.
			return mend{how: MendSkip, at: g.off, chain: prev}, nil
		case o > off && s.verifies(b, f, prev):
			return mend{how: MendSkip, at: o, chain: prev}, nil
		}
		return mend{how: MendGap, at: g.off, chain: f.crc}, nil
	}
	return mend{how: MendNone, at: s.size}, nil
}

// faultAt says what is wrong with the record at the start of b (the rest
// of the file, or 2*maxFrame of it, left bytes in all) chained after prev,
// or nil if nothing is.
func faultAt(b []byte, left int64, prev uint32, format int) error {
	n, plen, fault := parseLength(b[:min(len(b), maxFrameOverhead)], MaxRecordSize)
	switch {
	case fault != nil && fault.torn:
		return problem("torn record: "+fault.detail, ErrTorn)
	case fault != nil:
		return problem("corrupt record: "+fault.detail, ErrCorrupt)
	case int64(n+4+plen) > left:
		return problem(fmt.Sprintf("torn record: %d of %d bytes", left, n+4+plen), ErrTorn)
	}
	payload := b[n+4 : n+4+plen]
	if chain(prev, payload) != binary.LittleEndian.Uint32(b[n:]) {
		return problem("checksum does not chain: record corrupt, repeated or out of order", ErrCorrupt, ErrChecksum)
	}
	if err := wire.CheckTurn(payload, format); err != nil {
		return problem("record does not decode: payload "+err.Error(), ErrCorrupt)
	}
	return nil
}
