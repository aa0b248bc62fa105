package journal

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/vmihailenco/msgpack/v5"

	"rogue/events"
	"rogue/events/wire"
)

// Header says which game a journal holds: the versions it was written
// under, the random generator and seed, when and by whom it was started,
// and the options that change how it was played or written.
type Header struct {
	// FormatVersion is the journal's wire format: every turn is written
	// in it. Create writes wire.FormatVersion (0 means that) or an
	// older format it is asked for; OpenAppend continues a journal in its
	// own format.
	FormatVersion int
	// RulesVersion is the rules the game was played under
	// (events.RulesVersion; 0 in Create means that).
	RulesVersion int
	// Algorithm names the PRNG the rules draw from. The journal only
	// stores it (1 to MaxNameLen printable bytes); whether this program
	// knows it is the caller's business.
	Algorithm string
	// Seed seeds the PRNG.
	Seed uint64
	// Created is when the game started, stored in whole seconds, UTC
	// (between 1970 and 9999). The zero time in Create means now.
	Created time.Time
	// Player is the player's name: at most MaxNameLen bytes of printable
	// UTF-8.
	Player string
	// Options are the game options recorded with the journal.
	Options Options
	// Parent names the journal this game was taken over from, and the
	// turn it was taken over at; nil for a game begun from its first turn.
	// It is the header's optional eighth value, in every format.
	Parent *Parent `json:",omitempty"`
}

// Parent is the journal a game was taken over from: the new journal holds
// a copy of the parent's turns 0 to Turn under its own header (so it
// stands alone), then the turns played from there.
type Parent struct {
	// Name is the parent's file name without its folder: 1 to
	// MaxParentNameLen bytes of printable UTF-8, no slash.
	Name string
	// Chain is the parent's chained CRC-32C after its turn Turn (see
	// JOURNAL.md, "A framed record"): which bytes were taken over, so
	// that a file of that name can be told to be the parent or not.
	Chain uint32
	// Turn is the turn taken over at, 0 to MaxTurns-1, numbered as every
	// turn is (turn 0 is the Begin record): the new journal's turns 0 to
	// Turn are the parent's.
	Turn int
}

// MaxParentNameLen is the longest parent file name, in bytes (the longest
// file name most file systems allow).
const MaxParentNameLen = 255

// Options are game options that a replay must know about.
type Options struct {
	// Wizard is a recorded cheat that keeps the player alive, for building
	// long benchmark journals. Its games are not scored.
	Wizard bool
	// SyncEvery makes the writer fsync every SyncEvery turns instead of
	// after every turn (0 or 1). A crash loses the unsynced turns; bots
	// that play thousands of games batch, people do not.
	SyncEvery int
}

// headerLen is the number of elements in a format 1 header array, and
// optionsLen in its options array.
const (
	headerLen  = 7
	optionsLen = 2
	// headerWithParentLen is the length of a header with its optional
	// eighth value, the parent (an array of parentLen values).
	headerWithParentLen = 8
	parentLen           = 3
	// maxCreated is the first second of the year 10000.
	maxCreated = 253402300800
)

// normalized fills in Create's defaults and checks h can be written: the
// current format version, whole seconds in UTC.
func (h Header) normalized() (Header, error) {
	if h.FormatVersion == 0 {
		h.FormatVersion = wire.FormatVersion
	}
	if !wire.KnownFormat(h.FormatVersion) {
		return h, problem(fmt.Sprintf("header: format version %d, but this program writes only 1 to %d", h.FormatVersion, wire.FormatVersion), ErrInvalid)
	}
	if h.RulesVersion == 0 {
		h.RulesVersion = events.RulesVersion
	}
	if h.Created.IsZero() {
		h.Created = time.Now()
	}
	h.Created = time.Unix(h.Created.Unix(), 0).UTC()
	if msg := h.check(); msg != "" {
		return h, problem("header: "+msg, ErrInvalid)
	}
	return h, nil
}

// check returns what is wrong with h's values, or "".
func (h Header) check() string {
	switch {
	case h.FormatVersion < 1 || h.FormatVersion > wire.FormatVersion:
		return fmt.Sprintf("format version %d is not one this program knows", h.FormatVersion)
	case h.RulesVersion < 1 || h.RulesVersion > math.MaxInt32:
		return fmt.Sprintf("rules version %d is out of range", h.RulesVersion)
	case h.Algorithm == "":
		return "PRNG algorithm is empty"
	case h.Options.SyncEvery < 0 || h.Options.SyncEvery > math.MaxInt32:
		return fmt.Sprintf("sync every %d turns is out of range", h.Options.SyncEvery)
	}
	if s := h.Created.Unix(); s < 0 || s >= maxCreated {
		return fmt.Sprintf("created time %d is not between 1970 and 9999", s)
	}
	if msg := checkName(h.Algorithm); msg != "" {
		return "PRNG algorithm " + msg
	}
	if msg := checkName(h.Player); msg != "" {
		return "player name " + msg
	}
	if p := h.Parent; p != nil {
		return p.check()
	}
	return ""
}

// check returns what is wrong with p's values, or "".
func (p Parent) check() string {
	switch {
	case p.Name == "":
		return "parent journal name is empty"
	case len(p.Name) > MaxParentNameLen:
		return fmt.Sprintf("parent journal name is %d bytes, more than %d", len(p.Name), MaxParentNameLen)
	case strings.ContainsRune(p.Name, '/'):
		return fmt.Sprintf("parent journal name %q holds a slash: it is a file name, not a path", p.Name)
	case p.Turn < 0 || p.Turn >= MaxTurns:
		return fmt.Sprintf("parent turn %d is out of range (0 to %d)", p.Turn, MaxTurns-1)
	}
	if msg := checkPrintable(p.Name); msg != "" {
		return "parent journal name " + msg
	}
	return ""
}

// checkName refuses names a terminal should not print: too long, not UTF-8
// or holding control characters (escape sequences).
func checkName(s string) string {
	if len(s) > MaxNameLen {
		return fmt.Sprintf("is %d bytes, more than %d", len(s), MaxNameLen)
	}
	return checkPrintable(s)
}

// checkPrintable refuses text that is not UTF-8 or holds control
// characters.
func checkPrintable(s string) string {
	if !utf8.ValidString(s) {
		return "is not valid UTF-8"
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return fmt.Sprintf("holds the control character %U", r)
		}
	}
	return ""
}

// encodeHeader returns the header payload of h, which must be valid.
func encodeHeader(h Header) ([]byte, error) {
	var buf bytes.Buffer
	e := msgpack.NewEncoder(&buf)
	n := headerLen
	if h.Parent != nil {
		n = headerWithParentLen
	}
	err := firstErr(
		e.EncodeArrayLen(n),
		e.EncodeInt(int64(h.FormatVersion)),
		e.EncodeInt(int64(h.RulesVersion)),
		e.EncodeString(h.Algorithm),
		e.EncodeUint(h.Seed),
		e.EncodeInt(h.Created.Unix()),
		e.EncodeString(h.Player),
		e.EncodeArrayLen(optionsLen),
		e.EncodeBool(h.Options.Wizard),
		e.EncodeUint(uint64(h.Options.SyncEvery)),
	)
	if p := h.Parent; p != nil && err == nil {
		err = firstErr(
			e.EncodeArrayLen(parentLen),
			e.EncodeString(p.Name),
			e.EncodeUint(uint64(p.Chain)),
			e.EncodeUint(uint64(p.Turn)),
		)
	}
	return buf.Bytes(), err
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// decodeHeader reads a header payload. It reads the format version first,
// so that a journal from a newer program says so whatever its header looks
// like; then it checks the payload's shape (wire.CheckShape) and decodes
// it field by field with concrete decoder calls, bounding every string
// before reading it.
func decodeHeader(payload []byte) (Header, error) {
	var h Header
	n, size, ok := arrayHeader(payload)
	if !ok || n < 1 {
		return h, badHeader("it is not a non-empty array")
	}
	d := hdec{d: msgpack.NewDecoder(bytes.NewReader(payload[size:]))}
	v := d.int("format version", 1<<31)
	if d.err != nil {
		return h, d.err
	}
	if v > wire.FormatVersion {
		return h, problem(fmt.Sprintf("format version %d is newer than this program, which reads up to %d: update rogue", v, wire.FormatVersion), ErrFutureFormat)
	}
	if v < 1 {
		return h, badHeader(fmt.Sprintf("format version %d is not valid", v))
	}
	if err := wire.CheckShape(payload, 2); err != nil {
		return h, badHeader(err.Error())
	}
	// Every format so far shares this header, with or without its
	// eighth value (the parent); a later format that changes it adds a
	// case here.
	if n != headerLen && n != headerWithParentLen {
		return h, badHeader(fmt.Sprintf("an array of %d values, format %d has %d (or %d with a parent)", n, v, headerLen, headerWithParentLen))
	}
	h.FormatVersion = int(v)
	h.RulesVersion = int(d.int("rules version", math.MaxInt32))
	h.Algorithm = d.str("PRNG algorithm")
	h.Seed = d.uint("seed")
	h.Created = time.Unix(d.int("created time", math.MaxInt64), 0).UTC()
	h.Player = d.str("player name")
	if d.err == nil {
		if n, err := d.d.DecodeArrayLen(); err != nil || n != optionsLen {
			return h, badHeader(fmt.Sprintf("options are not an array of %d values", optionsLen))
		}
	}
	h.Options.Wizard = d.bool("wizard option")
	h.Options.SyncEvery = int(d.int("sync every option", math.MaxInt32))
	if n == headerWithParentLen && d.present("parent") {
		if n, err := d.d.DecodeArrayLen(); err != nil || n != parentLen {
			return h, badHeader(fmt.Sprintf("parent is not an array of %d values", parentLen))
		}
		p := &Parent{Name: d.strN("parent journal name", MaxParentNameLen)}
		p.Chain = uint32(d.int("parent chain", math.MaxUint32))
		p.Turn = int(d.int("parent turn", MaxTurns-1))
		h.Parent = p
	}
	if d.err != nil {
		return h, d.err
	}
	if msg := h.check(); msg != "" {
		return h, badHeader(msg)
	}
	return h, nil
}

// arrayHeader reads the msgpack array header at the start of b: how many
// values it declares and how many bytes it takes. The count is a uint64,
// not the int msgpack/v5 gives, so that an array32's count stays what the
// bytes say on a 32-bit platform too (where int(0xffffffff) is -1).
func arrayHeader(b []byte) (n uint64, size int, ok bool) {
	switch {
	case len(b) >= 1 && b[0] >= 0x90 && b[0] <= 0x9f:
		return uint64(b[0] & 0x0f), 1, true
	case len(b) >= 3 && b[0] == 0xdc:
		return uint64(binary.BigEndian.Uint16(b[1:])), 3, true
	case len(b) >= 5 && b[0] == 0xdd:
		return uint64(binary.BigEndian.Uint32(b[1:])), 5, true
	}
	return 0, 0, false
}

func badHeader(msg string) error {
	return problem("bad header: "+msg, ErrBadHeader)
}

// hdec decodes header fields; the first error sticks. It refuses nil
// where a value belongs (msgpack/v5 would read nil as zero).
type hdec struct {
	d   *msgpack.Decoder
	err error
}

func (d *hdec) present(what string) bool {
	if d.err != nil {
		return false
	}
	c, err := d.d.PeekCode()
	if err != nil || c == 0xc0 {
		d.err = badHeader(what + " is missing")
		return false
	}
	return true
}

func (d *hdec) fail(what string, err error) {
	d.err = badHeader(fmt.Sprintf("%s: %v", what, err))
}

// int reads a non-negative integer no greater than limit.
func (d *hdec) int(what string, limit int64) int64 {
	if !d.present(what) {
		return 0
	}
	v, err := d.d.DecodeInt64()
	if err != nil {
		d.fail(what, err)
		return 0
	}
	if v < 0 || v > limit {
		d.err = badHeader(fmt.Sprintf("%s %d is out of range", what, v))
		return 0
	}
	return v
}

func (d *hdec) uint(what string) uint64 {
	if !d.present(what) {
		return 0
	}
	c, _ := d.d.PeekCode()
	if c >= 0xe0 || (c >= 0xd0 && c <= 0xd3) {
		// A signed encoding: msgpack/v5 would wrap a negative value.
		v, err := d.d.DecodeInt64()
		if err == nil && v < 0 {
			d.err = badHeader(fmt.Sprintf("%s %d is negative", what, v))
			return 0
		}
		if err != nil {
			d.fail(what, err)
		}
		return uint64(v)
	}
	v, err := d.d.DecodeUint64()
	if err != nil {
		d.fail(what, err)
	}
	return v
}

func (d *hdec) bool(what string) bool {
	if !d.present(what) {
		return false
	}
	v, err := d.d.DecodeBool()
	if err != nil {
		d.fail(what, err)
	}
	return v
}

// str reads a string of at most MaxNameLen bytes, checking the declared
// length before reading any of it.
func (d *hdec) str(what string) string { return d.strN(what, MaxNameLen) }

// strN reads a string of at most limit (up to MaxParentNameLen) bytes.
func (d *hdec) strN(what string, limit int) string {
	if !d.present(what) {
		return ""
	}
	n, err := d.d.DecodeBytesLen()
	if err != nil {
		d.fail(what, err)
		return ""
	}
	if n > limit {
		d.err = badHeader(fmt.Sprintf("%s is %d bytes, more than %d", what, n, limit))
		return ""
	}
	var buf [MaxParentNameLen]byte
	if err := d.d.ReadFull(buf[:n]); err != nil {
		d.fail(what, err)
		return ""
	}
	return string(buf[:n])
}
