package main

import (
	"io"
	"os"

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
	var dir string
	switch len(pos) {
	case 0:
		if dir, err = play.DataDir(); err != nil {
			return err
		}
	case 1:
		dir = pos[0]
		info, err := os.Stat(dir)
		if err != nil {
			return fail(1, "%v", err)
		}
		if !info.IsDir() {
			return usageError("%s is not a folder: name the folder of journals to rank", dir)
		}
	default:
		return usageError("one folder at a time, got %d", len(pos))
	}
	return play.PrintScores(dir, *top, stdout)
}
