package main

import (
	"fmt"
	"io"
	"os"

	"github.com/gdamore/tcell/v2"

	"rogue/game"
	"rogue/journal"
	"rogue/play"
	"rogue/reducer/content"
	"rogue/replay"
	"rogue/view"
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
	play.PrintSummary(stdout, path, r.Header(), s, total)
	if tail != nil && !tail.Torn {
		return damaged(path, tail)
	}
	return nil
}

// replayScreen is `rogue replay FILE`: the journal played back on the
// game's own screen, from its first turn, or paused at turn to (when to
// >= 0). It opens the journal read-only and never writes anything.
func replayScreen(path string, to int, stderr io.Writer) error {
	f, err := replay.Open(path, content.Default())
	if err != nil {
		return err
	}
	defer f.Close()
	if d := f.Damage(); d != nil && f.Total() == 0 {
		return damaged(path, d)
	}
	if f.Total() == 0 {
		return fail(1, "%s holds no turns: there is nothing to replay", path)
	}
	start, paused := 1, false
	if to >= 0 {
		start, paused = to, true
	}
	c := view.NewReplayControl(f.Total(), start, paused)
	if d := f.Damage(); d != nil {
		c.Warning = fmt.Sprintf("DAMAGED after turn %d", f.Total())
	}
	r := replay.NewReplayer(f, c, replay.RealClock{})
	if err := r.Show(c.Turn()); err != nil {
		return err
	}
	err = onTerminal(func(s tcell.Screen) error {
		return r.Run(s, view.NewScreen(s, os.Getenv("NO_COLOR") != ""))
	})
	for _, n := range f.Notes() {
		fmt.Fprintf(stderr, "rogue replay: %s\n", n)
	}
	if to > f.Total() {
		fmt.Fprintf(stderr, "rogue replay: note: the journal ends at turn %d, before turn %d\n", f.Total(), to)
	}
	if d := f.Damage(); d != nil && err == nil {
		return damaged(path, d)
	}
	return err
}
