package main

import (
	"fmt"
	"io"

	"rogue/play"
)

// runSalvage is `rogue salvage FILE [--out NEW]`: a new journal of every
// turn of a damaged one that can be read and re-verified (play.Salvage).
// It never changes FILE.
func runSalvage(args []string, stdout, stderr io.Writer) error {
	flags := newFlags("salvage")
	out := flags.String("out", "", "the new journal to write (default: FILE's name with .salvaged; never overwritten)")
	path, err := journalArg(flags, args, stderr)
	if err != nil {
		return err
	}
	lines, err := play.Salvage(path, *out)
	if err != nil {
		return err
	}
	for _, line := range lines {
		fmt.Fprintln(stdout, line)
	}
	return nil
}
