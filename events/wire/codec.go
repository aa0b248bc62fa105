package wire

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/vmihailenco/msgpack/v5"

	"rogue/events"
)

// A turn's payload depends on the journal's format version (the journal's
// header records it; a journal is written in one format from its first
// turn to its last):
//
//   - format 1 writes one msgpack array, each command and fact an array
//     of its code and fields:
//
//     [ [command code, fields...], draws, [fact code, fields...], ... ]
//
//   - format 2 writes the same values as a plain sequence of msgpack
//     values, without any of those array headers:
//
//     command code, fields..., draws, fact code, fields..., ...
//
//     The record's length (the journal frames every record) says where
//     the turn ends, and each code says how many fields follow it. A Use
//     command writes whether it has a target before the target. This
//     saves 3 to 4 bytes of a typical 20-byte turn.
//
//   - format 3 adds shorthand codes for the commonest shapes (shorthands.go),
//     and format 4 openers and more shorthands (openers.go): other codes
//     for the same values, that leave out what the turn already says.
//
// Integers take msgpack's compact forms, so a typical fact is 3 to 10
// bytes. Lists inside a fact (a level's rooms) are msgpack arrays in both.

// KnownFormat reports whether this program reads and writes journals of
// wire format v.
func KnownFormat(v int) bool { return v >= 1 && v <= FormatVersion }

// TurnEncoder writes turns to msgpack. It reuses its buffer: the bytes
// returned by Encode are valid until the next call.
type TurnEncoder struct {
	buf    bytes.Buffer
	enc    *msgpack.Encoder
	w      writer
	ctx    turnContext // kept here: a local escapes, one allocation a turn
	ctx4   context4    // format 4's (openers.go)
	format int
}

// NewTurnEncoder returns an encoder of the current format, FormatVersion.
func NewTurnEncoder() *TurnEncoder { return NewTurnEncoderFor(FormatVersion) }

// NewTurnEncoderFor returns an encoder of wire format v: continuing a
// journal of an older format writes that format. Encode fails if this
// program does not know v.
func NewTurnEncoderFor(v int) *TurnEncoder {
	e := &TurnEncoder{format: v}
	e.enc = msgpack.NewEncoder(&e.buf)
	e.w.e = e.enc
	e.w.flat = v >= 2
	return e
}

// Encode returns the msgpack payload of t.
func (e *TurnEncoder) Encode(t *events.Turn) ([]byte, error) {
	if !KnownFormat(e.format) {
		return nil, fmt.Errorf("format %d is not one this program writes (1 to %d)", e.format, FormatVersion)
	}
	if t.Command == nil {
		return nil, errors.New("turn has no command")
	}
	if len(t.Facts) > events.MaxFactsPerTurn {
		return nil, fmt.Errorf("turn has %d facts, more than the %d allowed", len(t.Facts), events.MaxFactsPerTurn)
	}
	for _, f := range t.Facts {
		if f == nil {
			return nil, errors.New("turn has a nil fact")
		}
	}
	e.buf.Reset()
	w := &e.w
	w.err = nil
	if e.format >= 4 {
		e.encode4(t)
		if w.err != nil {
			return nil, w.err
		}
		return e.buf.Bytes(), nil
	}
	if !w.flat {
		w.array(2 + len(t.Facts))
		w.array(1 + fieldCount(func(w *writer) { putCommand(w, t.Command) }))
	}
	short := e.format >= 3
	if sc := commandShorthand(t.Command); short && sc != 0 {
		w.uint(uint64(sc))
	} else {
		w.uint(uint64(t.Command.Code()))
		putCommand(w, t.Command)
	}
	w.uint(t.Draws)
	c := &e.ctx
	*c = turnContext{command: t.Command}
	for _, f := range t.Facts {
		if !w.flat {
			w.array(1 + fieldCount(func(w *writer) { putFact(w, f) }))
		}
		if sc := shorthandOf(f, c); short && sc != 0 {
			w.uint(uint64(sc))
			factShorthands[sc].put(w, f)
		} else {
			w.uint(uint64(f.Code()))
			putFact(w, f)
		}
		c.saw(f)
	}
	if w.err != nil {
		return nil, w.err
	}
	return e.buf.Bytes(), nil
}

// EncodeTurn returns the msgpack payload of t in a new slice.
func EncodeTurn(t *events.Turn) ([]byte, error) {
	b, err := NewTurnEncoder().Encode(t)
	return bytes.Clone(b), err
}

// fieldCount counts the top-level values put writes, without encoding.
func fieldCount(put func(*writer)) int {
	c := writer{counting: true}
	put(&c)
	return c.n
}

// TurnDecoder reads turns from msgpack payloads. It reads the payload's
// bytes directly (every value in a turn is a small integer, a bool or an
// array header, and nothing else is allowed), accepting exactly what
// msgpack/v5's Decoder calls would and failing with their messages; it
// does no reflection and allocates only the command, the facts (from slabs
// shared by many turns) and a level's room lists. It is not safe for
// concurrent use.
type TurnDecoder struct {
	r     reader
	slabs slabs
	ctx   turnContext // kept here: a local escapes, one allocation a turn
	ctx4  context4    // format 4's (openers.go)
	pad   []byte      // fast4's copy of a turn with no spare capacity
	loop4 loop4       // fast4's fact loop, while it is out for a call
	// one is the values of the turns of one byte, when recycling.
	one struct {
		move   events.Move
		moved  events.Moved
		wait   events.Wait
		healed events.Healed
	}
	format int
	// slowOnly turns the fast path off: tests compare the two.
	slowOnly bool
	// oneByte is whether Decode takes a turn of one byte inline: format
	// 4, recycling, the fast path on (one load and test in the commonest
	// turn, where the three took three).
	oneByte bool
}

// NewTurnDecoder returns a decoder of the current format, FormatVersion.
func NewTurnDecoder() *TurnDecoder { return NewTurnDecoderFor(FormatVersion) }

// NewTurnDecoderFor returns a decoder of wire format v (a journal's
// header says which). Decode fails if this program does not know v.
func NewTurnDecoderFor(v int) *TurnDecoder {
	return &TurnDecoder{format: v}
}

// Decode reads the turn in payload into t, reusing t.Facts' backing array.
// The facts and the command are new values (never ones an earlier Decode
// returned, so a caller may keep them), unless the decoder recycles. The
// payload must be exactly one turn. Any error names the fact and field
// that are wrong. It is safe on any bytes: it allocates no more than a
// level's lists whatever the bytes declare, and refuses every payload
// CheckTurn refuses (CheckTurn then words what is wrong by its offset).
func (d *TurnDecoder) Decode(payload []byte, t *events.Turn) error {
	if len(payload) == 1 && d.DecodeByte(payload[0], t) {
		return nil
	}
	d.slabs.startTurn()
	if d.format == 4 && !d.slowOnly {
		if d.fast4(payload, t) {
			return nil
		}
		d.slabs.startTurn() // what the fast path handed out is unused
	}
	return d.decode(payload, t)
}

// DecodeByte is Decode of the turn whose payload is the one byte c, for
// the commonest turns of a game, when the decoder recycles (see Recycle)
// and reads format 4: the turns of one byte whose opener says all of
// them, a step, a rest or a wait with no draws and no facts (four in
// five of a bot's turns). It reports false, having changed nothing, for
// any other byte or decoder: Decode then reads the turn. A reader that
// knows its record is one byte long calls it without making a slice of
// it: for these turns a call more, a slice or a pool's bookkeeping cost
// as much as their decoding.
//
// The values are the decoder's own, the same every turn, and set whole
// every turn: they are most often those of the turn before, which t
// keeps, and are stored again only when they are not (each store of a
// pointer is a write barrier while the collector marks).
func (d *TurnDecoder) DecodeByte(c byte, t *events.Turn) bool {
	if !d.oneByte {
		return false
	}
	o := &d.one
	switch {
	case c-openStep < byte(events.NumDirs):
		o.move.Dir = events.Dir(c - openStep)
		o.moved = events.Moved{Actor: events.PlayerID, Dir: o.move.Dir}
		if m, _ := t.Command.(*events.Move); m != &o.move {
			t.Command = &o.move
		}
		if f, _ := onlyFact(t).(*events.Moved); f != &o.moved {
			t.Facts[0] = &o.moved
		}
		t.Draws = 0
		return true
	case c == openRest:
		o.healed = events.Healed{Actor: events.PlayerID, Amount: 1, Cause: events.CauseRest}
		if w, _ := t.Command.(*events.Wait); w != &o.wait {
			t.Command = &o.wait
		}
		if f, _ := onlyFact(t).(*events.Healed); f != &o.healed {
			t.Facts[0] = &o.healed
		}
		t.Draws = 0
		return true
	case c == openWait:
		if w, _ := t.Command.(*events.Wait); w != &o.wait {
			t.Command = &o.wait
		}
		t.Draws, t.Facts = 0, t.Facts[:0]
		return true
	}
	return false
}

// onlyFact makes t hold one fact and returns it (nil if t held none):
// Decode's one-byte turns store theirs only when it is not there already.
// They compare it by a type assertion to their own type, one comparison
// of its type word, where comparing two interfaces is a call (to
// runtime.ifaceeq) once their types agree.
func onlyFact(t *events.Turn) events.Fact {
	if cap(t.Facts) == 0 {
		t.Facts = append(t.Facts, nil)
	}
	t.Facts = t.Facts[:1]
	return t.Facts[0]
}

// decode is Decode after its fast paths of format 4.
func (d *TurnDecoder) decode(payload []byte, t *events.Turn) error {
	if (d.format == 2 || d.format == 3) && !d.slowOnly {
		if d.fastFlat(payload, t) {
			return nil
		}
		d.slabs.startTurn() // what the fast path handed out is unused
	}
	r := &d.r
	r.b, r.i = payload, 0
	r.err, r.part, r.base, r.left, r.nested = nil, partTurn, 0, 0, 0
	switch {
	case d.format == 1:
		r.flat = false
		return d.decodeArrays(t)
	case d.format == 4:
		r.flat = true
		return d.decode4(t)
	case KnownFormat(d.format):
		r.flat = true
		return d.decodeFlat(t)
	}
	return fmt.Errorf("turn: format %d is not one this program reads (1 to %d)", d.format, FormatVersion)
}

// decodeArrays reads a format 1 turn: an array of arrays.
func (d *TurnDecoder) decodeArrays(t *events.Turn) error {
	r := &d.r
	n, err := r.arrayLen()
	if err != nil {
		return fmt.Errorf("turn: %w", err)
	}
	if n < 2 || n-2 > events.MaxFactsPerTurn {
		return fmt.Errorf("turn: an array of %d values, want a command, a draw count and at most %d facts", n, events.MaxFactsPerTurn)
	}
	facts := int(n - 2) // at most MaxFactsPerTurn: it fits any int
	t.Command, err = d.command()
	if err != nil {
		return err
	}
	r.part, r.base, r.left = partTurn, 2, 1
	t.Draws = r.uint64()
	if r.err != nil {
		return r.err
	}
	t.Facts = t.Facts[:0]
	for i := 0; i < facts; i++ {
		f, err := d.fact(i)
		if err != nil {
			return err
		}
		t.Facts = append(t.Facts, f)
	}
	if left := len(r.b) - r.i; left != 0 {
		return fmt.Errorf("turn: %d bytes after its end", left)
	}
	return nil
}

// commandAndDraws reads a flat turn's command, whose code was read
// already (a Move shorthand when short allows one), and the draw count
// after it: formats 2, 3 and 4 begin a turn written in full alike.
func (d *TurnDecoder) commandAndDraws(code uint64, short bool, t *events.Turn) error {
	r := &d.r
	if dir, ok := isMoveShorthand(code); short && ok {
		c := d.slabs.command(uint8(events.CodeMove))
		c.(*events.Move).Dir = dir
		t.Command = c
	} else {
		if commandName(code) == "" {
			return fmt.Errorf("command: unknown code %d", code)
		}
		name := commandName(code)
		c := d.slabs.command(uint8(code))
		r.part, r.name = partCommand, name
		r.budget()
		getCommand(r, c)
		if r.err != nil {
			return r.err
		}
		t.Command = c
	}
	r.part = partDraws
	r.budget()
	t.Draws = r.uint64()
	return r.err
}

// decodeFlat reads a format 2 turn: a sequence of values, each code
// followed by its fields, to the end of the payload.
func (d *TurnDecoder) decodeFlat(t *events.Turn) error {
	r := &d.r
	if len(r.b) == 0 {
		return errors.New("turn: empty, want a command, a draw count and the facts")
	}
	short := d.format >= 3
	code, ok := r.flatCode()
	if !ok {
		return fmt.Errorf("command code: %w", r.err)
	}
	if err := d.commandAndDraws(code, short, t); err != nil {
		return err
	}
	t.Facts = t.Facts[:0]
	c := &d.ctx
	*c = turnContext{command: t.Command}
	for i := 0; r.i < len(r.b); i++ {
		if i == events.MaxFactsPerTurn {
			return fmt.Errorf("turn: more than %d facts", events.MaxFactsPerTurn)
		}
		code, ok := r.flatCode()
		if !ok {
			return fmt.Errorf("fact %d code: %w", i, r.err)
		}
		var f events.Fact
		if sh := shorthandAt(code); short && sh != nil {
			f = d.slabs.fact(uint8(sh.of))
			r.part, r.name, r.index = partFact, sh.name, i
			r.budget()
			sh.get(r, f, c)
		} else {
			if factName(code) == "" {
				return fmt.Errorf("fact %d: unknown code %d", i, code)
			}
			name := factName(uint64(code))
			f = d.slabs.fact(uint8(code))
			r.part, r.name, r.index = partFact, name, i
			r.budget()
			getFact(r, f)
		}
		if r.err != nil {
			return r.err
		}
		c.saw(f)
		t.Facts = append(t.Facts, f)
	}
	return nil
}

// flatCode reads the code that opens a command or fact of format 2.
func (r *reader) flatCode() (uint64, bool) {
	if r.i < len(r.b) && r.b[r.i] <= 0x7f {
		r.i++
		return uint64(r.b[r.i-1]), true
	}
	v, err := r.rawUint()
	if err != nil {
		r.err = err
		return 0, false
	}
	return v, true
}

// budget starts reading the fields of a format 2 command or fact: their
// number is not written, so every byte left may be one (the fast reads
// below need a count), and running out of bytes is what ends them short.
func (r *reader) budget() {
	r.base = len(r.b) - r.i
	r.left = r.base
}

func (d *TurnDecoder) command() (events.Command, error) {
	r := &d.r
	var n int
	var code uint64
	if b := r.b[r.i:]; len(b) >= 2 && b[0] >= 0x91 && b[0] <= 0x9f && b[1] <= 0x7f {
		// Fast path: a fixarray opened by a fixint code.
		n, code = int(b[0]&0x0f), uint64(b[1])
		r.i += 2
	} else {
		l, err := r.arrayLen()
		if err != nil {
			return nil, fmt.Errorf("command: %w", err)
		}
		if l < 1 {
			return nil, fmt.Errorf("command: an array of %d values, want a code first", l)
		}
		if !r.fits(l) {
			return nil, fmt.Errorf("command: an array of %d values, but only %d bytes are left", l, len(r.b)-r.i)
		}
		n = int(l)
		code, err = r.rawUint()
		if err != nil {
			return nil, fmt.Errorf("command code: %w", err)
		}
	}
	if commandName(code) == "" {
		return nil, fmt.Errorf("command: unknown code %d", code)
	}
	name := commandName(code)
	c := d.slabs.command(uint8(code))
	r.part, r.name, r.base, r.left = partCommand, name, n-1, n-1
	getCommand(r, c)
	r.end()
	if r.err != nil {
		return nil, r.err
	}
	return c, nil
}

func (d *TurnDecoder) fact(i int) (events.Fact, error) {
	r := &d.r
	var n int
	var code uint64
	if b := r.b[r.i:]; len(b) >= 2 && b[0] >= 0x91 && b[0] <= 0x9f && b[1] <= 0x7f {
		// Fast path: a fixarray opened by a fixint code.
		n, code = int(b[0]&0x0f), uint64(b[1])
		r.i += 2
	} else {
		l, err := r.arrayLen()
		if err != nil {
			return nil, fmt.Errorf("fact %d: %w", i, err)
		}
		if l < 1 {
			return nil, fmt.Errorf("fact %d: an array of %d values, want a code first", i, l)
		}
		if !r.fits(l) {
			return nil, fmt.Errorf("fact %d: an array of %d values, but only %d bytes are left", i, l, len(r.b)-r.i)
		}
		n = int(l)
		code, err = r.rawUint()
		if err != nil {
			return nil, fmt.Errorf("fact %d code: %w", i, err)
		}
	}
	if factName(code) == "" {
		return nil, fmt.Errorf("fact %d: unknown code %d", i, code)
	}
	name := factName(uint64(code))
	f := d.slabs.fact(uint8(code))
	r.part, r.name, r.index, r.base, r.left = partFact, name, i, n-1, n-1
	getFact(r, f)
	r.end()
	if r.err != nil {
		return nil, r.err
	}
	return f, nil
}

// Recycle makes the decoder hand out the command and facts of each turn
// again for a later turn: a turn's values are then valid only until the
// next Decode, which overwrites them. A replay that folds each turn and
// keeps nothing of it then decodes without allocating. Off by default.
func (d *TurnDecoder) Recycle(on bool) {
	d.slabs.setRecycle(on)
	d.oneByte = on && d.format == 4 && !d.slowOnly
}

// DecodeTurn decodes one payload with a fresh decoder.
func DecodeTurn(payload []byte) (events.Turn, error) {
	var t events.Turn
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
	flat     bool // format 2: no array header before a command or fact
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

func (w *writer) dir(d events.Dir)   { w.small(uint64(d), uint64(events.NumDirs), "direction") }
func (w *writer) slot(s events.Slot) { w.small(uint64(s), uint64(events.NumSlots), "slot") }
func (w *writer) hunger(h events.Hunger) {
	w.small(uint64(h), uint64(events.NumHungers), "hunger state")
}
func (w *writer) attribute(a events.Attribute) {
	w.small(uint64(a), uint64(events.NumAttributes), "attribute")
}
func (w *writer) skill(s events.Skill) { w.small(uint64(s), uint64(events.NumSkills), "skill") }
func (w *writer) mood(m events.Mood)   { w.small(uint64(m), uint64(events.NumMoods), "mood") }
func (w *writer) cause(c events.Cause) {
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

func (w *writer) id(v events.EntityID) { w.uint(uint64(v)) }

func (w *writer) pos(p events.Pos) { w.int(p.X); w.int(p.Y) }

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
	partDraws // format 2's draw count
)

// reader gets fields from a payload's bytes; the first error sticks and
// names the field. What it is reading is kept as plain values and only
// written out on an error: a message built per fact would cost more than
// decoding the fact.
type reader struct {
	b     []byte // the payload
	i     int    // the next byte to read
	err   error
	part  int
	name  string // the command's or fact's wire name
	index int    // the fact's index in the turn
	// left is how many fields of the current command or fact are left;
	// the field being read is base - left. Inside a nested list left is
	// parked (0, so that the fast paths below are not taken) and nested
	// counts the list's values left.
	base, left     int
	nested, parked int
	// flat is format 2: fields are not counted by an array header.
	flat bool
}

// field is the number of the field being read, for messages.
func (r *reader) field() int {
	if r.nested > 0 {
		return r.base - r.parked
	}
	return r.base - r.left
}

func (r *reader) fail(format string, args ...any) {
	r.failAt(r.field(), format, args...)
}

func (r *reader) failAt(field int, format string, args ...any) {
	if r.err != nil {
		return
	}
	var what string
	switch r.part {
	case partCommand:
		what = "command " + r.name
	case partFact:
		what = fmt.Sprintf("fact %d (%s)", r.index, r.name)
	case partDraws:
		r.err = fmt.Errorf("turn: draw count: %s", fmt.Sprintf(format, args...))
		return
	default:
		what = "turn"
	}
	r.err = fmt.Errorf("%s field %d: %s", what, field, fmt.Sprintf(format, args...))
}

// take accounts for one value about to be read.
func (r *reader) take() bool {
	if r.err != nil {
		return false
	}
	if r.left > 0 && !(r.flat && r.i >= len(r.b)) {
		r.left--
		return true
	}
	if r.nested > 0 {
		if r.nested--; r.nested == 0 {
			r.left = r.parked
		}
		return true
	}
	if r.flat {
		r.failAt(r.field()+1, "missing (the turn ends)")
	} else {
		r.failAt(r.field()+1, "missing (too few fields)")
	}
	return false
}

// more reports whether the current command or fact has fields left.
func (r *reader) more() bool { return r.err == nil && r.left > 0 }

// end checks that every field was read.
func (r *reader) end() {
	if r.err == nil && r.left != 0 {
		r.failAt(r.field()+1, "unexpected (%d fields too many)", r.left)
	}
}

// The reads below take a fast path for what nearly every field is: a
// positive fixint, one byte, outside a nested list. (After an error they
// may go on reading; what they return then is never used.)

func (r *reader) int() int {
	if r.left > 0 && r.i < len(r.b) && r.b[r.i] <= 0x7f {
		r.left--
		r.i++
		return int(r.b[r.i-1])
	}
	return r.intSlow()
}

func (r *reader) intSlow() int {
	if !r.take() {
		return 0
	}
	v, err := r.rawInt()
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
	if r.left > 0 && r.i < len(r.b) && r.b[r.i] <= 0x7f {
		r.left--
		r.i++
		return uint64(r.b[r.i-1])
	}
	return r.uint64Slow()
}

func (r *reader) uint64Slow() uint64 {
	if !r.take() {
		return 0
	}
	v, err := r.rawUint()
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
	v, err := r.rawBool()
	if err != nil {
		r.fail("%v", err)
	}
	return v
}

func (r *reader) id() events.EntityID {
	if r.left > 0 && r.i < len(r.b) && r.b[r.i] <= 0x7f {
		r.left--
		r.i++
		return events.EntityID(r.b[r.i-1])
	}
	return events.EntityID(r.small(math.MaxUint32, "entity id"))
}
func (r *reader) dir() events.Dir   { return events.Dir(r.small(uint64(events.NumDirs), "direction")) }
func (r *reader) slot() events.Slot { return events.Slot(r.small(uint64(events.NumSlots), "slot")) }
func (r *reader) hunger() events.Hunger {
	return events.Hunger(r.small(uint64(events.NumHungers), "hunger state"))
}
func (r *reader) attribute() events.Attribute {
	return events.Attribute(r.small(uint64(events.NumAttributes), "attribute"))
}
func (r *reader) skill() events.Skill {
	return events.Skill(r.small(uint64(events.NumSkills), "skill"))
}
func (r *reader) mood() events.Mood {
	return events.Mood(r.small(uint64(events.NumMoods), "mood"))
}

// knownCause is Cause.Valid as a table: the decoder asks for every
// damage and heal.
var knownCause = func() (t [256]bool) {
	for c := range t {
		t[c] = events.Cause(c).Valid()
	}
	return t
}()

func (r *reader) cause() events.Cause {
	c := events.Cause(r.small(256, "cause"))
	if r.err == nil && !knownCause[c] {
		r.fail("%d is not a known cause", c)
	}
	return c
}

func (r *reader) pos() events.Pos { return events.Pos{X: r.int(), Y: r.int()} }

// arrayOf reads a nested list header of groups of `per` values, at most max
// groups, and returns the number of groups.
func (r *reader) arrayOf(per, max int) int {
	if !r.take() {
		return 0
	}
	l, err := r.arrayLen()
	if err != nil {
		r.fail("%v", err)
		return 0
	}
	if l < 0 || l%int64(per) != 0 || l/int64(per) > int64(max) {
		r.fail("a list of %d values, want groups of %d, at most %d groups", l, per, max)
		return 0
	}
	n := int(l) // at most per*max
	if n > 0 {
		r.nested, r.parked, r.left = n, r.left, 0
	}
	return n / per
}

// The raw reads below decode one msgpack value at r.i exactly as
// msgpack/v5's Decoder does (DecodeUint64, DecodeInt64, DecodeBool,
// DecodeArrayLen): the same encodings accepted, the same values (nil reads
// as zero, a negative number read as unsigned wraps), the same error
// messages. codec_test.go checks them against the library byte for byte.

// need returns the n bytes at r.i and moves past them, or the error the
// library's reader gives for bytes that run out.
func (r *reader) need(n int) ([]byte, error) {
	left := len(r.b) - r.i
	if left < n {
		r.i = len(r.b)
		if left == 0 {
			return nil, io.EOF
		}
		return nil, io.ErrUnexpectedEOF
	}
	b := r.b[r.i : r.i+n]
	r.i += n
	return b, nil
}

func (r *reader) code() (byte, error) {
	if r.i >= len(r.b) {
		return 0, io.EOF
	}
	r.i++
	return r.b[r.i-1], nil
}

// number reads the value of an integer encoding c as its 64 bits, signed
// encodings sign-extended; ok is false when c is not an integer encoding.
func (r *reader) number(c byte) (v uint64, ok bool, err error) {
	switch {
	case c <= 0x7f || c >= 0xe0: // positive and negative fixint
		return uint64(int64(int8(c))), true, nil
	case c == 0xc0: // nil
		return 0, true, nil
	}
	var b []byte
	switch c {
	case 0xcc, 0xd0:
		b, err = r.need(1)
		if err != nil {
			return 0, true, err
		}
		if c == 0xd0 {
			return uint64(int64(int8(b[0]))), true, nil
		}
		return uint64(b[0]), true, nil
	case 0xcd, 0xd1:
		b, err = r.need(2)
		if err != nil {
			return 0, true, err
		}
		u := binary.BigEndian.Uint16(b)
		if c == 0xd1 {
			return uint64(int64(int16(u))), true, nil
		}
		return uint64(u), true, nil
	case 0xce, 0xd2:
		b, err = r.need(4)
		if err != nil {
			return 0, true, err
		}
		u := binary.BigEndian.Uint32(b)
		if c == 0xd2 {
			return uint64(int64(int32(u))), true, nil
		}
		return uint64(u), true, nil
	case 0xcf, 0xd3:
		b, err = r.need(8)
		if err != nil {
			return 0, true, err
		}
		return binary.BigEndian.Uint64(b), true, nil
	}
	return 0, false, nil
}

// rawUint is msgpack/v5's DecodeUint64.
func (r *reader) rawUint() (uint64, error) {
	c, err := r.code()
	if err != nil {
		return 0, err
	}
	v, ok, err := r.number(c)
	if !ok {
		return 0, fmt.Errorf("msgpack: invalid code=%x decoding uint64", c)
	}
	return v, err
}

// rawInt is msgpack/v5's DecodeInt64.
func (r *reader) rawInt() (int64, error) {
	c, err := r.code()
	if err != nil {
		return 0, err
	}
	v, ok, err := r.number(c)
	if !ok {
		return 0, fmt.Errorf("msgpack: invalid code=%x decoding int64", c)
	}
	return int64(v), err
}

// rawBool is msgpack/v5's DecodeBool.
func (r *reader) rawBool() (bool, error) {
	c, err := r.code()
	if err != nil {
		return false, err
	}
	switch c {
	case 0xc0, 0xc2: // nil, false
		return false, nil
	case 0xc3:
		return true, nil
	}
	return false, fmt.Errorf("msgpack: invalid code=%x decoding bool", c)
}

// fits reports whether an array of n values could fit in the bytes left
// (each value takes at least one): only then may n narrow to an int.
func (r *reader) fits(n int64) bool { return n <= int64(len(r.b)-r.i) }

// arrayLen is msgpack/v5's DecodeArrayLen: -1 for nil. The length is an
// int64, not an int, so that an array32's length stays what the bytes say
// on every platform (on a 32-bit one, int(0xffffffff) would be -1, nil's
// length): callers check it against what is left before they narrow it.
func (r *reader) arrayLen() (int64, error) {
	c, err := r.code()
	if err != nil {
		return 0, err
	}
	switch {
	case c >= 0x90 && c <= 0x9f:
		return int64(c & 0x0f), nil
	case c == 0xc0:
		return -1, nil
	case c == 0xdc:
		b, err := r.need(2)
		if err != nil {
			return 0, err
		}
		return int64(binary.BigEndian.Uint16(b)), nil
	case c == 0xdd:
		b, err := r.need(4)
		if err != nil {
			return 0, err
		}
		return int64(binary.BigEndian.Uint32(b)), nil
	}
	return 0, fmt.Errorf("msgpack: invalid code=%x decoding array length", c)
}

// commandName is the wire name of command code code, or "" for none.
func commandName(code uint64) string {
	if code > 255 {
		return ""
	}
	return events.CommandName(events.CommandCode(code))
}

// factName is the wire name of fact code code, or "" for none.
func factName(code uint64) string {
	if code > 255 {
		return ""
	}
	return events.FactName(events.FactCode(code))
}
