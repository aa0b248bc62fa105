package journal

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Following a journal that another process writes: the Reader reads the
// file as it stood when opened, and Grow lets it read on.

var (
	// ErrGone: the journal followed was deleted, or another file took its
	// name.
	ErrGone = errors.New("journal gone")
	// ErrCut: the journal followed was cut short before the turns already
	// read: it is not the journal they were read from any more.
	ErrCut = errors.New("journal cut short")
)

// Grow makes the Reader see the journal file as it stands now, for
// following a journal another process is writing: when it has grown,
// Next reads on from the last whole record read, reading only the bytes
// after it (a record that was torn may have become whole since). It
// reports whether the file's size changed. A torn end that a game cut
// back (File.TrimTorn) before writing on is no harm: the bytes before
// the end read are unchanged. Damage stays: Next returns it again.
//
// It fails matching ErrGone when the file at the Reader's path was
// deleted or replaced, and ErrCut when it is now shorter than the
// turns read; the Reader is then unchanged. Only a Reader that Open
// opened can grow.
func (r *Reader) Grow() (bool, error) {
	f, ok := r.closer.(*os.File)
	if !ok || r.closed() {
		return false, r.fail(-1, -1, problem("only an open journal file can be followed", ErrClosed))
	}
	open, err := f.Stat()
	if err != nil {
		return false, osError(r.path, "stat", err)
	}
	named, err := os.Stat(r.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, r.fail(-1, -1, problem(fmt.Sprintf("was deleted while it was followed, after turn %d", r.turns-1), ErrGone))
	case err != nil:
		return false, osError(r.path, "stat", err)
	case !os.SameFile(open, named):
		return false, r.fail(-1, -1, problem(fmt.Sprintf("was replaced by another file while it was followed, after turn %d", r.turns-1), ErrGone))
	}
	size := open.Size()
	switch {
	case size < r.end:
		return false, r.fail(-1, -1, problem(fmt.Sprintf("was cut to %d bytes while it was followed, before the end of turn %d at byte %d", size, r.turns-1, r.end), ErrCut))
	case size > MaxFileSize:
		return false, r.fail(-1, -1, problem(fmt.Sprintf("the file is %d bytes, more than the %d this program reads", size, MaxFileSize), ErrTooLarge))
	case size == r.size:
		return false, nil
	}
	r.size, r.w.limit = size, size
	// The window may hold bytes past the end read that have changed
	// since (a torn end cut back and written again): read them anew.
	r.w.data, r.w.base = nil, 0
	if errors.Is(r.err, io.EOF) || r.tail != nil && r.tail.Torn && errors.Is(r.err, ErrTorn) {
		r.err, r.tail = nil, nil
	}
	return true, nil
}
