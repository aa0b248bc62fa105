package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goldenJournal is the path of a journal of the golden corpus.
func goldenJournal(name string) string {
	return filepath.Join("..", "..", "golden", "testdata", name+".rogue")
}

// The real binary in an 80x24 tmux pane: the replay plays, pauses, goes
// to a turn, steps back, opens the inventory, goes to the end and quits,
// and the journal is as it was, with nothing written beside it.
func TestWatchingAReplayInATerminal(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the end-to-end test runs rogue in a tmux pane")
	}
	if testing.Short() {
		t.Skip("the end-to-end test builds the binary and runs it under tmux")
	}
	dir := t.TempDir()
	require.NoError(t, os.Symlink(rogueBinary(t), filepath.Join(dir, "rogue")))
	journalPath := filepath.Join(dir, "long.rogue")
	original, err := os.ReadFile(goldenJournal("long"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(journalPath, original, 0o444))
	tm := newTmux(t, dir)

	p := tm.run("replay", "replay", journalPath)
	p.waitFor("playing, 10 turns/s")
	p.keys("Space")
	p.waitFor("paused, 10 turns/s")
	p.keys("g", "1", "2", "0", "0", "Enter")
	p.waitFor("Turn 1200 of 1499")
	p.keys(",")
	p.waitFor("Turn 1199 of 1499")
	p.keys("i")
	p.waitFor("Inventory")
	p.keys("Escape")
	p.waitUntil("the inventory closes", func(s string) bool { return !strings.Contains(s, "Inventory") })
	p.keys("End")
	p.waitFor("Turn 1499 of 1499")
	p.keys("q")
	assert.Equal(t, "", p.exit(0))

	after, err := os.ReadFile(journalPath)
	require.NoError(t, err)
	assert.Equal(t, original, after, "the journal is untouched")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.NotContains(t, names, "long.rogue.snap", "a replay writes no snapshots")
}
