package main

import (
	"fmt"
	"io"

	"rogue/journal"
	"rogue/play"
)

// exitDamaged is the exit code of a read command on a damaged journal: it
// read the turns before the damage, not the rest. The others: 0 done (a
// torn tail, the end of an append cut short by a crash, is only a note),
// 1 an error or, for verify, a divergence, 2 a command line that cannot
// be run, 70 an internal error.
const exitDamaged = 3

// damaged is the error of a read command that reached damage in the
// journal at path (play.Damaged: exit 3, and how to salvage it).
var damaged = play.Damaged

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
	return damaged(path, tail)
}
