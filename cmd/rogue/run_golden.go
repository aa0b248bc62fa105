package main

import (
	"io"

	goldens "rogue/golden"
	"rogue/online"
)

// runGolden is `rogue golden`: a bug report's journal made a golden test
// of a checkout of rogue (golden.Write).
func runGolden(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("golden")
	turnList := fs.String("turns", "", "the turns to show in the golden, as `LIST` (\"812 813\"); by default the turn before the first divergence and the diverging turn, or only the end")
	checkout := fs.String("checkout", "", "the checkout of rogue to write into (`DIR`); by default the one the current folder is in")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if len(pos) < 1 || len(pos) > 2 {
		return usageError("name the journal, and the golden's name if not the journal's: rogue golden FILE [NAME]")
	}
	file, done, err := online.ReportFile(pos[0]) // URL/reports/ID: downloaded
	if err != nil {
		return err
	}
	defer done()
	o := goldens.Options{File: file, Checkout: *checkout}
	if len(pos) == 2 {
		o.Name = pos[1]
	}
	if o.Turns, err = goldens.ParseTurns(*turnList); err != nil {
		return err
	}
	return goldens.Write(o, stdout, stderr)
}
