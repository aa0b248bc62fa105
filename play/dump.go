package play

import (
	"bufio"
	"errors"
	"io"

	"rogue/game"
	"rogue/journal"
)

// Dump is `rogue dump [--json] FILE`: the journal at path one turn per
// line (game.Dump), then the note or the error its end calls for.
func Dump(path string, asJSON bool, stdout, stderr io.Writer) error {
	r, err := journal.Open(path)
	if err != nil {
		return err
	}
	defer r.Close()
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	tail, err := game.Dump(w, r, asJSON)
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

// PrintMorgue is `rogue dump --morgue FILE`: the morgue of the journal at
// path (MorgueFile), headed by version, then the note or the error its
// end calls for: a damaged journal's morgue is that of the turns before
// the damage, and the exit says it is damaged.
func PrintMorgue(path, version string, stdout, stderr io.Writer) error {
	text, tail, err := MorgueFile(path, version)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(stdout, text); err != nil {
		return err
	}
	return tailResult("dump", path, tail, stderr)
}
