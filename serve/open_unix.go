//go:build unix

package serve

import "syscall"

// openNonBlocking keeps opening a FIFO (or a device) in the folder from
// waiting for a writer: it is then refused as not a regular file.
const openNonBlocking = syscall.O_NONBLOCK
