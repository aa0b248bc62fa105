package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The real binary ranks the data folder: rogue scores prints the hall of
// fame, and the main menu's h shows it in an 80x24 tmux pane and Esc goes
// back to the menu; a damaged journal is named, not ranked, and no journal
// changes by a byte.
func TestTheHallOfFameInATerminal(t *testing.T) {
	t.Parallel()
	dir, bin := endToEnd(t)
	tm := newTmux(t, dir)
	data := filepath.Join(dir, "data", "rogue")
	require.NoError(t, os.MkdirAll(data, 0o755))
	slain, err := os.ReadFile(goldenJournal("r2-slain"))
	require.NoError(t, err)
	damaged := bytes.Clone(slain)
	damaged[2000] ^= 1
	files := map[string][]byte{"2026-11-24_1945_seed-18.rogue": slain, "2026-11-25_0900_seed-3.rogue": damaged}
	for _, name := range []string{"fireball-self", "starved"} {
		b, err := os.ReadFile(goldenJournal(name))
		require.NoError(t, err)
		files[name+".rogue"] = b
	}
	for name, b := range files {
		require.NoError(t, os.WriteFile(filepath.Join(data, name), b, 0o644))
	}

	c := exec.Command(bin, "scores")
	c.Env = tm.env
	out, err := c.CombinedOutput()
	require.NoError(t, err, "%s", out)
	lines := strings.Split(string(out), "\n")
	require.Greater(t, len(lines), 8, "%s", out)
	assert.Equal(t, "Hall of fame of "+data, lines[0])
	assert.Equal(t, " 1     6     6   3070  2026-11-24 seed 18     slain by an Orc", lines[5])
	assert.Equal(t, " 2     4     2    708  2026-11-23 seed 22     starved to death", lines[6])
	assert.Equal(t, " 3     1     1     34  2026-11-23 seed 1      killed by your own fireball", lines[7])
	assert.Contains(t, string(out), "Not ranked (1):\n2026-11-25_0900_seed-3.rogue: journal "+filepath.Join(data, "2026-11-25_0900_seed-3.rogue")+": turn 208 at byte 1997: damaged journal")

	p := tm.run("menu")
	p.waitFor("Hall of fame")
	p.keys("h")
	screen := p.waitFor("slain by an Orc")
	assert.Contains(t, screen, "3 games; the best first: won, deepest, highest level, alive, fewest turns.")
	assert.Contains(t, screen, "Esc: back to the menu")
	p.keys("Escape")
	p.waitUntil("the menu again", func(s string) bool { return strings.Contains(s, "New game") && !strings.Contains(s, "slain by an Orc") })
	p.keys("q")
	p.exit(0)

	for name, b := range files {
		after, err := os.ReadFile(filepath.Join(data, name))
		require.NoError(t, err)
		assert.Equal(t, b, after, "%s is not changed", name)
	}
}

// rogue scores refuses a command line it cannot run with one line and
// exit 2, and ranks the folder it is given.
func TestScoresTakesAFolderAndTop(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	b, err := os.ReadFile(goldenJournal("starved"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "starved.rogue"), b, 0o644))
	file := filepath.Join(dir, "starved.rogue")
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"a folder is ranked", []string{dir}, 0, " 1     4     2    708  2026-11-23 seed 22     starved to death\n", ""},
		{"--top 0", []string{"--top", "0", dir}, 2, "", "rogue scores: --top must be a number of games (1 or more), got 0\n"},
		{"a file is not a folder", []string{file}, 2, "", "rogue scores: " + file + " is not a folder: name the folder of journals to rank\n"},
		{"two folders", []string{dir, dir}, 2, "", "rogue scores: one folder at a time, got 2\n"},
		{"no such folder", []string{filepath.Join(dir, "none")}, 1, "", "no such file or directory"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := runHere(append([]string{"scores"}, tc.args...)...)
			assert.Equal(t, tc.code, got.Code, got.Stderr)
			if tc.stdout == "" {
				assert.Empty(t, got.Stdout)
			} else {
				assert.Contains(t, got.Stdout, tc.stdout)
			}
			assert.Contains(t, got.Stderr, tc.stderr)
			assert.LessOrEqual(t, strings.Count(got.Stderr, "\n"), 1)
		})
	}
}
