package main

import (
	"bufio"
	"errors"
	"io"

	"rogue/game"
)

// runDump is `rogue dump [--json] FILE`: the journal one turn per line
// (game.Dump), then the note or the error its end calls for.
func runDump(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("dump")
	asJSON := fs.Bool("json", false, "one JSON object per turn")
	path, r, err := openJournalArg(fs, args, stderr)
	if err != nil {
		return err
	}
	defer r.Close()
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	tail, err := game.Dump(w, r, *asJSON)
	var fe *game.DumpFoldError
	if err != nil && !errors.As(err, &fe) {
		return err
	}
	w.Flush()
	if err := tailResult("dump", path, tail, stderr); err != nil {
		return err
	}
	if fe != nil {
		return fail(1, "%s: %v", path, fe)
	}
	return nil
}
