package botgames

import (
	"io"

	"rogue/game"
	"rogue/internal/cli"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Bot is `rogue bot` once its flags are read: run.Games games of run's
// player from seed run.First, each of at most run.Turns turns, into out:
// one game into the journal file out (or the standard output, "-"), then
// summary's line for its final state, where it went and its digest;
// several into the directory out (see Run), their progress a bar when
// terminal says stderr is one. A value no game can be played with is a
// usage error naming its flag.
func Bot(run Games, out string, stdout, stderr io.Writer, terminal bool, summary func(*reducer.State) string) error {
	switch {
	case run.Games < 1:
		return cli.UsageError("--games must be at least 1, got %d", run.Games)
	case out == "" && run.Games == 1:
		return cli.UsageError("--out FILE is required: the journal to write")
	case run.Turns < 1:
		return cli.UsageError("--turns must be at least 1, got %d", run.Turns)
	case run.Opts.SyncEvery < 1:
		return cli.UsageError("--sync-every must be at least 1, got %d", run.Opts.SyncEvery)
	}
	if _, err := content.ForRules(run.Rules); err != nil {
		return cli.UsageError("--rules: %v", err)
	}
	p, err := NewPlayer(run.Player)
	if err != nil {
		return cli.UsageError("--player: %v", err)
	}
	if run.Games > 1 {
		if out == "-" {
			return cli.UsageError("--out - is one journal: with --games, --out names a directory")
		}
		return Run(run, out, stdout, stderr, terminal)
	}
	h, err := game.NewHeaderRules(run.First, "bot", run.Opts, run.Rules)
	if err != nil {
		return cli.UsageError("--rules: %v", err)
	}
	return One(h, p, out, run.Turns, stdout, stderr, summary)
}
