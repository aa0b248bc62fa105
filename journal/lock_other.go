//go:build !unix

package journal

import "os"

// openNonBlocking is 0 where O_NONBLOCK does not exist.
const openNonBlocking = 0

// lockFile does nothing where flock does not exist: two writers on one
// journal are not prevented there.
func lockFile(f *os.File, path string) error { return nil }

// unlockFile does nothing where lockFile does nothing.
func unlockFile(*os.File) {}
