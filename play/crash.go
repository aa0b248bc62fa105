package play

import (
	"fmt"
	"os"
	"strings"
	"time"
)

// WriteCrashReport saves a panic's value and stack for a bug report, so
// the user sees one line and the maintainer gets the details: in the
// journals' folder (where the bug report's journal is too, and which a
// reboot keeps), else the temporary folder, under a name no other report
// has, headed by version (the line rogue version prints). It returns the
// report's path, or why it could not be saved.
func WriteCrashReport(version string, r any, stack []byte) string {
	dir, err := DataDir()
	if err != nil {
		dir = os.TempDir()
	}
	now := time.Now().UTC()
	f, err := os.CreateTemp(dir, "crash-"+now.Format("2006-01-02_150405")+"-*.txt")
	if err != nil {
		return "(could not be saved: " + err.Error() + ")"
	}
	var b strings.Builder
	fmt.Fprintln(&b, version)
	fmt.Fprintf(&b, "crashed: %s\n", now.Format(time.RFC3339))
	fmt.Fprintf(&b, "command: %s\n", strings.Join(os.Args, " "))
	fmt.Fprintf(&b, "internal error: %v\n\n%s", r, stack)
	_, err = f.WriteString(b.String())
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return f.Name() + " (cut short: " + err.Error() + ")"
	}
	return f.Name()
}
