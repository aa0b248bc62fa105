package main

import (
	"fmt"
	"io"

	"rogue/events"
	"rogue/game"
	"rogue/reducer/content"
)

func runVerify(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("verify")
	path, r, err := openJournalArg(fs, args, stderr)
	if err != nil {
		return err
	}
	defer r.Close()
	h := r.Header()
	if h.RulesVersion > events.RulesVersion {
		// Rules this program does not have: re-simulating under older
		// ones would check nothing.
		return fail(1, "%s: cannot re-simulate: the journal was played under rules version %d, and this program has version %d: update rogue", path, h.RulesVersion, events.RulesVersion)
	}
	if err := game.CheckPlayable(h); err != nil && h.RulesVersion == events.RulesVersion {
		return fail(1, "%s: cannot re-simulate: %v", path, err)
	}
	div, checked, tail, err := game.Verify(r, content.Default())
	if err != nil {
		return err
	}
	if tail != nil && !tail.Torn {
		fmt.Fprintf(stdout, "%s: DAMAGED at turn %d, byte %d: only the %d turns before it were verified\n", path, tail.Turn, tail.Offset, checked)
		return damaged(path, tail)
	}
	if err := tailResult("verify", path, tail, stderr); err != nil {
		return err
	}
	if div != nil {
		fmt.Fprint(stdout, div.Report())
		return fail(1, "%s: %s", path, div.Summary())
	}
	fmt.Fprintf(stdout, "%s: verified %d turns: the current rules decide every fact the journal recorded\n", path, checked)
	return nil
}
