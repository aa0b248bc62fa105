package play

import (
	"fmt"
	"io"

	"rogue/internal/cli"
	"rogue/journal"
)

// exitDamaged is the exit code of a read command on a damaged journal: it
// read the turns before the damage, not the rest. The others: 0 done (a
// torn tail, the end of an append cut short by a crash, is only a note),
// 1 an error or, for verify, a divergence, 2 a command line that cannot
// be run, 70 an internal error.
const exitDamaged = 3

// fail is a one-line failure that makes rogue exit with code.
func fail(code int, format string, args ...any) error { return cli.Fail(code, format, args...) }

// usageError is a command line that cannot be run: exit 2.
func usageError(format string, args ...any) error { return fail(2, format, args...) }

// Damaged is the error of a read command that reached damage in the
// journal at path: the one line saying where and what follows it, and how
// to salvage it (exit 3).
func Damaged(path string, tail *journal.Tail) error {
	return fail(exitDamaged, "%v; rogue salvage %s writes a new journal of every turn that can be recovered", tail, path)
}

// tailResult is how a read command ends after reading a journal whose
// reading stopped at tail (nil: the journal ended cleanly): a torn tail is
// a note on stderr, damage is the command's error.
func tailResult(cmd, path string, tail *journal.Tail, stderr io.Writer) error {
	switch {
	case tail == nil:
		return nil
	case tail.Torn:
		fmt.Fprintf(stderr, "rogue %s: note: %v\n", cmd, tail)
		return nil
	}
	return Damaged(path, tail)
}
