package balance

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// five is a small fixed set of games: three deaths, two alive at the cap.
var five = []Game{
	{Seed: 7, Turns: 400, Depth: 1, Level: 1, Died: true, Cause: "slain by a Goblin", Used: map[string]int{"Health Potion": 1}},
	{Seed: 8, Turns: 1000, Depth: 3, Level: 2, Used: map[string]int{"Health Potion": 2, "Ration": 1}},
	{Seed: 9, Turns: 150, Depth: 1, Level: 1, Died: true, Cause: "slain by an Orc", Used: map[string]int{}},
	{Seed: 10, Turns: 1000, Depth: 14, Level: 23, Used: map[string]int{"Fireball Scroll": 1}},
	{Seed: 11, Turns: 700, Depth: 3, Level: 2, Died: true, Cause: "slain by a Goblin", Used: map[string]int{"Ration": 2}},
}

const fiveReport = `balance report: 5 games under rules 2, seeds 7 to 11, each until death or turn 1000
died: 3 of 5 (60%)

deaths by cause          deaths  of deaths
  slain by a Goblin           2        67%
  slain by an Orc             1        33%

deaths by depth          deaths  of deaths
  depth 1                     2        67%
  depth 3                     1        33%

death turn (nearest rank over all games; one alive at the end ranks last)
  10th percentile           150
  50th percentile           700
  90th percentile         alive
  died before turn 200: 1 (20%)

deepest depth             games  reached it or deeper
  depth 1                     2       5   100%
  depth 3                     2       3    60%
  depth 11-20                 1       1    20%

character level           games  reached it or higher
  level 1                     2       5   100%
  level 2                     2       3    60%
  level 21-30                 1       1    20%

items used                total  a game
  Health Potion                3    0.60
  Ration                       3    0.60
  Fireball Scroll              1    0.20
`

func TestTheReportOfAFixedSetOfGamesReadsExactly(t *testing.T) {
	assert.Equal(t, fiveReport, Report(Run{Rules: 2, Turns: 1000}, five))
}

func TestTheReportDoesNotDependOnTheOrderOfTheGames(t *testing.T) {
	reversed := slices.Clone(five)
	slices.Reverse(reversed)
	assert.Equal(t, fiveReport, Report(Run{Rules: 2, Turns: 1000}, reversed))
}

func TestTheReportOfNoGamesSaysSo(t *testing.T) {
	want := `balance report: 0 games under rules 1, each until death or turn 50
died: 0 of 0 (0%)

deaths by cause          deaths  of deaths

deaths by depth          deaths  of deaths

death turn (nearest rank over all games; one alive at the end ranks last)
  10th percentile             -
  50th percentile             -
  90th percentile             -
  died before turn 200: 0 (0%)

deepest depth             games  reached it or deeper

character level           games  reached it or higher

items used                total  a game
  none
`
	assert.Equal(t, want, Report(Run{Rules: 1, Turns: 50}, nil))
}

func TestPercentileIsTheNearestRank(t *testing.T) {
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
	var games []Game
	for i := range 10 {
		games = append(games, Game{Seed: uint64(i), Turns: 100 * (10 - i), Depth: 1, Level: 1, Died: true, Cause: "starved to death"})
	}
	got := Report(Run{Rules: 1, Turns: 5000}, games)
	assert.Contains(t, got, "  10th percentile           100\n  50th percentile           500\n  90th percentile           900\n")
}
