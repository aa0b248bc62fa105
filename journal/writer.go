package journal

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"rogue/events"
)

// File is a journal file open for appending. It holds an exclusive lock on
// the file until Close, so that two games never write one journal. It is
// not safe for concurrent use.
type File struct {
	rec       recorder
	f         handle
	syncEvery int
	unsynced  int   // turns written since the last fsync
	err       error // sticky: the writer is broken or closed
	// torn is the torn tail OpenAppend left in place, and tornBytes its
	// bytes, until TrimTorn cuts it; Append refuses meanwhile.
	torn      *Tail
	tornBytes []byte
}

// handle is the part of *os.File a File writes through (tests put a
// failing one in its place).
type handle interface {
	WriteAt(p []byte, off int64) (int, error)
	Truncate(size int64) error
	Sync() error
	Close() error
}

var _ Writer = (*File)(nil)

// Create creates a new journal file at path holding the header h, fsyncs
// it and its directory, and returns it locked and ready to append turn 0.
// Zero versions and a zero Created are filled in (see Header), and Created
// is kept in whole seconds, UTC: File.Header returns what was written. It
// never overwrites: if path exists, it fails with an error matching
// fs.ErrExist.
func Create(path string, h Header) (*File, error) {
	h, head, crc, err := start(path, h)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			what := "already exists, and a journal is never overwritten"
			if fi, serr := os.Stat(path); serr == nil && fi.IsDir() {
				what = "is a directory"
			}
			return nil, &Error{Path: path, Offset: -1, Turn: -1, Err: problem(what, err)}
		}
		return nil, osError(path, "create", err)
	}
	fail := func(err error) (*File, error) {
		f.Close()
		os.Remove(path) // O_EXCL made it ours
		return nil, err
	}
	if err := lockFile(f, path); err != nil {
		return fail(err)
	}
	if _, err := f.WriteAt(head, 0); err != nil {
		return fail(osError(path, "write", err))
	}
	if err := f.Sync(); err != nil {
		return fail(osError(path, "fsync", err))
	}
	if err := syncDir(filepath.Dir(path)); err != nil {
		return fail(osError(path, "fsync directory", err))
	}
	return newFile(f, newRecorder(path, h, int64(len(head)), 0, crc)), nil
}

func newFile(f handle, rec recorder) *File {
	return &File{rec: rec, f: f, syncEvery: max(rec.h.Options.SyncEvery, 1)}
}

// OpenAppend reopens the journal file at path to continue it. It locks the
// file, reads and checks all of it, and positions after the last whole
// turn with the checksum chain restored. It changes no byte of the file.
//
// A torn tail after that turn (the end of an append cut short by a crash,
// see Tail) is returned as a *Tail (nil if there is none) and left in
// place: the caller decides whether to continue the journal, then calls
// TrimTorn, which keeps the torn bytes in a side file before cutting them.
// Appending refuses until then. Any other damage fails with the *Tail as
// the error (errors.Is matches ErrDamaged), the file untouched: only a
// salvage into a new file can go on from there.
//
// To rebuild the game state, read the journal with Open after OpenAppend
// returns: the lock keeps it as it is.
func OpenAppend(path string) (*File, *Tail, error) {
	return OpenAppendAfter(path, nil)
}

// OpenAppendAfter is OpenAppend for a long journal: it takes the records
// up to the first of after that belongs to the journal as they are (a
// snapshot's Position, say: each is checked in constant time, see
// Position) and checks only the records after it, so that continuing a
// game of a million turns costs what continuing one of a thousand does.
// With none that belongs it checks every record, as OpenAppend does. The
// records it takes as they are were checked when they were written and
// when the position was taken; any Reader checks them again.
func OpenAppendAfter(path string, after []Position) (*File, *Tail, error) {
	f, err := os.OpenFile(path, os.O_RDWR|openNonBlocking, 0)
	if err != nil {
		return nil, nil, osError(path, "open", err)
	}
	file, tail, err := openAppend(f, path, after)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return file, tail, nil
}

func openAppend(f *os.File, path string, after []Position) (*File, *Tail, error) {
	if err := lockFile(f, path); err != nil {
		return nil, nil, err
	}
	size, err := regularSize(f, path)
	if err != nil {
		return nil, nil, err
	}
	r, err := newReader(window{ra: f}, size, path)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range after {
		if r.Seek(p) == nil {
			break
		}
	}
	r.ReuseFacts()
	var t events.Turn
	for err == nil {
		err = r.Next(&t)
	}
	tail := r.Tail()
	if err != io.EOF && tail == nil {
		return nil, nil, err
	}
	file := newFile(f, newRecorder(path, r.Header(), r.End(), r.Turns(), r.Chain()))
	if tail != nil {
		if !tail.Torn {
			return nil, nil, tail
		}
		// At most one record: kept in memory until TrimTorn writes it out.
		file.tornBytes = make([]byte, tail.Dropped)
		if _, err := f.ReadAt(file.tornBytes, tail.Offset); err != nil {
			return nil, nil, osError(path, "read", err)
		}
		file.torn = tail
	}
	return file, tail, nil
}

// TrimTorn cuts the torn tail OpenAppend found, so that the journal takes
// turns again; with none it does nothing and returns "". It first writes
// the torn bytes to a new side file beside the journal, PATH.torn-OFFSET
// (with -2, -3... added if that name is taken: nothing is overwritten),
// fsynced, so that the journal's bytes followed by the side file's are
// exactly the file as it was. It returns the side file's name and sets the
// Tail's SavedTo.
func (f *File) TrimTorn() (string, error) {
	if f.err != nil {
		return "", f.err
	}
	t := f.torn
	if t == nil {
		return "", nil
	}
	side, err := writeSideFile(fmt.Sprintf("%s.torn-%d", f.rec.path, t.Offset), f.tornBytes)
	if err != nil {
		return "", &Error{Path: f.rec.path, Offset: t.Offset, Turn: t.Turn,
			Err: problem(fmt.Sprintf("cannot keep the torn tail before cutting it, so it is not cut: %v", err), err)}
	}
	if err := f.f.Truncate(t.Offset); err != nil {
		return "", f.broke("truncate", "the torn tail is kept in "+side, err)
	}
	if err := f.f.Sync(); err != nil {
		return "", f.broke("fsync", "the torn tail is kept in "+side, err)
	}
	t.SavedTo, f.torn, f.tornBytes = side, nil, nil
	return side, nil
}

// writeSideFile writes data to a new file named name, or name-2, name-3...
// whichever does not exist yet, fsyncs it and its directory, and returns
// the name used.
func writeSideFile(name string, data []byte) (string, error) {
	for n := 1; n <= 100; n++ {
		path := name
		if n > 1 {
			path = fmt.Sprintf("%s-%d", name, n)
		}
		w, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		if _, err := w.Write(data); err != nil {
			w.Close()
			os.Remove(path)
			return "", err
		}
		if err := w.Sync(); err != nil {
			w.Close()
			os.Remove(path)
			return "", err
		}
		if err := w.Close(); err != nil {
			os.Remove(path)
			return "", err
		}
		return path, syncDir(filepath.Dir(path))
	}
	return "", fmt.Errorf("%s and 99 more names like it exist already", name)
}

// Torn is the torn tail OpenAppend found and TrimTorn has not cut yet, or
// nil.
func (f *File) Torn() *Tail { return f.torn }

// Header returns the journal's header.
func (f *File) Header() Header { return f.rec.h }

// Turns is how many turns the journal holds.
func (f *File) Turns() int { return f.rec.turns }

// Size is the journal's size in bytes.
func (f *File) Size() int64 { return f.rec.size }

// Chain is the chained crc of the last record written (see Reader.Chain).
func (f *File) Chain() uint32 { return f.rec.chain }

// Append writes t as the next turn, in one write call, and fsyncs it (or
// every Options.SyncEvery turns). A turn that cannot be written (see
// ErrInvalid, ErrTooLarge) is refused and the writer stays usable. A
// failed write or fsync is returned and breaks the writer: every later
// call returns that error (matching ErrBroken); a partly written record is
// truncated away (best effort; a reader would drop it as torn anyway).
func (f *File) Append(t *events.Turn) error {
	if f.err != nil {
		return f.err
	}
	if f.torn != nil {
		return &Error{Path: f.rec.path, Offset: f.torn.Offset, Turn: f.rec.turns,
			Err: problem("the journal ends with a torn record: TrimTorn must keep and cut it before a turn is appended", ErrInvalid)}
	}
	rec, crc, err := f.rec.record(t)
	if err != nil {
		return err
	}
	if _, err := f.f.WriteAt(rec, f.rec.size); err != nil {
		f.f.Truncate(f.rec.size) // best effort: drop a partial record
		return f.broke("write", fmt.Sprintf("turn %d was not written", f.rec.turns), err)
	}
	f.rec.commit(len(rec), crc)
	f.unsynced++
	if f.unsynced >= f.syncEvery {
		return f.Sync()
	}
	return nil
}

// Sync fsyncs the turns appended since the last fsync.
func (f *File) Sync() error {
	if f.err != nil {
		return f.err
	}
	if f.unsynced == 0 {
		return nil
	}
	if err := f.f.Sync(); err != nil {
		return f.broke("fsync", fmt.Sprintf("the last %d turns may not be on disk", f.unsynced), err)
	}
	f.unsynced = 0
	return nil
}

func (f *File) broke(op, lost string, err error) error {
	f.err = &Error{Path: f.rec.path, Offset: f.rec.size, Turn: f.rec.turns,
		Err: problem(fmt.Sprintf("%s failed (%v): %s; the journal takes no more turns until reopened", op, err, lost), ErrBroken, err)}
	return f.err
}

// Close syncs the journal, releases its lock and closes it. It returns the
// writer's error if an earlier write or fsync failed (so that a caller who
// missed it still hears of it). Later calls return ErrClosed.
func (f *File) Close() error {
	if f.f == nil {
		return f.err
	}
	err := f.Sync()
	if of, ok := f.f.(*os.File); ok {
		unlockFile(of)
	}
	if cerr := f.f.Close(); err == nil && cerr != nil {
		err = osError(f.rec.path, "close", cerr)
	}
	f.f = nil
	f.err = &Error{Path: f.rec.path, Offset: -1, Turn: -1, Err: problem("journal closed", ErrClosed)}
	return err
}
