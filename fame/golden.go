package fame

import (
	"errors"
	"fmt"
	"path"
	"strings"
)

// Golden is a bug report's journal planned as a golden test of a
// checkout (see golden/golden_test.go): the journal's bytes, unchanged,
// become golden/testdata/NAME.rogue, the turns that matter NAME.turns,
// and `go test ./golden -run '^TestGoldenJournals$/^NAME$' -update`
// writes NAME.golden, the state and screen at those turns and at the
// end, the digest and what re-simulation finds.
type Golden struct {
	Name    string
	Journal []byte
	// Turns are the turns to show (turn numbers, as every output gives
	// them): those given, else the turn before the first divergence and
	// the diverging turn; none (only the end) for a journal that
	// verifies.
	Turns []int
	// Diverges is rogue verify's line for a journal whose rules decide a
	// turn otherwise, "" when it verifies: the golden then shows the
	// divergence, and the test that every golden journal verifies fails
	// until the bug is fixed.
	Diverges string
}

// goldenName says whether name may be a golden's, ^[a-z0-9][a-z0-9-]{0,63}$:
// it names files and a subtest that go test -run must match as it is.
// (A regexp of it costs every command 700 allocations at init.)
func goldenName(name string) bool {
	if name == "" || len(name) > 64 || name[0] == '-' {
		return false
	}
	for _, c := range []byte(name) {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// PlanGolden plans the journal b, read from file, as the golden test
// name ("" for file's name without .rogue), showing turns (none: see
// Golden.Turns). A journal that cannot be re-simulated here (not a
// journal, of rules this build does not have, over the upload limits)
// is an error: the golden test could not hold it.
func PlanGolden(b []byte, file, name string, turns []int) (Golden, error) {
	if name == "" {
		name = strings.ToLower(strings.TrimSuffix(path.Base(strings.ReplaceAll(file, "\\", "/")), ".rogue"))
	}
	if !goldenName(name) {
		return Golden{}, fmt.Errorf("golden name %.70q: a golden's name is 1 to 64 lowercase letters, digits and dashes, starting with a letter or digit (name it: rogue golden FILE NAME)", name)
	}
	g := Golden{Name: name, Journal: b, Turns: turns}
	_, err := VerifyBytes(b, file, DefaultLimits())
	var ref *Refusal
	switch {
	case err == nil:
	case errors.As(err, &ref) && ref.Why == Diverged:
		g.Diverges = ref.Line
		if len(g.Turns) == 0 && ref.Turn >= 0 {
			g.Turns = []int{max(ref.Turn-1, 0), ref.Turn}
			if ref.Turn == 0 {
				g.Turns = g.Turns[1:]
			}
		}
	case errors.As(err, &ref) && ref.Why == Damaged:
		// The golden shows the turns before the damage, and the tail.
	default:
		return Golden{}, fmt.Errorf("%s cannot become a golden test: %w", file, err)
	}
	return g, nil
}

// TurnsFile is the text of NAME.turns, "" for none.
func (g Golden) TurnsFile() string {
	if len(g.Turns) == 0 {
		return ""
	}
	var s []string
	for _, t := range g.Turns {
		s = append(s, fmt.Sprint(t))
	}
	return strings.Join(s, " ") + "\n"
}

// RunPattern is the go test -run pattern of the golden's own tests: its
// .golden (TestGoldenJournals) and the log it words, testdata/logs/NAME.log
// (TestTheLogOfEveryGoldenJournalIsWordedAsBefore), which go test
// ./golden holds for every journal under golden/testdata.
func (g Golden) RunPattern() string {
	return "^(TestGoldenJournals|TestTheLogOfEveryGoldenJournalIsWordedAsBefore)$/^" + g.Name + "$"
}
