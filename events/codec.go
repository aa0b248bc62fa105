package events

import (
	"bytes"
	"errors"
	"fmt"
	"math"

	"github.com/vmihailenco/msgpack/v5"
)

// Turn is one journal record: the command the player gave, how many random
// numbers the rules drew deciding it, and the facts they decided.
type Turn struct {
	Command Command
	Draws   uint64
	Facts   []Fact
}

// A turn is written as one flat msgpack array:
//
//	[ [command code, fields...], draws, [fact code, fields...], ... ]
//
// Integers take msgpack's compact forms, so a typical fact is 3 to 10 bytes.

// TurnEncoder writes turns to msgpack. It reuses its buffer: the bytes
// returned by Encode are valid until the next call.
type TurnEncoder struct {
	buf bytes.Buffer
	enc *msgpack.Encoder
	w   writer
}

// NewTurnEncoder returns an encoder ready to use.
func NewTurnEncoder() *TurnEncoder {
	e := &TurnEncoder{}
	e.enc = msgpack.NewEncoder(&e.buf)
	e.w.e = e.enc
	return e
}

// Encode returns the msgpack payload of t.
func (e *TurnEncoder) Encode(t *Turn) ([]byte, error) {
	if t.Command == nil {
		return nil, errors.New("turn has no command")
	}
	if len(t.Facts) > MaxFactsPerTurn {
		return nil, fmt.Errorf("turn has %d facts, more than the %d allowed", len(t.Facts), MaxFactsPerTurn)
	}
	e.buf.Reset()
	w := &e.w
	w.err = nil
	w.array(2 + len(t.Facts))
	w.array(1 + fieldCount(t.Command.put))
	w.uint(uint64(t.Command.Code()))
	t.Command.put(w)
	w.uint(t.Draws)
	for _, f := range t.Facts {
		if f == nil {
			return nil, errors.New("turn has a nil fact")
		}
		w.array(1 + fieldCount(f.put))
		w.uint(uint64(f.Code()))
		f.put(w)
	}
	if w.err != nil {
		return nil, w.err
	}
	return e.buf.Bytes(), nil
}

// EncodeTurn returns the msgpack payload of t in a new slice.
func EncodeTurn(t *Turn) ([]byte, error) {
	b, err := NewTurnEncoder().Encode(t)
	return bytes.Clone(b), err
}

// fieldCount counts the top-level values put writes, without encoding.
func fieldCount(put func(*writer)) int {
	c := writer{counting: true}
	put(&c)
	return c.n
}

// TurnDecoder reads turns from msgpack payloads. It keeps one msgpack
// decoder for all the turns it reads; it is not safe for concurrent use.
type TurnDecoder struct {
	src bytes.Reader
	dec *msgpack.Decoder
	r   reader
}

// NewTurnDecoder returns a decoder ready to use.
func NewTurnDecoder() *TurnDecoder {
	d := &TurnDecoder{}
	d.dec = msgpack.NewDecoder(&d.src)
	d.r.d = d.dec
	return d
}

// Decode reads the turn in payload into t, reusing t.Facts' backing array.
// The payload must be exactly one turn. Any error names the fact and field
// that are wrong. Callers that read untrusted bytes run CheckShape first:
// Decode trusts that every declared length fits in the payload.
func (d *TurnDecoder) Decode(payload []byte, t *Turn) error {
	d.src.Reset(payload)
	r := &d.r
	r.err, r.part, r.field, r.nested = nil, partTurn, 0, -1
	n, err := d.dec.DecodeArrayLen()
	if err != nil {
		return fmt.Errorf("turn: %w", err)
	}
	if n < 2 || n-2 > MaxFactsPerTurn {
		return fmt.Errorf("turn: an array of %d values, want a command, a draw count and at most %d facts", n, MaxFactsPerTurn)
	}
	t.Command, err = d.command()
	if err != nil {
		return err
	}
	r.part, r.field, r.left = partTurn, 1, 1
	t.Draws = r.uint64()
	if r.err != nil {
		return r.err
	}
	t.Facts = t.Facts[:0]
	for i := 0; i < n-2; i++ {
		f, err := d.fact(i)
		if err != nil {
			return err
		}
		t.Facts = append(t.Facts, f)
	}
	if d.src.Len() != 0 {
		return fmt.Errorf("turn: %d bytes after its end", d.src.Len())
	}
	return nil
}

func (d *TurnDecoder) command() (Command, error) {
	r := &d.r
	n, err := d.dec.DecodeArrayLen()
	if err != nil {
		return nil, fmt.Errorf("command: %w", err)
	}
	if n < 1 {
		return nil, fmt.Errorf("command: an array of %d values, want a code first", n)
	}
	code, err := d.dec.DecodeUint64()
	if err != nil {
		return nil, fmt.Errorf("command code: %w", err)
	}
	if code > 255 || commandTable[code] == nil {
		return nil, fmt.Errorf("command: unknown code %d", code)
	}
	e := commandTable[code]
	c := e.make()
	r.part, r.name, r.field, r.left = partCommand, e.name, 0, n-1
	c.get(r)
	r.end()
	if r.err != nil {
		return nil, r.err
	}
	return c, nil
}

func (d *TurnDecoder) fact(i int) (Fact, error) {
	r := &d.r
	n, err := d.dec.DecodeArrayLen()
	if err != nil {
		return nil, fmt.Errorf("fact %d: %w", i, err)
	}
	if n < 1 {
		return nil, fmt.Errorf("fact %d: an array of %d values, want a code first", i, n)
	}
	code, err := d.dec.DecodeUint64()
	if err != nil {
		return nil, fmt.Errorf("fact %d code: %w", i, err)
	}
	if code > 255 || factTable[code] == nil {
		return nil, fmt.Errorf("fact %d: unknown code %d", i, code)
	}
	e := factTable[code]
	f := e.make()
	r.part, r.name, r.index, r.field, r.left = partFact, e.name, i, 0, n-1
	f.get(r)
	r.end()
	if r.err != nil {
		return nil, r.err
	}
	return f, nil
}

// DecodeTurn decodes one payload with a fresh decoder.
func DecodeTurn(payload []byte) (Turn, error) {
	var t Turn
	err := NewTurnDecoder().Decode(payload, &t)
	return t, err
}

// writer puts fields; the first error sticks. In counting mode it only
// counts top-level values. It refuses every value the reader would refuse,
// so that whatever encodes also decodes: a journal never holds a record
// that reads back as corrupt.
type writer struct {
	e        *msgpack.Encoder
	err      error
	counting bool
	n        int
}

func (w *writer) fail(format string, args ...any) {
	if w.err == nil && !w.counting {
		w.err = fmt.Errorf(format, args...)
	}
}

// small writes an enumerated value, refusing one at or above limit.
func (w *writer) small(v, limit uint64, name string) {
	if v >= limit {
		w.fail("%d is not a %s", v, name)
	}
	w.uint(v)
}

func (w *writer) dir(d Dir)             { w.small(uint64(d), uint64(NumDirs), "direction") }
func (w *writer) slot(s Slot)           { w.small(uint64(s), uint64(NumSlots), "slot") }
func (w *writer) hunger(h Hunger)       { w.small(uint64(h), uint64(NumHungers), "hunger state") }
func (w *writer) attribute(a Attribute) { w.small(uint64(a), uint64(NumAttributes), "attribute") }
func (w *writer) cause(c Cause) {
	if !c.Valid() {
		w.fail("%d is not a known cause", c)
	}
	w.uint(uint64(c))
}

func (w *writer) uint(v uint64) {
	if w.counting {
		w.n++
		return
	}
	if w.err == nil {
		w.err = w.e.EncodeUint(v)
	}
}

func (w *writer) int(v int) {
	if w.counting {
		w.n++
		return
	}
	if v < math.MinInt32 || v > math.MaxInt32 {
		w.fail("%d is out of range", v)
	}
	if w.err == nil {
		w.err = w.e.EncodeInt(int64(v))
	}
}

func (w *writer) bool(v bool) {
	if w.counting {
		w.n++
		return
	}
	if w.err == nil {
		w.err = w.e.EncodeBool(v)
	}
}

func (w *writer) id(v EntityID) { w.uint(uint64(v)) }

func (w *writer) pos(p Pos) { w.int(p.X); w.int(p.Y) }

// array starts a nested array of n values; in counting mode the array and
// everything in it count as one field.
func (w *writer) array(n int) {
	if w.counting {
		w.n++
		w.n -= n // its elements are written with uint/int and counted back
		return
	}
	if w.err == nil {
		w.err = w.e.EncodeArrayLen(n)
	}
}

// The part of a turn a reader is in, for error messages.
const (
	partTurn = iota
	partCommand
	partFact
)

// reader gets fields; the first error sticks and names the field. What it
// is reading is kept as plain values and only written out on an error: a
// message built per fact would cost more than decoding the fact.
type reader struct {
	d      *msgpack.Decoder
	err    error
	part   int
	name   string // the command's or fact's wire name
	index  int    // the fact's index in the turn
	field  int
	left   int // fields left in the current command or fact
	nested int // values left in a nested list, or -1 outside one
}

func (r *reader) fail(format string, args ...any) {
	if r.err != nil {
		return
	}
	var what string
	switch r.part {
	case partCommand:
		what = "command " + r.name
	case partFact:
		what = fmt.Sprintf("fact %d (%s)", r.index, r.name)
	default:
		what = "turn"
	}
	r.err = fmt.Errorf("%s field %d: %s", what, r.field, fmt.Sprintf(format, args...))
}

// take accounts for one value about to be read.
func (r *reader) take() bool {
	if r.err != nil {
		return false
	}
	if r.nested > 0 {
		r.nested--
		if r.nested == 0 {
			r.nested = -1
		}
		return true
	}
	if r.left <= 0 {
		r.fail("missing (too few fields)")
		return false
	}
	r.left--
	r.field++
	return true
}

// more reports whether the current command or fact has fields left.
func (r *reader) more() bool { return r.err == nil && r.left > 0 }

// end checks that every field was read.
func (r *reader) end() {
	if r.err == nil && r.left != 0 {
		r.field++
		r.fail("unexpected (%d fields too many)", r.left)
	}
}

func (r *reader) int() int {
	if !r.take() {
		return 0
	}
	v, err := r.d.DecodeInt64()
	if err != nil {
		r.fail("%v", err)
		return 0
	}
	if v < math.MinInt32 || v > math.MaxInt32 {
		r.fail("%d is out of range", v)
		return 0
	}
	return int(v)
}

func (r *reader) uint64() uint64 {
	if !r.take() {
		return 0
	}
	v, err := r.d.DecodeUint64()
	if err != nil {
		r.fail("%v", err)
		return 0
	}
	return v
}

func (r *reader) small(limit uint64, name string) uint64 {
	v := r.uint64()
	if r.err == nil && v >= limit {
		r.fail("%d is not a %s", v, name)
		return 0
	}
	return v
}

func (r *reader) bool() bool {
	if !r.take() {
		return false
	}
	v, err := r.d.DecodeBool()
	if err != nil {
		r.fail("%v", err)
	}
	return v
}

func (r *reader) id() EntityID { return EntityID(r.small(math.MaxUint32, "entity id")) }
func (r *reader) dir() Dir     { return Dir(r.small(uint64(NumDirs), "direction")) }
func (r *reader) slot() Slot   { return Slot(r.small(uint64(NumSlots), "slot")) }
func (r *reader) hunger() Hunger {
	return Hunger(r.small(uint64(NumHungers), "hunger state"))
}
func (r *reader) attribute() Attribute {
	return Attribute(r.small(uint64(NumAttributes), "attribute"))
}

func (r *reader) cause() Cause {
	c := Cause(r.small(256, "cause"))
	if r.err == nil && !c.Valid() {
		r.fail("%d is not a known cause", c)
	}
	return c
}

func (r *reader) pos() Pos { return Pos{r.int(), r.int()} }

// arrayOf reads a nested list header of groups of `per` values, at most max
// groups, and returns the number of groups.
func (r *reader) arrayOf(per, max int) int {
	if !r.take() {
		return 0
	}
	n, err := r.d.DecodeArrayLen()
	if err != nil {
		r.fail("%v", err)
		return 0
	}
	if n < 0 || n%per != 0 || n/per > max {
		r.fail("a list of %d values, want groups of %d, at most %d groups", n, per, max)
		return 0
	}
	if n > 0 {
		r.nested = n
	}
	return n / per
}
