package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// restoreTerminal puts the terminal back when a screen is open; play sets
// it while it owns the terminal.
var restoreTerminal = func() {}

// writeCrashReport saves a panic's value and stack for a bug report, so
// the user sees one line and the maintainer gets the details.
func writeCrashReport(r any, stack []byte) string {
	dir := os.TempDir()
	name := filepath.Join(dir, fmt.Sprintf("rogue-crash-%s.txt", time.Now().UTC().Format("20060102-150405")))
	body := fmt.Sprintf("rogue internal error: %v\n\n%s", r, stack)
	if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
		return "(could not be saved: " + err.Error() + ")"
	}
	return name
}
