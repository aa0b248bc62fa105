package play

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/internal/hostile"
	"rogue/view"
)

// scoresFolder is a data folder of golden games, a damaged copy of one,
// a file that is no journal and one with no turn.
func scoresFolder(t testing.TB) string {
	dir := t.TempDir()
	for _, name := range []string{"r2-slain", "fireball-self", "starved", "r2-short", "deep"} {
		b, err := os.ReadFile(goldenJournal(name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+JournalExt), b, 0o644))
		if name == "r2-slain" {
			damaged := bytes.Clone(b)
			damaged[2000] ^= 1
			require.NoError(t, os.WriteFile(filepath.Join(dir, "damaged"+JournalExt), damaged, 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "header-only"+JournalExt), b[:52], 0o644))
		}
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "garbage"+JournalExt), []byte("not a journal at all"), 0o644))
	return dir
}

// The hall of fame ranks the games of the folder best first, and lists
// each journal it cannot rank with why, never stopping at one.
func TestTheHallOfFameRanksTheFolderAndNamesWhatItCannotRead(t *testing.T) {
	t.Parallel()
	dir := scoresFolder(t)
	best, unranked, ranked, err := Scores(dir, DefaultTop)
	require.NoError(t, err)
	var got []string
	for _, s := range best {
		got = append(got, fmt.Sprintf("%s: depth %d, level %d, turn %d, %s", s.Journal, s.Depth, s.Level, s.Turn, s.End))
	}
	assert.Equal(t, []string{
		"r2-slain.rogue: depth 6, level 6, turn 3070, slain by an Orc",
		"deep.rogue: depth 4, level 2, turn 806, alive", // alive above dead at equal depth and level
		"starved.rogue: depth 4, level 2, turn 708, starved to death",
		"r2-short.rogue: depth 1, level 1, turn 59, alive",
		"fireball-self.rogue: depth 1, level 1, turn 34, killed by your own fireball",
	}, got)
	assert.Equal(t, 5, ranked)
	require.Len(t, unranked, 3)
	assert.Equal(t, "damaged.rogue", unranked[0].Journal)
	assert.Contains(t, unranked[0].Why, "turn 208 at byte 1997: damaged journal")
	assert.Contains(t, unranked[0].Why, "rogue salvage")
	assert.Equal(t, "garbage.rogue", unranked[1].Journal)
	assert.Contains(t, unranked[1].Why, "not a rogue journal")
	assert.Equal(t, "header-only.rogue", unranked[2].Journal)
	assert.Equal(t, "holds no game", unranked[2].Why)

	top2, _, ranked2, err := Scores(dir, 2)
	require.NoError(t, err)
	assert.Equal(t, best[:2], top2, "--top keeps the best")
	assert.Equal(t, 5, ranked2, "and counts them all")
}

// A data folder of hostile journals (up to 4 MB each) does not stall the
// hall of fame: each costs a stat and a read of at most maxResumeBytes
// past its newest snapshot; every journal is ranked or named.
func TestHostileJournalsDoNotStallTheHallOfFame(t *testing.T) {
	t.Parallel()
	dir, _ := hostileFolder(t, hostile.MaxSize)
	best, unranked, ranked, err := Scores(dir, 100)
	require.NoError(t, err)
	assert.Equal(t, 100, ranked+len(unranked), "every journal is ranked or named")
	assert.Len(t, best, ranked)
	for _, u := range unranked {
		assert.NotEmpty(t, u.Why, u.Journal)
		assert.NotContains(t, u.Why, "\n", "one line")
	}
	var ends []string
	for _, s := range best {
		ends = append(ends, s.End)
	}
	assert.Contains(t, ends, "slain by a Goblin", "the bot's dead game is ranked")
}

// The lines of rogue scores: the folder, the games, the unranked.
func TestPrintScoresIsTheHallOfFameAsText(t *testing.T) {
	t.Parallel()
	dir := scoresFolder(t)
	var out bytes.Buffer
	require.NoError(t, PrintScores(dir, 3, &out))
	lines := strings.Split(out.String(), "\n")
	assert.Equal(t, "Hall of fame of "+dir, lines[0])
	assert.Equal(t, "5 games; the best first: won, deepest, highest level, alive, fewest turns.", lines[2])
	assert.Regexp(t, `^ 1     6     6   3070  2026-11-24 seed 18 +slain by an Orc$`, lines[5])
	assert.Contains(t, out.String(), "Not ranked (3):\ndamaged.rogue: ")
	best, _, _, err := Scores(dir, 3)
	require.NoError(t, err)
	assert.Equal(t, view.ScoreLines(best, nil, 5)[2:6], lines[4:8], "the same lines as the menu's page")
}

// What reading the hall of fame of a folder of 100 journals costs, 98 of
// them hostile (up to 4 MB each). Target: under 500 ms.
func BenchmarkTheHallOfFame(b *testing.B) {
	dir, _ := hostileFolder(b, hostile.MaxSize)
	for b.Loop() {
		if _, _, _, err := Scores(dir, DefaultTop); err != nil {
			b.Fatal(err)
		}
	}
}
