package main

import (
	"fmt"
	"io"

	"rogue/internal/buildinfo"
)

// runVersion is rogue version: the line a bug report quotes.
func runVersion(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("version")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError("unexpected argument %q", pos[0])
	}
	fmt.Fprintln(stdout, buildinfo.Line())
	return nil
}
