package play

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// Continuing a game that came without its snapshots folds it once: the
// next time, it starts from the snapshot cache, at the same state, and
// nothing is written beside the journal until the game goes on.
func TestContinuingAJournalWithoutSnapshotsFoldsItOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a game of 20 000 turns")
	}
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	path := filepath.Join(dir, "report.rogue")
	g, snapErr, err := game.RecordPlayer(path, game.NewHeader(3, "bot", journal.Options{Wizard: true, SyncEvery: 1 << 20}), content.Default(), bot.Strong{}, 20000, nil)
	require.NoError(t, err)
	require.NoError(t, snapErr)
	want := g.State.Digest()
	require.NoError(t, os.RemoveAll(journal.SnapshotDir(path)))
	before, err := os.ReadFile(path)
	require.NoError(t, err)

	for i, folded := range []int{20000 - 16384, 20000 - 16384} {
		ss, err := openSession(path)
		require.NoError(t, err, "open %d", i+1)
		assert.Equal(t, want, ss.g.State.Digest(), "open %d", i+1)
		assert.Equal(t, folded, ss.folded, "open %d: from the cached snapshot of turn 16 384", i+1)
		require.NoError(t, ss.close())
	}
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "the journal's bytes are as they were")
	assert.NoDirExists(t, journal.SnapshotDir(path))
}
