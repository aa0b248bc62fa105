package fame

import (
	"rogue/internal/forge"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/journal"
)

func TestAJournalPlannedAsAGoldenShowsItsDivergence(t *testing.T) {
	t.Parallel()
	forged := rewrite(t, goldenJournal(t, "r3-deep-death"), func(*journal.Header) {}, forge.Wins)
	g, err := PlanGolden(forged, "reports/Won-Too-Soon.rogue", "", nil)
	require.NoError(t, err)
	assert.Equal(t, "won-too-soon", g.Name)
	assert.Equal(t, forged, g.Journal)
	assert.Equal(t, "3963 3964\n", g.TurnsFile(), "the turn before the divergence and the diverging turn")
	assert.Contains(t, g.Diverges, "rogue verify: reports/Won-Too-Soon.rogue: turn 3964: fact 0 differs")
	assert.Equal(t, "^(TestGoldenJournals|TestTheLogOfEveryGoldenJournalIsWordedAsBefore)$/^won-too-soon$", g.RunPattern())

	g, err = PlanGolden(goldenJournal(t, "slain"), "slain.rogue", "orc-bug", []int{5, 6})
	require.NoError(t, err)
	assert.Equal(t, Golden{Name: "orc-bug", Journal: goldenJournal(t, "slain"), Turns: []int{5, 6}}, g)
	g, err = PlanGolden(goldenJournal(t, "slain"), "slain.rogue", "", nil)
	require.NoError(t, err)
	assert.Empty(t, g.TurnsFile(), "a journal that verifies shows its end")

	_, err = PlanGolden(goldenJournal(t, "slain"), "slain.rogue", "../escape", nil)
	assert.ErrorContains(t, err, `golden name "../escape": a golden's name is 1 to 64 lowercase letters`)
	_, err = PlanGolden([]byte("no journal"), "x.rogue", "", nil)
	assert.ErrorContains(t, err, "x.rogue cannot become a golden test: rogue verify: journal x.rogue")
}
