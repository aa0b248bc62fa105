package serve

import "syscall"

// openFlags keeps opening a FIFO (or a device) in the folder from
// waiting for a writer (it is then refused as not a regular file), and
// opens a journal over 2 GiB on 32 bits too (os.Root does not add
// O_LARGEFILE as os.Open does).
const openFlags = syscall.O_NONBLOCK | syscall.O_LARGEFILE
