package journal

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"rogue/events"
	"rogue/events/wire"
)

// Reader reads a journal: its header, then its turns one by one with Next.
// It reads forward through a fixed-size buffer, never the whole file at
// once, and checks every record (length cap, chained checksum, shape,
// decoding) before handing it out. It is not safe for concurrent use.
type Reader struct {
	path   string
	w      window
	size   int64
	closer io.Closer
	h      Header
	dec    *wire.TurnDecoder
	offset int64  // where the record last returned starts
	end    int64  // where the last whole record ends
	turns  int    // whole turn records read
	chain  uint32 // crc of the last whole record
	tail   *Tail
	err    error // sticky: io.EOF, the *Tail, or an *Error
	// byteTurns is whether the decoder takes turns of one byte in
	// DecodeByte (it recycles: see ReuseFacts).
	byteTurns bool
	// noSurvey leaves a Tail's search past damage to the caller (Salvage
	// does its own): its Torn then only says the file ends inside the
	// record.
	noSurvey bool
}

// Open opens the journal file at path for reading and reads its header.
// It takes no lock: a journal may be read while a game appends to it (a
// record being written then shows up as a torn tail). Close the Reader when
// done.
func Open(path string) (*Reader, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlocking, 0)
	if err != nil {
		return nil, osError(path, "open", err)
	}
	size, err := regularSize(f, path)
	if err != nil {
		f.Close()
		return nil, err
	}
	r, err := newReader(window{ra: f}, size, path)
	if err != nil {
		f.Close()
		return nil, err
	}
	r.closer = f
	return r, nil
}

// NewReader reads the journal of size bytes in src; name is the file name
// its errors give ("" for none). The Reader reads src forward with ReadAt
// and never past size.
func NewReader(src io.ReaderAt, size int64, name string) (*Reader, error) {
	if size < 0 {
		return nil, &Error{Path: name, Offset: -1, Turn: -1, Err: problem(fmt.Sprintf("negative size %d", size), ErrInvalid)}
	}
	return newReader(window{ra: src}, size, name)
}

// NewBytesReader reads the journal in b without copying it (b must not
// change while the Reader is used).
func NewBytesReader(b []byte) (*Reader, error) {
	return newReader(window{data: b}, int64(len(b)), "")
}

// regularSize returns the size of f, which must be a regular file no
// larger than MaxFileSize.
func regularSize(f *os.File, path string) (int64, error) {
	fi, err := f.Stat()
	if err != nil {
		return 0, osError(path, "stat", err)
	}
	if fi.IsDir() {
		return 0, &Error{Path: path, Offset: -1, Turn: -1, Err: problem("is a directory, not a rogue journal", ErrNotJournal)}
	}
	if !fi.Mode().IsRegular() {
		return 0, &Error{Path: path, Offset: -1, Turn: -1, Err: problem("is not a regular file", ErrNotJournal)}
	}
	return fi.Size(), nil
}

func newReader(w window, size int64, path string) (*Reader, error) {
	w.limit = size
	r := &Reader{path: path, w: w, size: size}
	if err := r.readHeader(); err != nil {
		return nil, err
	}
	r.dec = wire.NewTurnDecoderFor(r.h.FormatVersion)
	return r, nil
}

func (r *Reader) fail(off int64, turn int, err error) error {
	return &Error{Path: r.path, Offset: off, Turn: turn, Err: err}
}

func (r *Reader) readHeader() error {
	switch {
	case r.size > MaxFileSize:
		return r.fail(-1, -1, problem(fmt.Sprintf("the file is %d bytes, more than the %d this program reads", r.size, MaxFileSize), ErrTooLarge))
	case r.size == 0:
		return r.fail(0, -1, problem("empty file, not a rogue journal", ErrEmpty))
	}
	n := int(min(r.size, int64(len(Magic))))
	b, err := r.w.bytes(0, n)
	if err != nil {
		return r.fail(0, -1, problem("read: "+err.Error(), err))
	}
	if string(b) != Magic[:n] {
		return r.fail(0, -1, problem("not a rogue journal (no ROGUEJNL magic)", ErrNotJournal))
	}
	if n < len(Magic) {
		return r.fail(0, -1, problem(fmt.Sprintf("header cut short: the file ends after %d bytes, inside the magic", n), ErrTruncatedHeader))
	}
	off := int64(len(Magic))
	payload, size, crc, fault, err := r.frame(off, MaxHeaderSize, 0)
	switch {
	case err != nil:
		return r.fail(off, -1, problem("read: "+err.Error(), err))
	case fault != nil && fault.torn:
		return r.fail(off, -1, problem("header cut short: "+fault.detail, ErrTruncatedHeader))
	case fault != nil && fault.checksum:
		return r.fail(off, -1, problem("bad header: checksum mismatch, the header is corrupt", ErrBadHeader, ErrChecksum))
	case fault != nil:
		return r.fail(off, -1, problem("bad header: "+fault.detail, ErrBadHeader))
	}
	h, err := decodeHeader(payload)
	if err != nil {
		return r.fail(off, -1, err)
	}
	r.h = h
	r.end = off + int64(size)
	r.offset = r.end
	r.chain = crc
	return nil
}

// frame reads the framed record at off, chained after prev, whose payload
// may be at most limit bytes. It returns the payload (a view valid until
// the next read), the record's size and crc; or what is wrong with it; or
// an I/O error.
func (r *Reader) frame(off int64, limit int, prev uint32) ([]byte, int, uint32, *frameFault, error) {
	left := r.size - off
	head, err := r.w.bytes(off, int(min(left, maxFrameOverhead)))
	if err != nil {
		return nil, 0, 0, nil, err
	}
	n, plen, fault := parseLength(head, limit)
	if fault != nil {
		return nil, 0, 0, fault, nil
	}
	total := plen + 4 + n
	if int64(total) > left {
		return nil, 0, 0, &frameFault{torn: true, detail: fmt.Sprintf("%d of %d bytes", left, total)}, nil
	}
	rec, err := r.w.bytes(off, total)
	if err != nil {
		return nil, 0, 0, nil, err
	}
	crc := binary.LittleEndian.Uint32(rec[plen:])
	payload := rec[plen+4:]
	if chain(prev, payload) != crc {
		return nil, 0, 0, &frameFault{checksum: true}, nil
	}
	return payload, total, crc, nil, nil
}

// Header returns the journal's header.
func (r *Reader) Header() Header { return r.h }

// Next reads the next turn into t, reusing t.Facts' backing array. It
// returns io.EOF after the last turn of a journal that ends cleanly, and a
// *Tail (see Tail) at a torn or corrupt record: every turn before it has
// been returned whole. Other errors are an *Error: an I/O error, or a
// journal over MaxTurns turns. After an error, t holds no meaningful turn
// and Next returns the same error again.
func (r *Reader) Next(t *events.Turn) error {
	// The common record of a turn, in one pass: its length takes one
	// byte (a payload under 128 bytes), it is already in the window, its
	// checksum chains and its turn decodes. Anything else, every fault
	// included, goes through next, from the start.
	if r.err == nil && r.turns < MaxTurns {
		// The window's data ends at the journal's size at the latest:
		// a record that fits in it fits in the journal.
		off, prev, data := r.end, r.chain, r.w.data
		if i := int(off - r.w.base); uint(i) < uint(len(data)) {
			n := int(data[i]) // the payload's length, if under 128
			if n == 1 && r.byteTurns && i+6 <= len(data) {
				// Most turns: the one byte to the decoder, no slice
				// made, its CRC chain's table loop inline. A turn
				// DecodeByte does not take goes through next (only the
				// Reader, the turn and the CRC live across the call).
				crc := binary.LittleEndian.Uint32(data[i+1 : i+5])
				c := data[i+5]
				if ^(castagnoli[byte(^prev)^c]^^prev>>8) == crc && r.dec.DecodeByte(c, t) {
					r.offset, r.end, r.turns, r.chain = r.end, r.end+6, r.turns+1, crc
					return nil
				}
				return r.next(t)
			}
			if end := i + 5 + n; n < 0x80 && end <= len(data) {
				crc := binary.LittleEndian.Uint32(data[i+1 : i+5])
				payload := data[i+5 : end]
				var sum uint32
				switch {
				case n == 1:
					// A turn of one byte not taken above: the same CRC.
					sum = ^(castagnoli[byte(^prev)^payload[0]] ^ ^prev>>8)
				case n < smallPayload:
					sum = chainSmall(prev, payload)
				default:
					// chain's call to crc32.Update, one call less.
					sum = crc32.Update(prev, castagnoliTable(), payload)
				}
				// Not decoded, next reads the record again, from the
				// start, and words why. (Nothing of r changes before
				// Decode: only the Reader, the turn, the CRC and the
				// length live across its call.)
				if sum != crc || r.dec.Decode(payload, t) != nil {
					return r.next(t)
				}
				r.offset, r.end, r.turns, r.chain = r.end, r.end+int64(5+n), r.turns+1, crc
				return nil
			}
		}
	}
	return r.next(t)
}

// next is Next for any record: it reads it wherever it is, and words
// what is wrong with it.
func (r *Reader) next(t *events.Turn) error {
	if r.err != nil {
		return r.err
	}
	off := r.end
	if off == r.size {
		r.err = io.EOF
		return r.err
	}
	if r.turns >= MaxTurns {
		r.err = r.fail(off, r.turns, problem(fmt.Sprintf("the journal holds more than %d turns, more than this program reads", MaxTurns), ErrTooLarge))
		return r.err
	}
	payload, size, crc, fault, err := r.frame(off, MaxRecordSize, r.chain)
	switch {
	case err != nil:
		r.err = r.fail(off, r.turns, problem("read: "+err.Error(), err))
		return r.err
	case fault != nil && fault.torn:
		return r.stop(off, true, problem("torn record: "+fault.detail, ErrTorn))
	case fault != nil && fault.checksum:
		return r.stop(off, false, problem("checksum does not chain: record corrupt, repeated or out of order", ErrCorrupt, ErrChecksum))
	case fault != nil:
		return r.stop(off, false, problem("corrupt record: "+fault.detail, ErrCorrupt))
	}
	// The decoder is safe on any bytes and refuses whatever the shape
	// check refuses, so the check runs only to word a refusal: in its
	// terms when it refuses too, as when it ran first.
	if err := r.dec.Decode(payload, t); err != nil {
		if err := wire.CheckTurn(payload, r.h.FormatVersion); err != nil {
			return r.stop(off, false, problem("record does not decode: payload "+err.Error(), ErrCorrupt))
		}
		return r.stop(off, false, problem("record does not decode: "+err.Error(), ErrCorrupt, err))
	}
	r.offset = off
	r.end = off + int64(size)
	r.turns++
	r.chain = crc
	return nil
}

func (r *Reader) stop(off int64, torn bool, err error) error {
	t := &Tail{Path: r.path, Offset: off, Turn: r.turns, Dropped: r.size - off, Torn: torn, Err: err}
	if !r.noSurvey {
		r.survey(t)
	}
	r.tail, r.err = t, t
	return r.err
}

// Offset is the byte offset where the turn last returned by Next starts.
func (r *Reader) Offset() int64 { return r.offset }

// End is the byte offset just after the last whole record read (the header
// before any turn): where the good data ends so far.
func (r *Reader) End() int64 { return r.end }

// Turns is how many turns Next has returned; the next one has this index.
func (r *Reader) Turns() int { return r.turns }

// Chain is the chained crc of the last whole record read: a digest of the
// journal up to End (the same value a writer's Chain had after writing it).
func (r *Reader) Chain() uint32 { return r.chain }

// Size is the size of the journal being read, in bytes.
func (r *Reader) Size() int64 { return r.size }

// Tail describes the torn or corrupt end that stopped Next, or is nil (the
// journal ended cleanly, or Next has not got there yet).
func (r *Reader) Tail() *Tail { return r.tail }

// Close releases the file, if the Reader opened one. Next then returns
// ErrClosed.
func (r *Reader) Close() error {
	r.err = r.fail(-1, -1, problem("reader closed", ErrClosed))
	if r.closer == nil {
		return nil
	}
	c := r.closer
	r.closer = nil
	return c.Close()
}
