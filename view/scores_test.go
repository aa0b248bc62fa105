package view

import (
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// theScores are a hall of fame's games, not in order.
func theScores() []Score {
	day := time.Date(2026, 11, 23, 8, 42, 0, 0, time.UTC)
	return []Score{
		{Journal: "c.rogue", Created: day, Seed: 5, Rules: 2, Depth: 4, Level: 3, Turn: 1200, Over: true, End: "slain by an Orc"},
		{Journal: "a.rogue", Created: day, Seed: 4, Rules: 2, Depth: 6, Level: 5, Turn: 3070, Over: true, End: "slain by a Troll"},
		{Journal: "b.rogue", Created: day, Seed: 19, Rules: 2, Depth: 6, Level: 5, Turn: 2999, End: "alive", TakenOver: true},
		{Journal: "e.rogue", Created: day, Seed: 123456, Rules: 1, Depth: 1, Level: 1, Turn: 34, Over: true, End: "killed by your own fireball"},
		{Journal: "d.rogue", Created: day, Seed: 7, Rules: 2, Depth: 6, Level: 6, Turn: 4100, Over: true, End: "starved to death"},
	}
}

// The best game is one won (of fewest turns among those), then the
// deepest, then the highest level, then one whose player lives, then the
// one of fewest turns, then the journal's name: a total order.
func TestTheHallOfFameRanksWonThenDeepestThenLevelThenAliveThenFewestTurns(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		a, b Score
		want int // the sign of BestFirst(a, b)
	}{
		{"deeper is better whatever the level", Score{Depth: 5, Level: 1}, Score{Depth: 4, Level: 9}, -1},
		{"at one depth the higher level is better", Score{Depth: 4, Level: 3}, Score{Depth: 4, Level: 2, Turn: 1}, -1},
		{"at one depth and level fewer turns are better", Score{Depth: 4, Level: 3, Turn: 900}, Score{Depth: 4, Level: 3, Turn: 100}, 1},
		{"a game won beats any game lost, however deep", Score{Won: true, Over: true, Depth: 14, Turn: 9000}, Score{Depth: 20, Level: 9}, -1},
		{"among games won, the fewest turns win", Score{Won: true, Over: true, Depth: 14, Turn: 9000}, Score{Won: true, Over: true, Depth: 14, Turn: 4000, Level: 1}, 1},
		{"at one depth and level a living player is better than a dead one of fewer turns", Score{Depth: 4, Level: 3, Turn: 900}, Score{Depth: 4, Level: 3, Turn: 100, Over: true}, -1},
		{"all alike, the journal's name decides", Score{Journal: "a"}, Score{Journal: "b"}, -1},
		{"a game is equal only to itself", Score{Journal: "a", Depth: 2}, Score{Journal: "a", Depth: 2}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := BestFirst(tc.a, tc.b)
			assert.Equal(t, tc.want, sign(got))
			assert.Equal(t, -tc.want, sign(BestFirst(tc.b, tc.a)), "antisymmetric")
		})
	}
	s := theScores()
	slices.SortFunc(s, BestFirst)
	var names []string
	for _, x := range s {
		names = append(names, x.Journal)
	}
	assert.Equal(t, []string{"d.rogue", "b.rogue", "a.rogue", "c.rogue", "e.rogue"}, names)
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// 'h' on the main menu asks for the hall of fame; its page goes back to
// the menu, not to the journals.
func TestTheHallOfFameIsOnTheMenuAndGoesBackToIt(t *testing.T) {
	t.Parallel()
	m := NewModel(theMenu())
	assert.Equal(t, Intent{Menu: MenuScores}, m.HandleKey(Rune('h')))
	m.ShowScores([]string{"No games to rank yet: play one!"})
	assert.Equal(t, ModePage, m.Mode())
	assert.Equal(t, Intent{}, m.HandleKey(Named(KeyEsc)))
	assert.Equal(t, ModeMainMenu, m.Mode())

	first := NewModel(MainMenu{})
	assert.Equal(t, Intent{}, first.HandleKey(Rune('h')), "with no journal there is no hall of fame to show")
	assert.Equal(t, ModeMainMenu, first.Mode())

	page := NewModel(theMenu())
	page.HandleKey(Rune('r'))
	page.ShowPage("Replay of x.rogue", nil)
	page.HandleKey(Named(KeyEsc))
	assert.Equal(t, ModeJournals, page.Mode(), "a journal's page still goes back to the journals")
}

// Every line of the hall of fame fits the 76 columns an 80-column page
// has, the longest end of a game included.
func TestTheHallOfFameFitsEightyColumns(t *testing.T) {
	t.Parallel()
	for _, l := range ScoreLines(theScores(), nil, 5) {
		assert.LessOrEqual(t, textWidth(l), 76, "%q", l)
	}
	assert.Equal(t, []string{"No games to rank yet: play one!", "", "Not ranked (1):", "x.rogue: damaged"},
		ScoreLines(nil, []Unranked{{"x.rogue", "damaged"}}, 0))
}
