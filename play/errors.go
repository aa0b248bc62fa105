package play

import (
	"fmt"

	"rogue/journal"
)

// exitDamaged is the exit code for a damaged journal, the same as
// rogue's other commands give.
const exitDamaged = 3

// exitError is a failure and the exit code rogue ends with on it.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// ExitCode is the exit code rogue ends with on this failure.
func (e *exitError) ExitCode() int { return e.code }

func fail(code int, format string, args ...any) error {
	return &exitError{code: code, msg: fmt.Sprintf(format, args...)}
}

// usageError is a command line that cannot be run: exit 2.
func usageError(format string, args ...any) error { return fail(2, format, args...) }

// Damaged is the error of a read command that reached damage in the
// journal at path: the one line saying where and what follows it, and how
// to salvage it (exit 3).
func Damaged(path string, tail *journal.Tail) error {
	return fail(exitDamaged, "%v; rogue salvage %s writes a new journal of every turn that can be recovered", tail, path)
}
