package main

import (
	"fmt"
	"io"
	"time"

	"rogue/internal/buildinfo"
	"rogue/internal/cli"
	"rogue/internal/terminal"
	"rogue/online"
	"rogue/play"
)

// runPlay is `rogue play` and plain `rogue` (help/play.txt): play in the
// terminal (play.Run), or on a server (online.PlayOn).
func runPlay(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("play")
	fresh := fs.Bool("new", false, "start a new game instead of showing the menu")
	seed := fs.Uint64("seed", 0, "the new game's seed (implies --new; default: random)")
	path := fs.String("journal", "", "the journal to continue, or to start a new game in when it does not exist")
	from := fs.String("from", "", "take over the game in the journal `FILE` at --turn: a new game goes on from there (the journal is only read)")
	turn := fs.Int("turn", 0, "take over at turn `N` of --from (the state after N turns, as the replay numbers them)")
	noMouse, palette := fs.Bool("no-mouse", false, "leave the mouse to the terminal: clicks do not travel or choose"), play.PaletteFlag(fs)
	onlineURL := fs.String("online", "", "play on the server at `URL` (rogue host): your unfinished game there, or a new one")
	daily := fs.Bool("daily", false, "with --online: today's daily challenge, one game a day for everyone on the day's seed")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if *onlineURL != "" || *daily {
		return online.PlayOn(*onlineURL, *daily, len(pos)+fs.NFlag(), *palette, terminal.Run, stdout)
	}
	if len(pos) > 0 {
		return usageError("unexpected argument %q (a journal goes after --journal)", pos[0])
	}
	o := play.Options{Journal: *path, New: *fresh || cli.Given(fs)["seed"], Seed: *seed, From: *from, Turn: *turn, Now: time.Now,
		Version: buildinfo.Line(), OnTerminal: terminal.Run, NoMouse: *noMouse, Palette: *palette, KeepPalette: true}
	if err := o.Check(cli.Given(fs)); err != nil {
		return err
	}
	line, err := play.Run(o)
	if line != "" {
		fmt.Fprintln(stdout, line)
	}
	return err
}
