package fame

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
)

// Job is one journal to re-verify: its name in the report, and how to
// read it.
type Job struct {
	Name string
	Open func() (io.ReadCloser, error)
}

// Failure is a journal that did not re-verify: its name, the kind and
// the line.
type Failure struct {
	Name string
	Why  Why
	Line string
}

// Report is what re-verifying many journals found.
type Report struct {
	Checked  int   // journals read
	Verified int   // of them, those whose every turn re-simulated as recorded
	Turns    int64 // the turns re-simulated
	Steps    int64 // the steps they took
	// Diverged are the journals whose rules, as this build has them,
	// decide a turn otherwise than recorded: Brogue's problem, the count
	// to keep at 0. Unchecked are the journals that could not be
	// re-simulated (damaged, unreadable, of rules this build does not
	// have, or over a limit). Both are in the order of their names.
	Diverged  []Failure
	Unchecked []Failure
}

// Reverify re-simulates every job's journal under its own rules, within
// lim, on workers goroutines (at least 1), and reports on them all. The
// report is the same whatever the number of workers.
func Reverify(jobs []Job, workers int, lim Limits) Report {
	// What is kept of each journal: not its state.
	type result struct {
		turns int
		steps int64
		err   error
	}
	results := make([]result, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				v, err := reverifyOne(jobs[i], lim)
				if err == nil {
					results[i].turns, results[i].steps = v.Turns, v.Steps
				}
				results[i].err = err
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	var rep Report
	for i, r := range results {
		rep.Checked++
		if r.err == nil {
			rep.Verified++
			rep.Turns += int64(r.turns)
			rep.Steps += r.steps
			continue
		}
		f := Failure{Name: jobs[i].Name, Why: Unverified, Line: r.err.Error()}
		var ref *Refusal
		if errors.As(r.err, &ref) {
			f.Why = ref.Why
		}
		if f.Why == Diverged {
			rep.Diverged = append(rep.Diverged, f)
		} else {
			rep.Unchecked = append(rep.Unchecked, f)
		}
	}
	byName := func(a, b Failure) int { return cmp.Compare(a.Name, b.Name) }
	slices.SortStableFunc(rep.Diverged, byName)
	slices.SortStableFunc(rep.Unchecked, byName)
	return rep
}

func reverifyOne(j Job, lim Limits) (*Verified, error) {
	f, err := j.Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Verify(f, j.Name, lim)
}

// JobsIn are the journals (*.rogue) in fsys and the folders under it,
// in lexical order, each named by its path in fsys. Snapshot folders
// (*.rogue.snap) are skipped.
func JobsIn(fsys fs.FS) ([]Job, error) {
	var jobs []Job
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != "." && strings.HasSuffix(p, ".snap") {
				return fs.SkipDir
			}
			return nil
		}
		if path.Ext(p) == ".rogue" && d.Type().IsRegular() {
			jobs = append(jobs, Job{Name: p, Open: func() (io.ReadCloser, error) { return fsys.Open(p) }})
		}
		return nil
	})
	return jobs, err
}

// Lines are the report for a person: a line for each journal that
// diverged or could not be checked (its line as rogue verify prints
// it), then the count.
func (r Report) Lines() []string {
	var out []string
	for _, f := range r.Diverged {
		out = append(out, "diverged: "+f.Line)
	}
	for _, f := range r.Unchecked {
		out = append(out, "not checked: "+f.Line)
	}
	return append(out, fmt.Sprintf("checked %d journals: %d verified, %d diverged, %d could not be checked", r.Checked, r.Verified, len(r.Diverged), len(r.Unchecked)),
		fmt.Sprintf("re-simulated %d turns, %d steps", r.Turns, r.Steps))
}
