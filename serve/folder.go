package serve

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"time"
)

// folder is the folder of journals, opened as an os.Root: every name is
// looked up inside it, and a symbolic link that leads out of it (or an
// absolute one) fails to open. At most maxOpen files of it are open at
// once. A folder that may not exist yet (the data folder before the
// first game) is opened once it does, and is empty until then.
type folder struct {
	dir   string
	mu    sync.Mutex
	r     *os.Root // nil until the folder exists
	slots chan struct{}
}

// maxOpen is how many files of the folder are open at once, at most (the
// list and the journals served together); a request that finds none free
// within openWait is answered 503.
const (
	maxOpen  = 32
	openWait = 5 * time.Second
)

// errBusy is open's error when no file may be opened now.
var errBusy = errors.New("too many journals open at once: try again")

// errNotJournal is open's error for what is not a regular file.
var errNotJournal = errors.New("not a regular file")

// openFolder opens dir; one that does not exist is opened later when
// mayNotExist, an error otherwise.
func openFolder(dir string, mayNotExist bool) (*folder, error) {
	f := &folder{dir: dir, slots: make(chan struct{}, maxOpen)}
	r, err := os.OpenRoot(dir)
	switch {
	case err == nil:
		f.r = r
	case mayNotExist && errors.Is(err, fs.ErrNotExist):
	default:
		return nil, fmt.Errorf("cannot open the folder %s: %w", dir, err)
	}
	return f, nil
}

// root is the folder's os.Root, or nil while the folder does not exist.
func (f *folder) root() *os.Root {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.r == nil {
		if r, err := os.OpenRoot(f.dir); err == nil {
			f.r = r
		}
	}
	return f.r
}

// Close closes the folder's os.Root, if it was opened.
func (f *folder) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.r == nil {
		return nil
	}
	return f.r.Close()
}

// open opens the regular file name of the folder for reading, without
// blocking on a FIFO or a device, once a slot is free; release the slot
// with close. It fails with errBusy when none is free in time.
func (f *folder) open(ctx context.Context, name string) (*os.File, fs.FileInfo, error) {
	t := time.NewTimer(openWait)
	defer t.Stop()
	select {
	case f.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	case <-t.C:
		return nil, nil, errBusy
	}
	root := f.root()
	if root == nil {
		<-f.slots
		return nil, nil, fs.ErrNotExist
	}
	file, err := root.OpenFile(name, os.O_RDONLY|openFlags, 0)
	if err != nil {
		<-f.slots
		return nil, nil, err
	}
	info, err := file.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = errNotJournal
	}
	if err != nil {
		file.Close()
		<-f.slots
		return nil, nil, err
	}
	return file, info, nil
}

// close closes a file open returned and frees its slot.
func (f *folder) close(file *os.File) {
	file.Close()
	<-f.slots
}
