package journal

import (
	"io"

	"rogue/events"
)

// Memory is a journal in memory: the same bytes a File would hold, in a
// growing []byte. Tests and bots use it; its bytes can be written to a file
// or read back with Reader. It is not safe for concurrent use.
type Memory struct {
	rec    recorder
	data   []byte
	closed bool
}

var _ Writer = (*Memory)(nil)

// NewMemory starts a journal in memory with the header h (defaults filled
// in as by Create).
func NewMemory(h Header) (*Memory, error) {
	h, head, crc, err := start("", h)
	if err != nil {
		return nil, err
	}
	return &Memory{rec: newRecorder("", h, int64(len(head)), 0, crc), data: head}, nil
}

// LoadMemory continues the journal in b, as OpenAppend continues a file:
// it checks all of b, leaves out a torn tail (returned, nil if none: b
// itself keeps it) and is ready to append. Damage fails with the *Tail as
// the error (errors.Is matches ErrDamaged). It copies b.
func LoadMemory(b []byte) (*Memory, *Tail, error) {
	r, err := NewBytesReader(b)
	if err != nil {
		return nil, nil, err
	}
	var t events.Turn
	for err == nil {
		err = r.Next(&t)
	}
	if err != io.EOF && r.Tail() == nil {
		return nil, nil, err
	}
	if t := r.Tail(); t != nil && !t.Torn {
		return nil, nil, t
	}
	m := &Memory{
		rec:  newRecorder("", r.Header(), r.End(), r.Turns(), r.Chain()),
		data: append([]byte(nil), b[:r.End()]...),
	}
	return m, r.Tail(), nil
}

// Header returns the journal's header.
func (m *Memory) Header() Header { return m.rec.h }

// Turns is how many turns the journal holds.
func (m *Memory) Turns() int { return m.rec.turns }

// Chain is the chained crc of the last record written (see Reader.Chain).
func (m *Memory) Chain() uint32 { return m.rec.chain }

// Append writes t as the next turn. It fails only for a turn that cannot
// be written (ErrInvalid, ErrTooLarge) or after Close.
func (m *Memory) Append(t *events.Turn) error {
	if m.closed {
		return m.closedErr()
	}
	rec, crc, err := m.rec.record(t)
	if err != nil {
		return err
	}
	m.data = append(m.data, rec...)
	m.rec.commit(len(rec), crc)
	return nil
}

// Sync does nothing: memory has nothing to flush.
func (m *Memory) Sync() error {
	if m.closed {
		return m.closedErr()
	}
	return nil
}

// Close ends appending; Bytes and Reader still work.
func (m *Memory) Close() error {
	if m.closed {
		return m.closedErr()
	}
	m.closed = true
	return nil
}

func (m *Memory) closedErr() error {
	return &Error{Offset: -1, Turn: -1, Err: problem("journal closed", ErrClosed)}
}

// Bytes returns the journal's bytes. The slice is shared: it must not be
// changed, and stays valid (as the journal so far) after later appends.
func (m *Memory) Bytes() []byte { return m.data[:len(m.data):len(m.data)] }

// Reader reads the journal as it is now.
func (m *Memory) Reader() (*Reader, error) { return NewBytesReader(m.Bytes()) }
