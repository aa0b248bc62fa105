package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"rogue/internal/buildinfo"
	"rogue/internal/terminal"
	"rogue/online"
	"rogue/play"
)

// runPlay is `rogue play` and plain `rogue`: play in the terminal.
//
//	rogue play                  the main menu (continue the unfinished game, or a new one)
//	rogue play --new [--seed N] a new game in the data folder
//	rogue play --journal FILE   continue FILE, or start a new game in it
//	rogue play --from FILE --turn N  a new game going on from turn N of FILE
func runPlay(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("play")
	fresh := fs.Bool("new", false, "start a new game instead of showing the menu")
	seed := fs.Uint64("seed", 0, "the new game's seed (implies --new; default: random)")
	path := fs.String("journal", "", "the journal to continue, or to start a new game in when it does not exist")
	from := fs.String("from", "", "take over the game in the journal `FILE` at --turn: a new game goes on from there (the journal is only read)")
	turn := fs.Int("turn", 0, "take over at turn `N` of --from (the state after N turns, as the replay numbers them)")
	noMouse, palette := fs.Bool("no-mouse", false, "leave the mouse to the terminal: clicks do not travel or choose"), play.PaletteFlag(fs)
	onlineURL := fs.String("online", "", "play on the server at `URL` (rogue host): your unfinished game there, or a new one")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if *onlineURL != "" {
		if len(pos) > 0 || len(args) > 2 {
			return usageError("--online URL goes alone: the server keeps the game and picks its seed")
		}
		return online.PlayOn(*onlineURL, terminal.Run, stdout)
	}
	if len(pos) > 0 {
		return usageError("unexpected argument %q (a journal goes after --journal)", pos[0])
	}
	seedSet, turnSet := false, false
	fs.Visit(func(f *flag.Flag) {
		seedSet = seedSet || f.Name == "seed"
		turnSet = turnSet || f.Name == "turn"
	})
	if seedSet && *seed == 0 {
		return usageError("--seed must be at least 1")
	}
	switch {
	case *from != "" && (*path != "" || *fresh || seedSet):
		return usageError("--from takes over a game with its own seed, in a new journal: it goes with neither --journal, --new nor --seed")
	case *from != "" && !turnSet:
		return usageError("--from needs --turn N: the turn to take over at")
	case *from == "" && turnSet:
		return usageError("--turn goes with --from FILE: the journal to take over")
	case *from != "" && *turn < 1:
		return usageError("--turn must be a turn number, 1 or more, got %d", *turn)
	}
	line, err := play.Run(play.Options{Journal: *path, New: *fresh || seedSet, Seed: *seed, From: *from, Turn: *turn, Now: time.Now,
		Version: buildinfo.Line(), OnTerminal: terminal.Run, NoMouse: *noMouse, Palette: *palette})
	if line != "" {
		fmt.Fprintln(stdout, line)
	}
	return err
}
