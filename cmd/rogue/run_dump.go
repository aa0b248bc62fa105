package main

import (
	"io"

	"rogue/play"
)

// runDump is `rogue dump [--json] FILE`: the journal one turn per line
// (play.Dump).
func runDump(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("dump")
	asJSON := fs.Bool("json", false, "one JSON object per turn")
	path, err := journalArg(fs, args, stderr)
	if err != nil {
		return err
	}
	return play.Dump(path, *asJSON, stdout, stderr)
}
