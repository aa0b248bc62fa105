package main

import (
	"io"

	"rogue/play"
)

// runVerify is `rogue verify [--rules N] FILE`: the journal re-simulated
// under its own rules, or rules N (play.Verify).
func runVerify(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("verify")
	rules := fs.Int("rules", 0, "re-simulate under this rules version instead of the journal's own (1 to the newest)")
	path, err := journalArg(fs, args, stderr)
	if err != nil {
		return err
	}
	return play.Verify(path, *rules, stdout, stderr)
}
