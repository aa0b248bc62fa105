//go:build unix

package journal

import (
	"errors"
	"os"
	"syscall"
)

// openNonBlocking is added to the flags of every open of an existing
// journal, so that a named pipe or a device given as a journal opens at
// once (to be refused as not a regular file) instead of waiting forever
// for a writer. Reads and writes of a regular file ignore it.
const openNonBlocking = syscall.O_NONBLOCK

// lockFile takes an exclusive, non-blocking flock on f, the journal at
// path. The lock lasts until f is closed. flock locks belong to the open
// file, so a second writer fails even inside the same process.
func lockFile(f *os.File, path string) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return &Error{Path: path, Offset: -1, Turn: -1, Err: problem("in use by another rogue process", ErrLocked, err)}
		default:
			return osError(path, "lock", err)
		}
	}
}

// unlockFile releases f's lock before f is closed. Closing would release
// it too, but only once every descriptor of the open file is closed, and a
// process this one starts holds a copy from its fork to its exec: for
// that instant the journal would stay locked after its game closed it.
func unlockFile(f *os.File) {
	for errors.Is(syscall.Flock(int(f.Fd()), syscall.LOCK_UN), syscall.EINTR) {
	}
}
