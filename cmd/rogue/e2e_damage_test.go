package main

import (
	"bytes"
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

// The real binary on damaged journals, in an 80x24 tmux pane: a torn tail
// is cut into a side file that a notice names until dismissed, and the
// exit line names again; damage is refused untouched; the salvaged
// journal plays on; the replay of a damaged journal says so on screen.
func TestDamagedJournalsInATerminal(t *testing.T) {
	t.Parallel()
	dir, bin := endToEnd(t)
	tm := newTmux(t, dir)
	base, recs := damagedBase(t)
	last := recs[len(recs)-1]

	t.Run("a torn tail is kept in a side file the player is shown", func(t *testing.T) {
		torn := bytes.Clone(base[:last.off+3])
		path := writeFile(t, dir, "torn.rogue", torn)
		p := tm.run("torn", "play", "--journal", path)
		screen := p.waitFor("A crash cut this game's last turn short")
		side := path + ".torn-" + itoa(last.off)
		assert.Contains(t, strings.Join(strings.Fields(screen), " "), "torn-", "the notice names the side file")
		p.keys("l") // a game key does not dismiss the notice
		p.waitFor("A crash cut this game's last turn short")
		p.keys("Enter")
		screen = p.waitFor("Turn 398") // 399 whole records: turns 0 to 398
		assert.NotContains(t, screen, "A crash cut")
		p.keys("Q")
		said := p.exit(0)
		assert.Contains(t, said, "its 3 bytes are kept in "+side, "the exit line says it again")
		assert.Regexp(t, regexp.MustCompile(`(?m)^saved turn 398 to `), said)
		after, err := os.ReadFile(path)
		require.NoError(t, err)
		kept, err := os.ReadFile(side)
		require.NoError(t, err)
		assert.Equal(t, torn, append(after, kept...), "the journal and its side file are the file as it was")
	})

	damaged := flip(base, recs[middle].off+recs[middle].prefix+4+recs[middle].plen/2, 2)
	path := writeFile(t, dir, "damaged.rogue", damaged)

	t.Run("damage is refused and the journal left untouched", func(t *testing.T) {
		p := tm.run("damaged", "play", "--journal", path)
		said := p.exit(3)
		assert.Equal(t, 1, strings.Count(said, "\n")+1, "one line: %q", said)
		assert.Contains(t, said, "turn 214 at byte "+itoa(recs[middle].off)+": damaged journal")
		assert.Contains(t, said, "rogue salvage "+path)
		after, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, damaged, after)
	})

	t.Run("the replay of a damaged journal says so on screen", func(t *testing.T) {
		p := tm.run("replay", "replay", "--to", "213", path)
		p.waitFor("DAMAGED after turn 213")
		p.keys("q")
		said := p.exit(3)
		assert.Contains(t, said, "damaged journal")
	})

	t.Run("the salvaged journal plays on", func(t *testing.T) {
		salvage := exec.Command(bin, "salvage", path)
		salvage.Env = tm.env
		msg, err := salvage.CombinedOutput()
		require.NoError(t, err, "%s", msg)
		assert.Contains(t, string(msg), "kept turns 0 to 213")
		salvaged := filepath.Join(dir, "damaged.salvaged.rogue")
		p := tm.run("salvaged", "play", "--journal", salvaged)
		p.waitFor("Welcome back: turn 213")
		p.keys("l", "l")
		p.keys("Q")
		said := p.exit(0)
		assert.Regexp(t, `^saved turn 21[4-5] to `, said)
		verify := exec.Command(bin, "verify", salvaged)
		verify.Env = tm.env
		msg, err = verify.CombinedOutput()
		require.NoError(t, err, "%s", msg)
		assert.Contains(t, string(msg), "verified 21")
		after, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, damaged, after, "salvage never changes the damaged journal")
	})
}

func itoa(n int) string { return strconv.Itoa(n) }
