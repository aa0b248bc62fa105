package golden

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"rogue/fame"
	"rogue/internal/cli"
	"rogue/journal"
)

// Options are rogue golden's: the journal's file, the golden's
// name ("" for the file's), the turns to show (none: fame.Golden.Turns)
// and the checkout of rogue to write into ("" for the one the current
// folder is in).
type Options struct {
	File     string
	Name     string
	Turns    []int
	Checkout string
}

// ParseTurns reads rogue golden's --turns: turn numbers parted by
// spaces or commas ("812 813"), in the order given.
func ParseTurns(list string) ([]int, error) {
	var turns []int
	for _, f := range strings.FieldsFunc(list, func(r rune) bool { return r == ' ' || r == ',' }) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return nil, cli.UsageError("--turns: %q is not a turn number", f)
		}
		turns = append(turns, n)
	}
	return turns, nil
}

// Write is `rogue golden`: a bug report's journal made a golden
// test of a checkout of rogue (fame.PlanGolden), its .golden and its log
// (golden/testdata/logs/NAME.log) written and checked by the checkout's
// own go test ./golden. A failure leaves none
// of the files it wrote.
func Write(o Options, stdout, stderr io.Writer) error {
	root := o.Checkout
	if root == "" {
		var err error
		if root, err = findCheckout(); err != nil {
			return err
		}
	} else if !isCheckout(root) {
		return fail(1, "%s is not a checkout of rogue (no go.mod of module rogue with golden/golden_test.go)", root)
	}
	b, err := os.ReadFile(o.File)
	if err != nil {
		return fail(1, "%v", err)
	}
	g, err := fame.PlanGolden(b, o.File, o.Name, o.Turns)
	if err != nil {
		return fail(1, "%v", err)
	}
	dir := filepath.Join(root, "golden", "testdata")
	base := filepath.Join(dir, g.Name)
	log := filepath.Join(dir, "logs", g.Name+".log")
	for _, f := range []string{base + ".rogue", base + ".turns", base + ".golden", log} {
		if _, err := os.Stat(f); err == nil {
			return fail(1, "%s exists already: name the golden otherwise (rogue golden FILE NAME)", f)
		}
	}
	written := []string{base + ".rogue"}
	if err := journal.WriteFileAtomic(base+".rogue", g.Journal); err != nil {
		return fail(1, "%v", err)
	}
	if t := g.TurnsFile(); t != "" {
		written = append(written, base+".turns")
		if err := journal.WriteFileAtomic(base+".turns", []byte(t)); err != nil {
			return undo(written, fail(1, "%v", err))
		}
	}
	written = append(written, base+".golden", log)
	for _, extra := range [][]string{{"-update"}, nil} {
		cmd := exec.Command("go", append([]string{"test", "-count=1", "./golden", "-run", g.RunPattern()}, extra...)...)
		cmd.Dir = root
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			fmt.Fprint(stderr, out.String())
			return undo(written, fail(1, "go test ./golden -run '%s' %s failed (%v): the golden is not written", g.RunPattern(), strings.Join(extra, " "), err))
		}
	}
	fmt.Fprintf(stdout, "wrote %s.rogue, its .golden", base)
	if g.TurnsFile() != "" {
		fmt.Fprintf(stdout, ", .turns (turns %s)", strings.TrimSpace(g.TurnsFile()))
	}
	fmt.Fprintf(stdout, " and its log, %s: go test ./golden holds them\n", log)
	if g.Diverges != "" {
		fmt.Fprintf(stdout, "it diverges, so TestEveryJournalVerifiesUnderItsOwnRulesAndRules1DivergesUnder2 fails until the bug is fixed:\n%s\n", g.Diverges)
	}
	return nil
}

// undo removes the files a failed rogue golden wrote, and returns err.
func undo(files []string, err error) error {
	for _, f := range files {
		if rmErr := os.Remove(f); rmErr != nil && !errors.Is(rmErr, os.ErrNotExist) {
			return fmt.Errorf("%w; and %v", err, rmErr)
		}
	}
	return err
}

// isCheckout is whether dir is a checkout of rogue: its go.mod is module
// rogue's, and it holds the golden tests.
func isCheckout(dir string) bool {
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil || !bytes.HasPrefix(mod, []byte("module rogue\n")) {
		return false
	}
	_, err = os.Stat(filepath.Join(dir, "golden", "golden_test.go"))
	return err == nil
}

// findCheckout is the checkout of rogue the current folder is in.
func findCheckout() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fail(1, "%v", err)
	}
	for {
		if isCheckout(dir) {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fail(1, "not in a checkout of rogue: run rogue golden in one, or name it with --checkout DIR")
		}
		dir = up
	}
}
