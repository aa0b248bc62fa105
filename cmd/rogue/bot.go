package main

import (
	"fmt"
	"io"

	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

func runBot(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("bot")
	seed := fs.Uint64("seed", 1, "the game's seed")
	turns := fs.Int("turns", 1000, "stop after this many turns (or at death)")
	out := fs.String("out", "", "the journal file to write (must not exist)")
	wizard := fs.Bool("wizard", false, "wizard mode, recorded in the journal: the player cannot die")
	syncEvery := fs.Int("sync-every", 256, "fsync the journal every N turns (1: every turn, as a person's game does)")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError("unexpected argument %q", pos[0])
	}
	if *out == "" {
		return usageError("--out FILE is required: the journal to write")
	}
	if *turns < 1 {
		return usageError("--turns must be at least 1, got %d", *turns)
	}
	if *syncEvery < 1 {
		return usageError("--sync-every must be at least 1, got %d", *syncEvery)
	}
	h := game.NewHeader(*seed, "bot", journal.Options{Wizard: *wizard, SyncEvery: *syncEvery})
	f, err := journal.Create(*out, h)
	if err != nil {
		return err
	}
	g, err := game.Start(f.Header(), content.Default(), f)
	if err == nil {
		err = g.PlayBot(*turns)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	s := g.State
	fmt.Fprintf(stdout, "%s\n", summaryLine(s))
	fmt.Fprintf(stdout, "journal: %s (%d turns)\n", *out, s.Turn)
	fmt.Fprintf(stdout, "digest: %s\n", s.Digest())
	return nil
}
