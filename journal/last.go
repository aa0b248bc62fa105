package journal

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"

	"rogue/events"
	"rogue/events/wire"
)

// ErrNoCleanEnd is what LastTurn returns when it finds no whole record
// ending the journal (it ends torn or corrupt, or its end is not a record
// this program wrote).
var ErrNoCleanEnd = errors.New("the journal does not end with a whole record")

// lastWindow is how many bytes LastTurn reads from a journal's end: room
// for the last record and the one before it, each as large as a record
// may be.
const lastWindow = 2 * (MaxRecordSize + maxFrameOverhead)

// linkBudget bounds the bytes LastTurn checksums while it looks for the
// last record among the offsets that could start one.
const linkBudget = 4 * lastWindow

// LastTurn reads the header and the last turn of the journal at path,
// reading at most the header and the last lastWindow bytes (about half a
// megabyte), whatever the journal's length: for finding, among many
// journals, whether each game is over, without folding any. ok is false
// for a journal of no turns.
//
// A record does not say where it starts, so from the end LastTurn looks
// for the offsets that could start the last record (a length that ends it
// exactly at the file's end) and takes the one whose checksum chains
// from a record just before it (or from the header): a chance of 2^-32
// that a wrong one passes. A journal short enough is read forward from
// its header instead, as Reader does. It fails with ErrNoCleanEnd when
// the journal ends torn or corrupt (a crash's torn turn: Reader and
// OpenAppend know what to do then) or no candidate chains.
func LastTurn(path string) (h Header, t events.Turn, ok bool, err error) {
	r, err := Open(path)
	if err != nil {
		return h, t, false, err
	}
	defer r.Close()
	return lastTurn(r)
}

// LastTurnOf is LastTurn of the journal of size bytes in src, named name
// in its errors: the same bounded read, for a file opened by the caller
// (rogue serve opens its files inside its folder only).
func LastTurnOf(src io.ReaderAt, size int64, name string) (h Header, t events.Turn, ok bool, err error) {
	r, err := NewReader(src, size, name)
	if err != nil {
		return h, t, false, err
	}
	return lastTurn(r)
}

func lastTurn(r *Reader) (h Header, t events.Turn, ok bool, err error) {
	path := r.path
	h = r.Header()
	if r.end >= r.size-lastWindow {
		// Short: every record after the header is in the window.
		for {
			var next events.Turn
			err := r.Next(&next)
			switch {
			case err == nil:
				t, ok = next, true
				continue
			case errors.Is(err, io.EOF):
				return h, t, ok, nil
			case errors.As(err, new(*Tail)):
				return h, t, ok, &Error{Path: path, Offset: r.end, Turn: r.turns, Err: problem(ErrNoCleanEnd.Error()+": "+err.Error(), ErrNoCleanEnd)}
			}
			return h, t, ok, err
		}
	}
	start := r.size - lastWindow
	buf, err := r.w.bytes(start, lastWindow)
	if err != nil {
		return h, t, false, r.fail(start, -1, problem("read: "+err.Error(), err))
	}
	o, fault := lastRecord(buf)
	if fault != "" {
		return h, t, false, r.fail(start, -1, problem(ErrNoCleanEnd.Error()+": "+fault, ErrNoCleanEnd))
	}
	size, pre, _ := parseLength(buf[o:], MaxRecordSize)
	payload := buf[o+pre+4 : o+pre+4+size]
	if err := wire.CheckTurn(payload, h.FormatVersion); err != nil {
		return h, t, false, r.fail(start+int64(o), -1, problem("record does not decode: payload "+err.Error(), ErrCorrupt))
	}
	if err := wire.NewTurnDecoderFor(h.FormatVersion).Decode(payload, &t); err != nil {
		return h, t, false, r.fail(start+int64(o), -1, problem("record does not decode: "+err.Error(), ErrCorrupt, err))
	}
	return h, t, true, nil
}

// lastRecord finds where the last record in b starts: b is the end of a
// journal, more than one record long, that starts inside some record. It
// says what is wrong when none is found. It looks in the last 4 KiB
// first, then 64 KiB, then all of b: a game's records are small.
func lastRecord(b []byte) (int, string) {
	budget := linkBudget
	for _, w := range []int{4 << 10, 64 << 10, len(b)} {
		w = min(w, len(b))
		o, fault := lastIn(b[len(b)-w:], &budget)
		if fault == "" {
			return len(b) - w + o, ""
		}
		if w == len(b) || budget < 0 {
			return 0, fault
		}
	}
	panic("unreachable")
}

// lastIn is lastRecord within b, checksumming at most *budget bytes. Its
// work is len(b) plus what it checksums, however many offsets could
// start a record: each offset's record end is computed once, and the
// records ending at an offset are listed from it.
func lastIn(b []byte, budget *int) (int, string) {
	// ending[e]-1 is the last offset whose record ends at e, and
	// before[q]-1 the offset before q whose record ends where q's does
	// (0: none).
	ending := make([]int32, len(b)+1)
	before := make([]int32, len(b))
	for q := range b {
		pre, size, ok := frameAt(b, q)
		if e := q + pre + 4 + size; ok && e <= len(b) {
			before[q], ending[e] = ending[e], int32(q+1)
		}
	}
	// Candidates, nearest the end first: a record ending at the end,
	// whose checksum chains from a record ending where it starts.
	for o := int(ending[len(b)]) - 1; o >= 0; o = int(before[o]) - 1 {
		pre, size, _ := frameAt(b, o)
		crc := binary.LittleEndian.Uint32(b[o+pre:])
		payload := b[o+pre+4 : o+pre+4+size]
		for p := int(ending[o]) - 1; p >= 0; p = int(before[p]) - 1 {
			if *budget -= len(payload) + 1; *budget < 0 {
				return 0, "too many records could end it"
			}
			ppre, _, _ := frameAt(b, p)
			if chain(binary.LittleEndian.Uint32(b[p+ppre:]), payload) == crc {
				return o, ""
			}
		}
	}
	return 0, "no record ends the file and chains from the one before it"
}

// frameAt reads the length prefix of a record that would start at b[o]:
// the prefix's length and the payload's, if it is a minimal uvarint of at
// most MaxRecordSize (parseLength without its words, for every offset).
func frameAt(b []byte, o int) (pre, size int, ok bool) {
	v, n := binary.Uvarint(b[o:min(len(b), o+maxFrameOverhead)])
	if n <= 0 || n > 1 && b[o+n-1] == 0 || v > MaxRecordSize {
		return 0, 0, false
	}
	return n, int(v), true
}

// NewestSnapshotOffset is the byte offset of the journal at path that its
// newest snapshot was taken at (where folding from it starts), reading
// only that snapshot's first bytes; ok is false when there is none that
// reads. The snapshot is not checked: a reader still has to.
func NewestSnapshotOffset(path string) (offset int64, ok bool) {
	files, _ := ListSnapshots(path)
	for i := len(files) - 1; i >= 0; i-- {
		if v, good := snapshotFields(files[i].Path); good {
			return int64(v[3]), true
		}
	}
	return 0, false
}

// snapshotFields reads the numbers at the start of the snapshot file at
// path: version, schema, turns, offset, last, chain, header.
func snapshotFields(path string) ([7]uint64, bool) {
	var v [7]uint64
	f, err := os.Open(path)
	if err != nil {
		return v, false
	}
	defer f.Close()
	b := make([]byte, 96)
	n, _ := io.ReadFull(f, b)
	b = b[:n]
	if !bytes.HasPrefix(b, []byte(SnapshotMagic)) {
		return v, false
	}
	b = b[len(SnapshotMagic):]
	_, plen, fault := parseLength(b, MaxSnapshotSize)
	if fault != nil || len(b) < plen+4 {
		return v, false
	}
	b = b[plen+4:]
	for i := range v {
		var k int
		v[i], k = binary.Uvarint(b)
		if k <= 0 {
			return v, false
		}
		b = b[k:]
	}
	return v, v[0] == snapshotVersion
}
