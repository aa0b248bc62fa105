package serve

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// folder is the folder of journals, opened as an os.Root: every name is
// looked up inside it, and a symbolic link that leads out of it (or an
// absolute one) fails to open. At most maxOpen files of it are open at
// once.
type folder struct {
	root  *os.Root
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

func openFolder(dir string) (*folder, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot open the folder %s: %w", dir, err)
	}
	return &folder{root: root, slots: make(chan struct{}, maxOpen)}, nil
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
	file, err := f.root.OpenFile(name, os.O_RDONLY|openFlags, 0)
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
