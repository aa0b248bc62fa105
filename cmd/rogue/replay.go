package main

import (
	"io"
	"time"

	"rogue/internal/buildinfo"
	"rogue/internal/terminal"
	"rogue/play"
)

// runReplay is `rogue replay`: the journal on the game's screen, or its
// summary with --headless (play.Replay, play.ReplaySummary).
func runReplay(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("replay")
	headless := fs.Bool("headless", false, "print a summary and the state digest instead of showing the game")
	to := fs.Int("to", -1, "stop at this turn (turn 0 is the game's beginning, as dump numbers turns)")
	noMouse, palette := fs.Bool("no-mouse", false, "leave the mouse to the terminal: clicks do not seek or pause"), play.PaletteFlag(fs)
	follow := fs.Bool("follow", false, "follow a journal another rogue is writing: show each new turn as it comes, from the newest (or --to TURN), until q")
	path, err := journalArg(fs, args, stderr)
	if err != nil {
		return err
	}
	if *to < -1 {
		return usageError("--to must be a turn number (0 or more), got %d", *to)
	}
	if *follow && *headless {
		return usageError("--follow shows the game as it is written: it goes without --headless")
	}
	if !*headless {
		return play.Replay(path, *to, stdout, stderr, play.Options{Now: time.Now, Version: buildinfo.Line(), OnTerminal: terminal.Run, Follow: *follow, NoMouse: *noMouse, Palette: *palette})
	}
	return play.ReplaySummary(path, *to, stdout, stderr)
}
