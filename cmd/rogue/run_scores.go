package main

import (
	"io"
	"strings"

	"rogue/play"
)

// runScores is `rogue scores [--top N] [DIR]`: the hall of fame of the
// journals in the data folder (or DIR), best first (play.PrintScores).
func runScores(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("scores")
	top := fs.Int("top", play.DefaultTop, "how many of the best games to list")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if *top < 1 {
		return usageError("--top must be a number of games (1 or more), got %d", *top)
	}
	if len(pos) > 1 {
		return usageError("one folder at a time, got %d", len(pos))
	}
	return play.PrintScores(strings.Join(pos, ""), *top, stdout)
}
