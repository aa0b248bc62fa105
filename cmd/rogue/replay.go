package main

import (
	"io"
	"time"

	"rogue/internal/buildinfo"
	"rogue/play"
)

// runReplay is `rogue replay`: the journal on the game's screen, or its
// summary with --headless (play.Replay, play.ReplaySummary).
func runReplay(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("replay")
	headless := fs.Bool("headless", false, "print a summary and the state digest instead of showing the game")
	to := fs.Int("to", -1, "stop at this turn (turn 0 is the game's beginning, as dump numbers turns)")
	path, err := journalArg(fs, args, stderr)
	if err != nil {
		return err
	}
	if *to < -1 {
		return usageError("--to must be a turn number (0 or more), got %d", *to)
	}
	if !*headless {
		return play.Replay(path, *to, stdout, stderr, play.Options{Now: time.Now, Version: buildinfo.Line(), OnTerminal: onTerminal})
	}
	return play.ReplaySummary(path, *to, stdout, stderr)
}
