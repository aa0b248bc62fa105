package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The multi-turn actions, the message history and the stacked inventory
// through the real binary in an 80x24 tmux pane. The games are the
// built-in player's (seed 7, in wizard mode so that it lives), continued
// by hand: at turn 172 the player is hurt with a Goblin to the north; at
// turn 300 it carries two Confusion Scrolls. If the bot or the rules
// change these games, pick new turns with `rogue bot --wizard --seed 7
// --turns N` and `rogue play --journal`.
func TestRestExploreHistoryAndStacksInATerminal(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the end-to-end test runs rogue in a tmux pane")
	}
	if testing.Short() {
		t.Skip("the end-to-end test builds the binary and runs it under tmux")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "rogue")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	tm := newTmux(t, dir)
	botGame := func(turns string) string {
		path := filepath.Join(dir, "seed-7-"+turns+".rogue")
		c := exec.Command(bin, "bot", "--wizard", "--seed", "7", "--turns", turns, "--out", path)
		c.Env = tm.env
		out, err := c.CombinedOutput()
		require.NoError(t, err, "rogue bot: %s", out)
		return path
	}

	hurt := tm.run("hurt", "play", "--journal", botGame("172"))
	screen := hurt.waitFor("Welcome back: turn 172")
	require.Contains(t, screen, "HP ███░░░░░ 3/10", "the bot's game of seed 7 changed: the player is no longer hurt at turn 172")
	hurt.keys("Z")
	hurt.waitFor("Not with the Goblin in view.")
	for i := 0; i < 12 && !strings.Contains(hurt.screen(), "The Goblin dies."); i++ {
		turn := statusTurn(t, hurt.screen())
		hurt.keys("k")
		hurt.waitUntil("the attack is played", func(s string) bool { return statusTurn(t, s) > turn })
	}
	screen = hurt.waitFor("The Goblin dies.")
	before := statusTurn(t, screen)

	hurt.keys("Z")
	screen = hurt.waitFor("You feel rested.")
	assert.Contains(t, screen, "10/10", "rest heals to full")
	rested := statusTurn(t, screen)
	assert.Greater(t, rested, before+1, "resting took several turns")

	hurt.keys("o")
	screen = hurt.waitUntil("exploring stops", func(s string) bool {
		return regexp.MustCompile(`You stop|You see here|explored|nothing left to explore`).MatchString(s)
	})
	assert.Greater(t, statusTurn(t, screen), rested+1, "exploring walked several turns")

	hurt.keys("C-p")
	screen = hurt.waitFor("Messages ")
	assert.Contains(t, screen, "You feel rested.")
	hurt.keys("Home")
	screen = hurt.waitFor("Messages 1-")
	assert.Contains(t, screen, "You enter the dungeon.", "the history goes back to the game's first turn, before this session")
	hurt.keys("Escape")
	hurt.waitUntil("the history closes", func(s string) bool { return !strings.Contains(s, "Messages ") })
	hurt.keys("C-c")
	hurt.waitFor("Save and quit?")
	hurt.keys("y")
	assert.Regexp(t, `^saved turn \d+ to `, hurt.exit(0))

	// The journal holds only ordinary turns, which the rules decide again
	// as recorded.
	verify := exec.Command(bin, "verify", filepath.Join(dir, "seed-7-172.rogue"))
	verify.Env = tm.env
	vout, err := verify.CombinedOutput()
	assert.NoError(t, err, "rogue verify: %s", vout)

	stacked := tm.run("stacked", "play", "--journal", botGame("300"))
	stacked.waitFor("Welcome back: turn 300")
	stacked.keys("i")
	screen = stacked.waitFor("Inventory")
	assert.Contains(t, screen, "a  2 Confusion Scrolls", "two identical items are one stack line")
	stacked.keys("Escape", "Q")
	stacked.exit(0)
}
