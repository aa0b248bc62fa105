package main

import (
	"io"

	"rogue/botgames"
)

// runReverify is `rogue reverify [--workers N] DIR`: every journal in DIR
// and the folders under it re-simulated under its own rules
// (botgames.Reverify), within an upload's limits.
func runReverify(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("reverify")
	workers := fs.Int("workers", 0, "re-simulate this many journals at once (0: one a core)")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if *workers < 0 {
		return usageError("--workers must be a number of workers (0: one a core), got %d", *workers)
	}
	if len(pos) != 1 {
		return usageError("name one folder of journals, got %d arguments", len(pos))
	}
	return botgames.Reverify(pos[0], *workers, stdout)
}
