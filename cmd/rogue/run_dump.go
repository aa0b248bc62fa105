package main

import (
	"io"

	"rogue/internal/buildinfo"
	"rogue/play"
)

// runDump is `rogue dump`: the journal one turn per line (play.Dump), or
// with --morgue the game's morgue, as its death summary (play.PrintMorgue).
func runDump(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("dump")
	asJSON := fs.Bool("json", false, "one JSON object per turn")
	morgue := fs.Bool("morgue", false, "print the game's morgue instead: the death summary, folded from the journal")
	path, err := journalArg(fs, args, stderr)
	if err != nil {
		return err
	}
	if *morgue && *asJSON {
		return usageError("--morgue and --json are two dumps: one at a time")
	}
	if *morgue {
		return play.PrintMorgue(path, buildinfo.Line(), stdout, stderr)
	}
	return play.Dump(path, *asJSON, stdout, stderr)
}
