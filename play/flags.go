package play

import (
	"math"

	"rogue/internal/cli"
	"rogue/replay"
)

// The checks of rogue play's and rogue export's command lines, which
// cmd/rogue reads into Options and ExportOptions: given names the flags
// given (cli.Given). A line that cannot be run is a usage error (exit 2).

// Check is rogue play's command line checked: a seed of 1 or more, and
// --from with --turn N (N 1 or more) and without a journal or a new game
// (New is --new or --seed).
func (o Options) Check(given map[string]bool) error {
	if given["seed"] && o.Seed == 0 {
		return cli.UsageError("--seed must be at least 1")
	}
	switch {
	case o.From != "" && (o.Journal != "" || o.New):
		return cli.UsageError("--from takes over a game with its own seed, in a new journal: it goes with neither --journal, --new nor --seed")
	case o.From != "" && !given["turn"]:
		return cli.UsageError("--from needs --turn N: the turn to take over at")
	case o.From == "" && given["turn"]:
		return cli.UsageError("--turn goes with --from FILE: the journal to take over")
	case o.From != "" && o.Turn < 1:
		return cli.UsageError("--turn must be a turn number, 1 or more, got %d", o.Turn)
	}
	return nil
}

// Check is rogue export's command line checked: one export, and the
// flags that go with it, within their bounds.
func (o ExportOptions) Check(given map[string]bool) error {
	switch {
	case o.Cast != "" && o.Text != "":
		return cli.UsageError("--asciicast and --text are two exports: one at a time")
	case o.Cast == "" && o.Text == "":
		return cli.UsageError("say what to export: --asciicast OUT.cast or --text OUT.txt")
	case o.Text != "" && (given["from"] || given["to"] || given["speed"] || given["every"]):
		return cli.UsageError("--from, --to, --every and --speed go with --asciicast; --text takes --turn")
	case given["every"] && o.Every < 1:
		return cli.UsageError("--every must be a number of turns (1 or more), got %d", o.Every)
	case o.Cast != "" && given["turn"]:
		return cli.UsageError("--turn goes with --text; an asciicast takes --from and --to")
	case given["turn"] && o.Turn < 0:
		return cli.UsageError("--turn must be a turn number (0 or more), got %d", o.Turn)
	case o.From < 0:
		return cli.UsageError("--from must be a turn number (0 or more), got %d", o.From)
	case given["to"] && o.To < o.From:
		return cli.UsageError("--to (%d) must not be before --from (%d)", o.To, o.From)
	case math.IsNaN(o.Speed) || o.Speed <= 0 || o.Speed > replay.MaxCastSpeed:
		return cli.UsageError("--speed must be more than 0 and at most %d frames a second, got %v", replay.MaxCastSpeed, o.Speed)
	}
	return nil
}
