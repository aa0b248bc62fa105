//go:build unix && !linux

package serve

import "syscall"

// openFlags keeps opening a FIFO (or a device) in the folder from
// waiting for a writer: it is then refused as not a regular file.
const openFlags = syscall.O_NONBLOCK
