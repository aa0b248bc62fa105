package journal

import (
	"fmt"

	"rogue/events"
	"rogue/events/wire"
)

// Writer is what a game appends its turns to: a journal file (*File) or a
// journal in memory (*Memory). Both write the same bytes.
type Writer interface {
	// Header returns the journal's header as written.
	Header() Header
	// Turns is how many turns the journal holds; the next Append writes
	// the turn with this index.
	Turns() int
	// Append writes t as the journal's next turn. When it returns nil the
	// turn is in the journal (on disk once synced, see Options.SyncEvery);
	// when it returns an error the turn is not. An invalid turn is refused
	// without harm; a failed write or fsync breaks the writer (ErrBroken).
	Append(t *events.Turn) error
	// Sync makes every appended turn durable.
	Sync() error
	// Close syncs and releases the journal.
	Close() error
}

// recorder turns Turns into framed records and keeps track of the chain;
// File and Memory share it and differ only in where the bytes go.
type recorder struct {
	path  string
	h     Header
	enc   *wire.TurnEncoder
	rec   []byte
	size  int64 // bytes of whole records, magic and header included
	turns int
	chain uint32
	// lastLen is the size of the last record written, 0 until one is
	// (Position needs where it starts).
	lastLen int
}

func newRecorder(path string, h Header, size int64, turns int, chain uint32) recorder {
	return recorder{
		path: path, h: h, size: size, turns: turns, chain: chain,
		enc: wire.NewTurnEncoderFor(h.FormatVersion),
	}
}

// start returns the normalized header and the bytes a new journal starts
// with: the magic and the framed header.
func start(path string, h Header) (Header, []byte, uint32, error) {
	h, err := h.normalized()
	if err != nil {
		return h, nil, 0, &Error{Path: path, Offset: -1, Turn: -1, Err: err}
	}
	payload, err := encodeHeader(h)
	if err == nil && len(payload) > MaxHeaderSize {
		err = fmt.Errorf("header is %d bytes, more than %d", len(payload), MaxHeaderSize)
	}
	if err != nil {
		return h, nil, 0, &Error{Path: path, Offset: int64(len(Magic)), Turn: -1, Err: problem("header does not encode: "+err.Error(), ErrInvalid, err)}
	}
	b, crc := appendFrame([]byte(Magic), 0, payload)
	return h, b, crc, nil
}

// record returns the framed record of t, to be written at c.size, and its
// crc. It changes nothing: commit does, once the record is written. It
// refuses a turn that a Reader would not read back: the encoder refuses
// every value the decoder refuses, and the payload's shape is checked here
// as a reader will check it, so a journal never holds a record that reads
// as corrupt.
func (c *recorder) record(t *events.Turn) ([]byte, uint32, error) {
	fail := func(msg string, kinds ...error) error {
		return &Error{Path: c.path, Offset: c.size, Turn: c.turns, Err: problem(msg, kinds...)}
	}
	if c.turns >= MaxTurns {
		return nil, 0, fail(fmt.Sprintf("the journal already holds %d turns, the most it may", MaxTurns), ErrTooLarge)
	}
	payload, err := c.enc.Encode(t)
	if err != nil {
		return nil, 0, fail("turn does not encode: "+err.Error(), ErrInvalid, err)
	}
	if len(payload) > MaxRecordSize {
		return nil, 0, fail(fmt.Sprintf("turn is %d bytes, more than the %d a record may hold", len(payload), MaxRecordSize), ErrInvalid)
	}
	if err := wire.CheckTurn(payload, c.h.FormatVersion); err != nil {
		return nil, 0, fail("turn would not read back: payload "+err.Error(), ErrInvalid)
	}
	if c.size+int64(frameSize(len(payload))) > MaxFileSize {
		return nil, 0, fail(fmt.Sprintf("the journal would grow past %d bytes", int64(MaxFileSize)), ErrTooLarge)
	}
	var crc uint32
	c.rec, crc = appendFrame(c.rec[:0], c.chain, payload)
	return c.rec, crc, nil
}

// commit records that the record of n bytes with crc was written.
func (c *recorder) commit(n int, crc uint32) {
	c.lastLen = n
	c.size += int64(n)
	c.turns++
	c.chain = crc
}
