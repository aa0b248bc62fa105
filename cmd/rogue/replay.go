package main

import (
	"fmt"
	"io"

	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

func runReplay(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("replay")
	headless := fs.Bool("headless", false, "print a summary and the state digest instead of showing the game")
	to := fs.Int("to", -1, "stop at this turn (the state after that many turns)")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	path, err := oneFile(pos, "journal")
	if err != nil {
		return err
	}
	if *to < -1 {
		return usageError("--to must be a turn number (0 or more), got %d", *to)
	}
	if !*headless {
		return replayScreen(path, *to, stderr)
	}
	r, err := journal.Open(path)
	if err != nil {
		return err
	}
	defer r.Close()
	s, tail, err := game.Fold(r, content.Default(), *to, nil)
	if err != nil {
		return err
	}
	if tail != nil && tail.Torn {
		fmt.Fprintf(stderr, "rogue replay: note: %v\n", tail)
	}
	total := -1
	if *to < 0 || s.Turn < *to {
		total = s.Turn
	}
	if *to > s.Turn {
		fmt.Fprintf(stderr, "rogue replay: note: the journal ends at turn %d, before turn %d\n", s.Turn, *to)
	}
	if tail != nil && !tail.Torn {
		fmt.Fprintf(stdout, "DAMAGED at turn %d, byte %d: what follows is the %d turns before it\n", tail.Turn, tail.Offset, s.Turn)
	}
	printSummary(stdout, path, r.Header(), s, total)
	if tail != nil && !tail.Torn {
		return damaged(path, tail)
	}
	return nil
}
