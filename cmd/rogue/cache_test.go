package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	rgame "rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// A journal that comes without its snapshots (a bug report) is folded
// once, leaving snapshots in the cache under XDG_CACHE_HOME; the next
// commands start from them and say exactly what they said without them,
// and a cache file that is damaged changes nothing the player sees: it is
// rebuilt.
func TestAJournalWithoutSnapshotsFillsTheCacheAndSaysTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a game of 20 000 turns")
	}
	dir := t.TempDir()
	cache := filepath.Join(dir, "cache")
	t.Setenv("XDG_CACHE_HOME", cache)
	rogueBinary(t) // built before any run is timed
	game := filepath.Join(dir, "game.rogue")
	_, snapErr, err := rgame.RecordPlayer(game, rgame.NewHeader(3, "bot", journal.Options{Wizard: true, SyncEvery: 1 << 20}), content.Default(), bot.Strong{}, 20000, nil)
	require.NoError(t, err)
	require.NoError(t, snapErr)
	// What the commands say with the game's own snapshots.
	commands := [][]string{
		{"replay", "--headless", "--to", "19999"},
		{"export", "--text", "-", "--turn", "19990"},
		{"replay", "--headless"},
	}
	var want []ran
	for _, c := range commands {
		want = append(want, runRogue(t, nil, append(c, game)...))
	}
	assert.NoDirExists(t, filepath.Join(cache, "rogue"), "a journal with its own snapshots has no use for the cache")

	report := game
	require.NoError(t, os.RemoveAll(journal.SnapshotDir(game)))
	check := func(t *testing.T) {
		t.Helper()
		for i, c := range commands {
			got := runRogue(t, nil, append(c, report)...)
			assertNoPanic(t, got)
			assert.Equal(t, want[i].Code, got.Code, "%v", c)
			assert.Equal(t, want[i].Stderr, got.Stderr, "%v", c)
			assert.Equal(t, want[i].Stdout, got.Stdout, "%v", c)
		}
	}
	check(t)
	files, err := filepath.Glob(filepath.Join(cache, "rogue", "snap", "*", "0000016384-*.snap"))
	require.NoError(t, err)
	require.Len(t, files, 1, "the first fold left its snapshot of turn 16 384 in the cache")
	good, err := os.ReadFile(files[0])
	require.NoError(t, err)
	assert.NoDirExists(t, journal.SnapshotDir(report), "nothing is written beside the journal")
	check(t)

	for _, bad := range [][]byte{nil, []byte("garbage"), append([]byte(journal.SnapshotMagic), good[len(journal.SnapshotMagic):len(good)-1]...)} {
		require.NoError(t, os.WriteFile(files[0], bad, 0o644))
		check(t)
		rebuilt, err := os.ReadFile(files[0])
		require.NoError(t, err)
		assert.Equal(t, good, rebuilt)
	}
	require.NoError(t, os.RemoveAll(cache))
	check(t)
}
