package play

import (
	"fmt"
	"io"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// Verify is `rogue verify [--rules N] FILE`: the journal at path
// re-simulated under its own rules, or under rules version rules when it
// is not 0, naming the first turn whose facts differ.
func Verify(path string, rules int, stdout, stderr io.Writer) error {
	r, err := journal.Open(path)
	if err != nil {
		return err
	}
	defer r.Close()
	h := r.Header()
	under := h.RulesVersion
	if rules != 0 {
		under = rules
	}
	tables, err := content.ForRules(under)
	if err != nil {
		if rules != 0 {
			return usageError("--rules %d: %v", rules, err)
		}
		// Rules this program does not have: re-simulating under other
		// ones would check nothing.
		return fail(1, "%s: cannot re-simulate: the journal was played under rules version %d, and this program has rules up to version %d: update rogue", path, h.RulesVersion, events.RulesVersion)
	}
	if err := game.CheckPlayable(h); err != nil && rules == 0 {
		return fail(1, "%s: cannot re-simulate: %v", path, err)
	}
	div, checked, tail, err := game.VerifyUnder(r, tables)
	if err != nil {
		return err
	}
	if tail != nil && !tail.Torn {
		fmt.Fprintf(stdout, "%s: DAMAGED at turn %d, byte %d: only the %d turns before it were verified\n", path, tail.Turn, tail.Offset, checked)
		return Damaged(path, tail)
	}
	if err := tailResult("verify", path, tail, stderr); err != nil {
		return err
	}
	if div != nil {
		fmt.Fprint(stdout, div.Report())
		return fail(1, "%s: %s", path, div.Summary())
	}
	if rules != 0 {
		fmt.Fprintf(stdout, "%s: verified %d turns: rules version %d decides every fact the journal recorded\n", path, checked, under)
		return nil
	}
	// The journal's own rules, which this program keeps.
	fmt.Fprintf(stdout, "%s: verified %d turns: rules version %d, the journal's own, decides every fact the journal recorded\n", path, checked, under)
	if h.Parent != nil {
		fmt.Fprintln(stdout, parentNote(path, h, checked))
	}
	return nil
}
