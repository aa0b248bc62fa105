package main

import (
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The real binary in an 80x24 tmux pane: a replay paused at turn 800 is
// taken over with t, a few moves are played in the new game and it is
// quit; the new journal is in the data folder, names its parent, verifies
// and replays to the digest printed on quitting, and the parent is the
// same bytes as before.
func TestTakingOverAReplayPlaysOnInANewJournalThatVerifies(t *testing.T) {
	t.Parallel()
	dir, bin := endToEnd(t)
	tm := newTmux(t, dir)
	parent := filepath.Join(dir, "parent.rogue")
	src, err := os.ReadFile(goldenJournal("long"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(parent, src, 0o644))

	p := tm.run("takeover", "replay", "--to", "800", parent)
	p.waitFor("Turn 800 of 1499")
	p.keys("t")
	p.waitFor("You take over parent.rogue at turn 800")
	screen := p.waitFor("Turn 800 ")
	assert.NotContains(t, screen, "Replay ", "the replay's bar is gone: this is a game")
	p.keys("h", "l", "j", "k", ".") // the moves a wall refuses pass no turn; the wait does
	p.waitUntil("a turn is played", func(s string) bool { return statusTurn(t, s) > 800 })
	p.keys("Q")
	saved := p.exit(0)
	m := regexp.MustCompile(`saved turn (\d+) to (\S+) \(digest ([0-9a-f]{16})\)`).FindStringSubmatch(saved)
	require.NotNil(t, m, "the line printed on quitting: %q", saved)
	child, digest := m[2], m[3]
	assert.Equal(t, filepath.Join(dir, "data", "rogue"), filepath.Dir(child), "the new journal is in the data folder")
	assert.Regexp(t, `_seed-\d+_from-turn-800\.rogue$`, child)

	after, err := os.ReadFile(parent)
	require.NoError(t, err)
	assert.Equal(t, sha256.Sum256(src), sha256.Sum256(after), "the parent is untouched")

	out, err := exec.Command(bin, "verify", child).CombinedOutput()
	require.NoError(t, err, "rogue verify: %s", out)
	last, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	assert.Contains(t, string(out), fmt.Sprintf("verified %d turns", last+1), "turns 0 to the last saved")
	out, err = exec.Command(bin, "replay", "--headless", child).CombinedOutput()
	require.NoError(t, err, "rogue replay --headless: %s", out)
	assert.Contains(t, string(out), "digest:   "+digest)
	assert.Contains(t, string(out), "taken over from parent.rogue at turn 800: its turns 0 to 800 are that game's")
	out, err = exec.Command(bin, "dump", child).CombinedOutput()
	require.NoError(t, err, "rogue dump: %s", out)
	head, _, _ := strings.Cut(string(out), "\n")
	assert.Contains(t, head, `taken over from "parent.rogue" at turn 800`)
}

// rogue play --from FILE --turn N takes over without the replay: the game
// opens at that turn in a new journal, and quitting says where it is.
func TestPlayFromATurnOpensTheGameThere(t *testing.T) {
	t.Parallel()
	dir, _ := endToEnd(t)
	tm := newTmux(t, dir)
	parent := filepath.Join(dir, "parent.rogue")
	src, err := os.ReadFile(goldenJournal("deep"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(parent, src, 0o644))

	p := tm.run("from", "play", "--from", parent, "--turn", "361")
	screen := p.waitFor("You take over parent.rogue at turn 361")
	assert.Equal(t, 361, statusTurn(t, screen))
	assert.Contains(t, screen, "Depth 3")
	p.keys("Q")
	saved := p.exit(0)
	assert.Regexp(t, `^saved turn 361 to .*/data/rogue/\S+_from-turn-361\.rogue \(digest [0-9a-f]{16}\)$`, saved)
	after, err := os.ReadFile(parent)
	require.NoError(t, err)
	assert.Equal(t, src, after, "the parent is untouched")
}
