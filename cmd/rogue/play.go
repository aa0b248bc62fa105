package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"rogue/internal/buildinfo"
	"rogue/play"
)

// runPlay is `rogue play` and plain `rogue`: play in the terminal.
//
//	rogue play                  the main menu (continue the unfinished game, or a new one)
//	rogue play --new [--seed N] a new game in the data folder
//	rogue play --journal FILE   continue FILE, or start a new game in it
func runPlay(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("play")
	fresh := fs.Bool("new", false, "start a new game instead of showing the menu")
	seed := fs.Uint64("seed", 0, "the new game's seed (implies --new; default: random)")
	path := fs.String("journal", "", "the journal to continue, or to start a new game in when it does not exist")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError("unexpected argument %q (a journal goes after --journal)", pos[0])
	}
	seedSet := false
	fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
	if seedSet && *seed == 0 {
		return usageError("--seed must be at least 1")
	}
	line, err := play.Run(play.Options{Journal: *path, New: *fresh || seedSet, Seed: *seed, Now: time.Now,
		Version: buildinfo.Line(), OnTerminal: onTerminal})
	if line != "" {
		fmt.Fprintln(stdout, line)
	}
	return err
}
