package main

import (
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// copyCheckout copies the module this test is in, without its git
// metadata and built files, into a temporary folder: a checkout of
// rogue to make goldens in.
func copyCheckout(t *testing.T) string {
	t.Helper()
	src, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	dst := t.TempDir()
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.Name() == ".git" || rel == filepath.Join("web", "dist") || strings.HasSuffix(d.Name(), ".snap") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(filepath.Join(dst, rel))
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
	require.NoError(t, err)
	return dst
}

func TestRogueGoldenMakesAJournalAGoldenTestThatGoTestHolds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the golden tests of a copy of the checkout")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	t.Parallel()
	checkout := copyCheckout(t)
	report := filepath.Join(t.TempDir(), "Bug Report.rogue")
	require.Equal(t, 0, runHere("bot", "--seed", "33", "--turns", "300", "--out", report).Code)
	got := runHere("golden", "--checkout", checkout, "--turns", "120 121", report, "door-bug")
	require.Equal(t, 0, got.Code, got.Stderr)
	base := filepath.Join(checkout, "golden", "testdata", "door-bug")
	log := filepath.Join(checkout, "golden", "testdata", "logs", "door-bug.log")
	assert.Equal(t, "wrote "+base+".rogue, its .golden, .turns (turns 120 121) and its log, "+log+": go test ./golden holds them\n", got.Stdout)
	want, err := os.ReadFile(report)
	require.NoError(t, err)
	journalCopy, err := os.ReadFile(base + ".rogue")
	require.NoError(t, err)
	assert.Equal(t, want, journalCopy, "the journal's bytes, unchanged")
	turns, err := os.ReadFile(base + ".turns")
	require.NoError(t, err)
	assert.Equal(t, "120 121\n", string(turns))
	golden, err := os.ReadFile(base + ".golden")
	require.NoError(t, err)
	assert.Contains(t, string(golden), "== at turn 120 ==")
	assert.Contains(t, string(golden), "decides all 300 turns as recorded")

	played, err := os.ReadFile(log)
	require.NoError(t, err)
	assert.Contains(t, string(played), "log of door-bug.rogue, played again")
	// The whole of the checkout's go test ./golden passes with it, as the
	// line says: every golden journal needs its .golden and its log.
	// -trimpath leaves the copy's folder, new each run, out of the build
	// cache's keys, so that a second run of this test compiles nothing.
	whole := exec.Command("go", "test", "-trimpath", "-count=1", "./golden")
	whole.Dir = checkout
	out, err := whole.CombinedOutput()
	require.NoError(t, err, "go test ./golden in the checkout:\n%s", out)

	// The golden holds the journal: a changed golden fails go test.
	require.NoError(t, os.WriteFile(base+".golden", []byte(strings.Replace(string(golden), "turn 121", "turn 122", 1)), 0o644))
	test := exec.Command("go", "test", "-trimpath", "-count=1", "./golden", "-run", "^TestGoldenJournals$/^door-bug$")
	test.Dir = checkout
	out, err = test.CombinedOutput()
	assert.Error(t, err, "go test ./golden fails on a changed golden:\n%s", out)
	assert.Contains(t, string(out), "door-bug.golden differs")

	again := runHere("golden", "--checkout", checkout, report, "door-bug")
	assert.Equal(t, 1, again.Code)
	assert.Equal(t, "rogue golden: "+base+".rogue exists already: name the golden otherwise (rogue golden FILE NAME)\n", again.Stderr)
	bad := runHere("golden", "--checkout", checkout, report)
	assert.Equal(t, 1, bad.Code)
	assert.Contains(t, bad.Stderr, `rogue golden: golden name "bug report": a golden's name is`, "the file's name, lower-cased, is no golden's name")
}
