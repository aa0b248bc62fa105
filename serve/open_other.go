//go:build !unix

package serve

// openNonBlocking is 0 where O_NONBLOCK does not exist.
const openNonBlocking = 0
