package fame

import (
	"rogue/internal/forge"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/journal"
)

func TestReverifyingAFolderReportsEveryDivergenceWhateverTheWorkers(t *testing.T) {
	t.Parallel()
	forged := rewrite(t, goldenJournal(t, "r3-deep-death"), func(*journal.Header) {}, forge.Wins)
	fsys := fstest.MapFS{
		"a/slain.rogue":          {Data: goldenJournal(t, "slain")},
		"a/r3-won.rogue":         {Data: goldenJournal(t, "r3-won")},
		"b/forged.rogue":         {Data: forged},
		"b/damaged.rogue":        {Data: flipLast(goldenJournal(t, "starved"))},
		"b/notes.txt":            {Data: []byte("not a journal")},
		"b/x.rogue.snap/0.rogue": {Data: []byte("inside a snapshot folder")},
		"torn.rogue":             {Data: goldenJournal(t, "torn")},
	}
	jobs, err := JobsIn(fsys)
	require.NoError(t, err)
	var names []string
	for _, j := range jobs {
		names = append(names, j.Name)
	}
	assert.Equal(t, []string{"a/r3-won.rogue", "a/slain.rogue", "b/damaged.rogue", "b/forged.rogue", "torn.rogue"}, names)
	one := Reverify(jobs, 1, DefaultLimits())
	assert.Equal(t, one, Reverify(jobs, 3, DefaultLimits()), "the same report on 1 worker or 3")
	assert.Equal(t, 5, one.Checked)
	assert.Equal(t, 3, one.Verified)
	require.Len(t, one.Diverged, 1)
	assert.Equal(t, "b/forged.rogue", one.Diverged[0].Name)
	assert.Contains(t, one.Diverged[0].Line, "rogue verify: b/forged.rogue: turn 3964: fact 0 differs after Move{Dir:south-east}: recorded Won{Actor:1 Item:35}")
	require.Len(t, one.Unchecked, 1)
	assert.Equal(t, Damaged, one.Unchecked[0].Why)
	lines := one.Lines()
	assert.Equal(t, []string{"checked 5 journals: 3 verified, 1 diverged, 1 could not be checked", "re-simulated 7113 turns, 17711 steps"}, lines[len(lines)-2:])
}
