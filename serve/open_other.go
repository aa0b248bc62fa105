//go:build !unix

package serve

// openFlags is 0 where O_NONBLOCK does not exist.
const openFlags = 0
