package journal

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// Kinds of failure. Every error the package returns matches one of these
// with errors.Is (and wraps the underlying os or codec error, if any).
var (
	// ErrNotJournal: the file does not start with the journal magic.
	ErrNotJournal = errors.New("not a rogue journal")
	// ErrEmpty: the file has no bytes at all (for instance a Create that
	// crashed before writing the header).
	ErrEmpty = errors.New("empty file")
	// ErrTruncatedHeader: the file ends inside the magic or the header.
	ErrTruncatedHeader = errors.New("header cut short")
	// ErrBadHeader: the header record fails its checksum, or its payload
	// is malformed or holds values out of range.
	ErrBadHeader = errors.New("bad header")
	// ErrFutureFormat: the journal was written by a newer program.
	ErrFutureFormat = errors.New("journal format newer than this program")
	// ErrTorn: the file ends inside a record (normal after a crash).
	ErrTorn = errors.New("torn record")
	// ErrDamaged: the journal is damaged, not merely torn by a crash:
	// a record fails its checks and is not the end of an append cut short
	// (see Tail).
	ErrDamaged = errors.New("damaged journal")
	// ErrCorrupt: a record fails its length, checksum or decoding checks.
	ErrCorrupt = errors.New("corrupt record")
	// ErrChecksum: a checksum mismatch, reported with ErrCorrupt (or
	// ErrBadHeader). Because checksums chain, a record repeated, reordered
	// or missing gives this error too.
	ErrChecksum = errors.New("checksum does not chain")
	// ErrTooLarge: the journal is over MaxFileSize bytes or MaxTurns turns,
	// or appending would make it so.
	ErrTooLarge = errors.New("journal too large")
	// ErrLocked: another process (or another writer in this one) has the
	// journal open for appending.
	ErrLocked = errors.New("journal in use")
	// ErrBroken: an earlier write or fsync failed; the writer refuses
	// further appends. Reopen the journal with OpenAppend to continue.
	ErrBroken = errors.New("journal writer broken by an earlier failure")
	// ErrClosed: the writer or reader was closed.
	ErrClosed = errors.New("journal closed")
	// ErrInvalid: a header or turn given to a writer cannot be written
	// (a name too long, a turn the decoder would refuse, ...).
	ErrInvalid = errors.New("invalid value")
)

// Error is a failure tied to a journal: it names the file, and where there
// is one, the byte offset and the turn (the record index; the first turn
// after the header is turn 0).
type Error struct {
	Path   string // the file name; "" for a journal in memory
	Offset int64  // byte offset of the record or problem; -1 if none
	Turn   int    // the turn's record index; -1 for the magic, the header or the whole file
	Err    error  // what went wrong
}

func (e *Error) Error() string {
	return where(e.Path, e.Offset, e.Turn) + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// where is the "journal save.jnl: turn 3 at byte 120: " prefix of messages.
func where(path string, offset int64, turn int) string {
	var b strings.Builder
	b.WriteString("journal")
	if path != "" {
		b.WriteString(" ")
		b.WriteString(path)
	}
	switch {
	case turn >= 0 && offset >= 0:
		fmt.Fprintf(&b, ": turn %d at byte %d", turn, offset)
	case turn >= 0:
		fmt.Fprintf(&b, ": turn %d", turn)
	case offset >= 0:
		fmt.Fprintf(&b, ": at byte %d", offset)
	}
	b.WriteString(": ")
	return b.String()
}

// Tail describes the end of a journal that reading had to stop at: a torn
// record, or damage. Every turn before Offset is whole and was returned. A
// *Tail is also the error Reader.Next returns there.
//
// A torn tail is only what a crash during the last append can leave: the
// final record cut short, nothing readable after it (Torn; errors.Is
// matches ErrTorn). Anything else is damage (errors.Is matches ErrDamaged
// and ErrCorrupt, and ErrChecksum for a checksum that does not chain): the
// reader then searches the bytes after the bad record for records that
// verify again (see Mend) and says what it found, so that a person knows
// what a salvage would recover.
type Tail struct {
	Path    string // the file name; "" for a journal in memory
	Offset  int64  // where the good data ends: the first byte of the bad record
	Turn    int    // the record index the bad record would have had
	Dropped int64  // bytes from Offset to the end of the file
	Torn    bool   // true: the end of an append cut short; false: damage
	Err     error  // why, e.g. "torn record: 17 of 42 bytes"
	SavedTo string // set by File.TrimTorn: the side file that keeps the torn bytes

	// What the search past a damaged record found (zero for a torn tail).
	Mend       Mend  // how reading went on past the bad record
	Readable   int   // records after Offset that verify (past every break)
	Continuing int   // of them, the turns that continue the game from Turn with no turn lost
	ResumeAt   int64 // where the first readable record starts; 0 if none
	Breaks     int   // places where the chain breaks, this one included
	Capped     bool  // the search stopped at ScanStop (its work cap, or a read error)
	ScanStop   int64
}

func (t *Tail) Error() string {
	var s string
	if t.Torn {
		s = fmt.Sprintf("%s%v (%d bytes: an append cut short, as a crash leaves it)", where(t.Path, t.Offset, t.Turn), t.Err, t.Dropped)
	} else {
		s = fmt.Sprintf("%sdamaged journal: %v; %s", where(t.Path, t.Offset, t.Turn), t.Err, t.found())
	}
	if t.SavedTo != "" {
		s += "; they are kept in " + t.SavedTo
	}
	return s
}

// found says what follows a damaged record.
func (t *Tail) found() string {
	var s string
	switch {
	case t.Readable == 0 && t.Mend == MendRefused:
		s = "its checksum holds but its payload is refused, and nothing readable follows it"
	case t.Readable == 0:
		s = fmt.Sprintf("none of the %d bytes from there reads as a record", t.Dropped)
	case t.Continuing == 1:
		s = fmt.Sprintf("the %d bytes from there hold %s; turn %d can be salvaged", t.Dropped, records(t.Readable), t.Turn)
	case t.Continuing > 0:
		s = fmt.Sprintf("the %d bytes from there hold %s; turns %d to %d can be salvaged", t.Dropped, records(t.Readable), t.Turn, t.Turn+t.Continuing-1)
	default:
		s = fmt.Sprintf("the %d bytes from there hold %s, from byte %d, but after a lost turn: they cannot be re-verified", t.Dropped, records(t.Readable), t.ResumeAt)
	}
	if t.Breaks > 1 {
		s += fmt.Sprintf(" (the chain breaks %d times)", t.Breaks)
	}
	if t.Capped {
		s += fmt.Sprintf("; the search stopped at byte %d", t.ScanStop)
	}
	return s
}

func records(n int) string {
	if n == 1 {
		return "1 readable record"
	}
	return fmt.Sprintf("%d readable records", n)
}

func (t *Tail) Unwrap() []error {
	if t.Torn {
		return []error{t.Err}
	}
	return []error{t.Err, ErrDamaged}
}

// kinded is an error with its own message that errors.Is matches against
// the kinds it carries (sentinels and causes).
type kinded struct {
	msg   string
	kinds []error
}

func (k *kinded) Error() string   { return k.msg }
func (k *kinded) Unwrap() []error { return k.kinds }

// problem returns an error whose text is msg and that matches kinds.
func problem(msg string, kinds ...error) error {
	return &kinded{msg: msg, kinds: kinds}
}

// osError names path in an error from the os package, without repeating
// the path the os error already holds: "journal x.jnl: open: permission
// denied". errors.Is still sees the underlying errno (fs.ErrPermission...).
func osError(path, op string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &Error{Path: path, Offset: -1, Turn: -1, Err: problem(op+": "+err.Error(), err)}
}
