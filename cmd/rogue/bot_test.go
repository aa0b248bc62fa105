package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot/balance"
	"rogue/botgames"
	"rogue/events"
	"rogue/journal"
)

// rate matches the one line of the totals that depends on the machine.
var rate = regexp.MustCompile(`(?m)^turns: +(\d+), .*$`)

// Many games in parallel report the same totals however they were
// scheduled: the ones a single game of each seed gives.
func TestBotGamesReportTheSameTotalsEveryRun(t *testing.T) {
	t.Parallel()
	totals := func() (string, string, string) {
		dir := filepath.Join(t.TempDir(), "games")
		var stdout, stderr bytes.Buffer
		code := run([]string{"bot", "--games", "6", "--seed", "3", "--turns", "400", "--out", dir}, &stdout, &stderr)
		require.Equal(t, 0, code, stderr.String())
		assert.Empty(t, stderr.String(), "no terminal: no progress bar, and the run is too short for a progress line")
		out := strings.ReplaceAll(stdout.String(), dir, "DIR")
		return rate.ReplaceAllString(out, "turns: $1"), out, dir
	}
	first, raw, dir := totals()
	second, _, _ := totals()
	assert.Equal(t, first, second)

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"seed-3.rogue", "seed-4.rogue", "seed-5.rogue", "seed-6.rogue", "seed-7.rogue", "seed-8.rogue"}, names)

	// The totals and the report are those of the games played one by one.
	turns, deepest := 0, 0
	var games []balance.Game
	for seed := uint64(3); seed <= 8; seed++ {
		g, err := botgames.PlayGame(seed, botgames.Games{Turns: 400, Rules: events.RulesVersion, Opts: journal.Options{SyncEvery: 256}},
			filepath.Join(t.TempDir(), "one.rogue"), nil)
		require.NoError(t, err)
		turns += g.Turns
		deepest = max(deepest, g.Depth)
		games = append(games, g)
	}
	m := rate.FindStringSubmatch(raw)
	require.NotNil(t, m, raw)
	assert.Equal(t, strconv.Itoa(turns), m[1])
	assert.Contains(t, first, "deepest:  depth "+strconv.Itoa(deepest)+" ")
	report := balance.Report(botgames.Games{Turns: 400, Rules: events.RulesVersion}.Report(), games)
	assert.True(t, strings.HasSuffix(first, "\n"+report), "the report ends the output:\n%s\nwant:\n%s", first, report)
}

func TestBotGamesWithoutADirectoryUseATemporaryOne(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run([]string{"bot", "--games", "2", "--turns", "20"}, &stdout, &stderr), stderr.String())
	m := regexp.MustCompile(`^rogue bot: the journals go to (.+)\n$`).FindStringSubmatch(stderr.String())
	require.NotNil(t, m, stderr.String())
	entries, err := os.ReadDir(m[1])
	require.NoError(t, err)
	assert.Len(t, entries, 2)
	assert.Contains(t, stdout.String(), "journals in "+m[1]+"\n")
}

func TestBotFlagsAreChecked(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"bot", "--games", "0"}, "rogue bot: --games must be at least 1, got 0\n"},
		{[]string{"bot", "--turns", "5"}, "rogue bot: --out FILE is required: the journal to write\n"},
		{[]string{"bot", "--games", "3", "--rules", "0"}, fmt.Sprintf("rogue bot: --rules: rules version 0 is not one this program has (1 to %d)\n", events.RulesVersion)},
		{[]string{"bot", "--games", "3", "--rules", "99"}, fmt.Sprintf("rogue bot: --rules: rules version 99 is not one this program has (1 to %d)\n", events.RulesVersion)},
		{[]string{"bot", "--games", "3", "--player", "expert"}, "rogue bot: --player: no player \"expert\" (the players are strong and newcomer)\n"},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 2, run(c.args, &stdout, &stderr))
		assert.Equal(t, c.want, stderr.String())
	}
}
