package botgames

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"rogue/fame"
)

// Reverify is `rogue reverify DIR`: every journal in dir and the folders
// under it re-simulated under its own rules on workers at once (0: one a
// core; fame.Reverify), within an upload's limits; a line for each that
// diverged or could not be checked, then the count and the rate. Any
// such journal fails it (exit 1).
func Reverify(dir string, workers int, stdout io.Writer) error {
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return fail(1, "%s is not a folder of journals", dir)
	}
	jobs, err := fame.JobsIn(os.DirFS(dir))
	if err != nil {
		return fail(1, "listing %s: %v", dir, err)
	}
	start := time.Now()
	rep := fame.Reverify(jobs, workers, fame.DefaultLimits())
	took := time.Since(start)
	for _, l := range rep.Lines() {
		fmt.Fprintf(stdout, "%s\n", l)
	}
	on := fmt.Sprintf("%d workers", workers)
	if workers == 1 {
		on = "1 worker"
	}
	fmt.Fprintf(stdout, "%s: %d journals in %.1f s on %s: %.0f a second\n", dir, rep.Checked, took.Seconds(), on, float64(rep.Checked)/max(took.Seconds(), 1e-9))
	if len(rep.Diverged)+len(rep.Unchecked) > 0 {
		return fail(1, "%s: %d of %d journals diverged, %d could not be checked", dir, len(rep.Diverged), rep.Checked, len(rep.Unchecked))
	}
	return nil
}
