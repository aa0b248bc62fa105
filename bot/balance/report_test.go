package balance

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden reports under testdata")

// golden compares got with testdata/name, which -update rewrites.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "go test ./bot/balance -update writes it")
	assert.Equal(t, string(want), got, "%s (go test ./bot/balance -update rewrites it)", path)
}

// six is a small fixed set of games: three deaths, a victory, two at
// the cap, on a dungeon whose goal is on depth 6.
var six = []Game{
	{Seed: 7, Turns: 400, Depth: 1, Level: 1, Died: true, Cause: "slain by a Goblin",
		Depths: []Depth{{Depth: 1, MaxHP: 20, Lost: 30, Hits: 6, HitShares: 6 * 1_000_000 / 12}}, Used: map[string]int{"Health Potion": 1}},
	{Seed: 8, Turns: 1000, Depth: 3, Level: 2,
		Depths: []Depth{{Depth: 1, MaxHP: 20, Lost: 10}, {Depth: 2, MaxHP: 25, Lost: 5}, {Depth: 3, MaxHP: 25, Lost: 0}},
		Used:   map[string]int{"Health Potion": 2, "Ration": 1}},
	{Seed: 9, Turns: 150, Depth: 1, Level: 1, Died: true, Cause: "killed from afar by a Goblin Archer",
		Depths: []Depth{{Depth: 1, MaxHP: 20, Lost: 21, Hits: 2, HitShares: 2 * 1_000_000 / 4}}, Used: map[string]int{}},
	{Seed: 10, Turns: 1000, Depth: 6, Level: 23,
		Depths: []Depth{{Depth: 1, MaxHP: 20, Lost: 4}, {Depth: 2, MaxHP: 30, Lost: 3}, {Depth: 3, MaxHP: 40, Lost: 10},
			{Depth: 4, MaxHP: 50, Lost: 60}, {Depth: 5, MaxHP: 60, Lost: 6}, {Depth: 6, MaxHP: 70, Lost: 0}},
		Used: map[string]int{"Fireball Scroll": 1}},
	{Seed: 11, Turns: 700, Depth: 5, Level: 2, Died: true, Cause: "slain by a Goblin",
		Depths: []Depth{{Depth: 1, MaxHP: 20, Lost: 2}, {Depth: 2, MaxHP: 20, Lost: 2}, {Depth: 3, MaxHP: 20, Lost: 2},
			{Depth: 4, MaxHP: 20, Lost: 2}, {Depth: 5, MaxHP: 20, Lost: 40}},
		Used: map[string]int{"Ration": 2}},
	{Seed: 12, Turns: 900, Depth: 6, Level: 9, Won: true,
		Depths: []Depth{{Depth: 1, MaxHP: 20, Lost: 20}, {Depth: 2, MaxHP: 30, Lost: 15}, {Depth: 3, MaxHP: 40, Lost: 20},
			{Depth: 4, MaxHP: 50, Lost: 25}, {Depth: 5, MaxHP: 60, Lost: 30}, {Depth: 6, MaxHP: 70, Lost: 35}},
		Used: map[string]int{}},
}

func TestTheReportOfAFixedSetOfGamesReadsAsItsGolden(t *testing.T) {
	t.Parallel()
	golden(t, "six.txt", Report(Run{Rules: 3, Turns: 1000, Player: "newcomer", Goal: 6}, six))
}

func TestTheReportDoesNotDependOnTheOrderOfTheGames(t *testing.T) {
	t.Parallel()
	reversed := slices.Clone(six)
	slices.Reverse(reversed)
	run := Run{Rules: 3, Turns: 1000, Player: "newcomer", Goal: 6}
	assert.Equal(t, Report(run, six), Report(run, reversed))
}

func TestTheReportOfNoGamesSaysSo(t *testing.T) {
	t.Parallel()
	golden(t, "none.txt", Report(Run{Rules: 1, Turns: 50}, nil))
}

func TestTheThirdsOfTheDungeonCoverEveryDepthToTheGoal(t *testing.T) {
	t.Parallel()
	cases := []struct {
		goal int
		want [3][2]int
	}{
		{3, [3][2]int{{1, 1}, {2, 2}, {3, 3}}},
		{6, [3][2]int{{1, 2}, {3, 4}, {5, 6}}},
		{12, [3][2]int{{1, 4}, {5, 8}, {9, 12}}},
		{26, [3][2]int{{1, 9}, {10, 18}, {19, 26}}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("goal on depth %d", c.goal), func(t *testing.T) {
			var got [3][2]int
			for k := range got {
				got[k][0], got[k][1] = thirdBounds(c.goal, k)
			}
			assert.Equal(t, c.want, got)
		})
	}
}

func TestPercentileIsTheNearestRank(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		p, n int
		want int
	}{
		{"the median of one value is it", 50, 1, 1},
		{"the 10th of one value is it", 10, 1, 1},
		{"the median of two values is the lower", 50, 2, 1},
		{"the median of three values is the middle", 50, 3, 2},
		{"the 10th of ten values is the first", 10, 10, 1},
		{"the 10th of eleven values is the second", 10, 11, 2},
		{"the 90th of ten values is the ninth", 90, 10, 9},
		{"the 90th of a thousand is the 900th", 90, 1000, 900},
		{"the 100th is the last", 100, 7, 7},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, Percentile(c.p, c.n))
		})
	}
}

func TestADeathOnEveryRankIsATurnNotAlive(t *testing.T) {
	t.Parallel()
	var games []Game
	for i := range 10 {
		games = append(games, Game{Seed: uint64(i), Turns: 100 * (10 - i), Depth: 1, Level: 1, Died: true, Cause: "starved to death"})
	}
	got := Report(Run{Rules: 1, Turns: 5000}, games)
	assert.Contains(t, got, "  10th percentile                 100         100             -\n"+
		"  50th percentile                 500         500             -\n"+
		"  90th percentile                 900         900             -\n")
}
