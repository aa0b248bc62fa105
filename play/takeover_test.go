package play

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/journal"
	"rogue/view"
)

// A take-over writes one new journal in the data folder, named after its
// seed and turn, whose header names the parent, with a snapshot at the
// turn taken over (so the menu continues it cheaply however long the
// parent was), and leaves the parent and nothing else behind.
func TestATakeOverWritesANewJournalBesideTheOthersAndLeavesTheParentAlone(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	parent := filepath.Join(t.TempDir(), "long.rogue")
	src, err := os.ReadFile(filepath.Join("..", "golden", "testdata", "long.rogue"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(parent, src, 0o644))
	now := time.Date(2026, 11, 24, 21, 10, 0, 0, time.UTC)

	ss, err := takeOver(dir, parent, 1400, now)
	require.NoError(t, err)
	assert.Equal(t, 1400, ss.g.State.TurnNumber())
	h := ss.file.Header()
	assert.Equal(t, "You take over long.rogue at turn 1400: this is a new game, "+takeOverName(now, h.Seed, 1400, 1)+
		"; the original is as it was.", ss.recent[len(ss.recent)-1])
	require.NoError(t, ss.close())

	want := filepath.Join(dir, takeOverName(now, h.Seed, 1400, 1))
	assert.Equal(t, want, ss.path)
	require.NotNil(t, h.Parent)
	assert.Equal(t, journal.Parent{Name: "long.rogue", Chain: h.Parent.Chain, Turn: 1400}, *h.Parent)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{filepath.Base(want), filepath.Base(journal.SnapshotDir(want))}, names, "no temporary file is left")
	snaps, err := journal.ListSnapshots(want)
	require.NoError(t, err)
	require.NotEmpty(t, snaps)
	assert.Equal(t, 1401, snaps[len(snaps)-1].Turn, "a snapshot counts the turns folded: turns 0 to 1400")
	after, err := os.ReadFile(parent)
	require.NoError(t, err)
	assert.Equal(t, src, after, "the parent is the same bytes")

	again, err := takeOver(dir, parent, 1400, now)
	require.NoError(t, err)
	require.NoError(t, again.close())
	assert.Equal(t, filepath.Join(dir, takeOverName(now, h.Seed, 1400, 2)), again.path, "a second take-over of the same minute gets a name of its own")
}

func TestAParentsNameIsKeptPrintableAndShortEnoughForTheHeader(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, path, want string
	}{
		{"a plain name is kept", "/data/2026-11-24_2110_seed-7.rogue", "2026-11-24_2110_seed-7.rogue"},
		{"control characters become ?", "/data/a\x1b[2Jb.rogue", "a?[2Jb.rogue"},
		{"bytes that are not UTF-8 become ?", "/data/a\xffb.rogue", "a?b.rogue"},
		{"a name over the cap is cut", "/data/" + longName(300), longName(journal.MaxParentNameLen)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, parentName(c.path))
		})
	}
}

func longName(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'x'
	}
	return string(b)
}

// rogue verify of a taken-over journal says what it was taken over from,
// and whether the file of that name beside it is the parent.
func TestVerifyTellsWhetherTheParentBesideATakenOverJournalIsIt(t *testing.T) {
	t.Parallel()
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("..", "golden", "testdata", name+".rogue"))
		require.NoError(t, err)
		return b
	}
	cases := []struct {
		name   string
		beside []byte // the file called long.rogue beside the new journal afterwards; nil: none
		want   string
	}{
		{"the parent beside it", read("long"), "; DIR/long.rogue beside it is that parent, and its turns 0 to 30 are this journal's"},
		{"no parent beside it", nil, "; the journal stands alone (its first turns are a copy), and the parent is not beside it"},
		{"another game of that name", read("short"), "; DIR/long.rogue beside it is not the parent: its turn 0 differs"},
		{"a shorter game of that name", read("short")[:200], "; DIR/long.rogue beside it is not the parent: it ends before turn 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			parent := filepath.Join(dir, "long.rogue")
			require.NoError(t, os.WriteFile(parent, read("long"), 0o644))
			ss, err := takeOver(dir, parent, 30, time.Date(2026, 11, 24, 21, 10, 0, 0, time.UTC))
			require.NoError(t, err)
			require.NoError(t, ss.close())
			require.NoError(t, os.Remove(parent))
			if c.beside != nil {
				require.NoError(t, os.WriteFile(parent, c.beside, 0o644))
			}
			var out strings.Builder
			require.NoError(t, Verify(ss.path, 0, &out, io.Discard))
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			require.Len(t, lines, 2)
			assert.Equal(t, ss.path+": taken over from long.rogue at turn 30"+strings.ReplaceAll(c.want, "DIR", dir), lines[1])
		})
	}
}

// The hall of fame marks a game taken over, and only that one: its first
// turns were another game's.
func TestTheHallOfFameMarksAGameTakenOver(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	parent := filepath.Join(dir, "long.rogue")
	src, err := os.ReadFile(filepath.Join("..", "golden", "testdata", "long.rogue"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(parent, src, 0o644))
	ss, err := takeOver(dir, parent, 1400, time.Date(2026, 11, 28, 14, 0, 0, 0, time.UTC))
	require.NoError(t, err)
	require.NoError(t, ss.close())

	best, unranked, _, err := Scores(dir, DefaultTop)
	require.NoError(t, err)
	require.Empty(t, unranked)
	marked := map[string]bool{}
	for _, s := range best {
		marked[s.Journal] = s.TakenOver
	}
	assert.Equal(t, map[string]bool{"long.rogue": false, filepath.Base(ss.path): true}, marked)
	lines := view.ScoreLines(best, nil, len(best))
	assert.Contains(t, lines, "* a take-over (play --from, or t in a replay): it began as another game.")
}
