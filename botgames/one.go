package botgames

import (
	"fmt"
	"io"

	"rogue/bot"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// One is `rogue bot --out FILE`: one game of the built-in player p of at
// most turns turns into a new journal at out with header h, or to the
// standard output when out is "-", then three lines: summary's line for
// the final state, where the journal went, and the state's digest.
func One(h journal.Header, p bot.Player, out string, turns int, stdout, stderr io.Writer, summary func(*reducer.State) string) error {
	// --out -: the journal is written to a temporary file, then to stdout,
	// and what the bot says goes to stderr.
	shown, report, toStdout := out, stdout, func(io.Writer, bool) error { return nil }
	if out == "-" {
		var err error
		if out, toStdout, err = stdoutFile("bot.rogue"); err != nil {
			return err
		}
		shown, report = "the standard output", stderr
	}
	g, snapErr, err := game.RecordPlayer(out, h, content.Default(), p, turns, nil)
	if err != nil {
		toStdout(nil, false)
		return err
	}
	if snapErr != nil && shown == out {
		fmt.Fprintf(stderr, "rogue bot: note: %v\n", snapErr)
	}
	s := g.State
	fmt.Fprintf(report, "%s\n", summary(s))
	fmt.Fprintf(report, "journal: %s (%d turns)\n", shown, s.Turn)
	fmt.Fprintf(report, "digest: %s\n", s.Digest())
	return toStdout(stdout, true)
}
