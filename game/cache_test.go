package game

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// cacheEvery is the cache's spacing in these tests: a few hundred turns
// stand for a long game.
const cacheEvery = 64

// bareGame plays a wizard bot game of turns turns into a journal at path
// and deletes its snapshots, as a journal attached to a bug report comes;
// it returns the digest after each turn.
func bareGame(t testing.TB, path string, seed uint64, turns int) []string {
	t.Helper()
	digests := snapGame(t, path, seed, turns, 1<<20)
	require.NoError(t, os.RemoveAll(journal.SnapshotDir(path)))
	return digests
}

// cachedSeeker opens a Seeker on path with the snapshot cache under root.
func cachedSeeker(t *testing.T, path, root string) *Seeker {
	t.Helper()
	k, err := OpenSeeker(path, content.Default())
	require.NoError(t, err)
	t.Cleanup(func() { k.Close() })
	k.UseCache(journal.NewSnapshotCache(root, k.header, reducer.SnapshotSchema))
	k.cacheEvery = cacheEvery
	return k
}

// cacheTurns are the turns of the cache files of the journal at path.
func cacheTurns(t *testing.T, path, root string) []int {
	t.Helper()
	k := cachedSeeker(t, path, root)
	var out []int
	for _, f := range k.cache.Files() {
		out = append(out, f.Turn)
	}
	return out
}

func TestAJournalWithoutSnapshotsIsFoldedOnceAndThenOpensFromTheCache(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path, root := filepath.Join(dir, "report.rogue"), filepath.Join(dir, "cache")
	digests := bareGame(t, path, 5, 300)

	first := cachedSeeker(t, path, root)
	s, _, err := first.StateAt(250)
	require.NoError(t, err)
	assert.Equal(t, digests[250], s.Digest())
	assert.Equal(t, 250, first.Folded, "the first open folds from the start")
	assert.Equal(t, []int{64, 128, 192}, cacheTurns(t, path, root))

	// A later open folds from the cached snapshot before its turn; past
	// the last one, it folds on from there and leaves more.
	for _, c := range []struct{ turn, from int }{{250, 192}, {200, 192}, {128, 128}, {70, 64}, {300, 192}, {10, 0}} {
		k := cachedSeeker(t, path, root)
		s, _, err := k.StateAt(c.turn)
		require.NoError(t, err)
		assert.Equal(t, digests[c.turn], s.Digest(), "turn %d", c.turn)
		assert.Equal(t, c.turn-c.from, k.Folded, "turn %d", c.turn)
		assert.Empty(t, k.NoteLine())
	}
	assert.Equal(t, []int{64, 128, 192, 256}, cacheTurns(t, path, root), "the open at turn 300 folded past 256 from 192, and left it")
}

func TestAJournalsOwnSnapshotsLeaveTheCacheAlone(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path, root := filepath.Join(dir, "game.rogue"), filepath.Join(dir, "cache")
	digests := snapGame(t, path, 6, 300, 50)
	k := cachedSeeker(t, path, root)
	s, _, err := k.StateAt(299)
	require.NoError(t, err)
	assert.Equal(t, digests[299], s.Digest())
	assert.Equal(t, 49, k.Folded)
	assert.Empty(t, cacheTurns(t, path, root))
}

// The cache is never trusted: whatever its files hold, the state is the
// journal's, no note is shown, no error stops the open, and a file that
// does not check out is replaced by a good one.
func TestABadCacheFileIsIgnoredAndRebuilt(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "report.rogue")
	digests := bareGame(t, path, 7, 200)
	other := filepath.Join(dir, "other.rogue")
	bareGame(t, other, 8, 200)
	// A journal of the same game that went another way after turn 100:
	// same header, another chain from there on.
	forked := filepath.Join(dir, "forked.rogue")
	forkedGame(t, path, forked, 100)

	good := func(t *testing.T, root string) []byte {
		k := cachedSeeker(t, path, root)
		_, _, err := k.StateAt(200)
		require.NoError(t, err)
		b, err := os.ReadFile(k.cache.Files()[2].Path)
		require.NoError(t, err)
		return b
	}
	cases := []struct {
		name string
		bad  func(t *testing.T, root string, b []byte) []byte
	}{
		{"a file of garbage", func(*testing.T, string, []byte) []byte { return []byte("not a snapshot at all") }},
		{"an empty file", func(*testing.T, string, []byte) []byte { return nil }},
		{"a file cut short", func(_ *testing.T, _ string, b []byte) []byte { return b[:len(b)/2] }},
		{"a file with a byte flipped", func(_ *testing.T, _ string, b []byte) []byte {
			b = append([]byte(nil), b...)
			b[len(b)-3] ^= 0x40
			return b
		}},
		{"another turn's snapshot under this turn's name", func(t *testing.T, root string, _ []byte) []byte {
			k := cachedSeeker(t, path, root)
			b, err := os.ReadFile(k.cache.Files()[0].Path)
			require.NoError(t, err)
			return b
		}},
		{"another game's snapshot under this game's name", func(t *testing.T, root string, _ []byte) []byte {
			k := cachedSeeker(t, other, root)
			_, _, err := k.StateAt(200)
			require.NoError(t, err)
			b, err := os.ReadFile(k.cache.Files()[2].Path)
			require.NoError(t, err)
			return b
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), "cache")
			b := good(t, root)
			k := cachedSeeker(t, path, root)
			target := k.cache.Files()[2]
			require.Equal(t, 192, target.Turn)
			require.NoError(t, os.WriteFile(target.Path, tc.bad(t, root, b), 0o644))

			k = cachedSeeker(t, path, root)
			s, _, err := k.StateAt(199)
			require.NoError(t, err)
			assert.Equal(t, digests[199], s.Digest())
			assert.Empty(t, k.NoteLine())
			assert.Equal(t, 199-128, k.Folded, "it folds from the snapshot before the bad one")

			rebuilt, err := os.ReadFile(target.Path)
			require.NoError(t, err)
			assert.Equal(t, b, rebuilt, "the bad file is replaced by the good one as the fold passes its turn")
		})
	}

	t.Run("a snapshot of a fork of the game is left for the fork", func(t *testing.T) {
		root := filepath.Join(t.TempDir(), "cache")
		kf := cachedSeeker(t, forked, root)
		_, _, err := kf.StateAt(200)
		require.NoError(t, err)
		require.Equal(t, []int{64, 128, 192}, cacheTurns(t, forked, root))

		k := cachedSeeker(t, path, root)
		s, _, err := k.StateAt(199)
		require.NoError(t, err)
		assert.Equal(t, digests[199], s.Digest())
		assert.Equal(t, 199-64, k.Folded, "the fork's snapshots after it went another way are not this journal's")
		assert.Equal(t, []int{64, 128, 128, 192, 192}, cacheTurns(t, path, root), "both journals' snapshots are kept, side by side")
	})
}

// forkedGame writes to dst the first turns turns of the journal at src,
// then one Wait the game at src did not play, then bot turns up to 200
// turns: the same game (the same header), gone another way after turns.
func forkedGame(t *testing.T, src, dst string, turns int) {
	t.Helper()
	require.NoError(t, copyPrefix(src, dst, turns))
	f, tail, err := journal.OpenAppend(dst)
	require.NoError(t, err)
	require.Nil(t, tail)
	r, err := journal.Open(dst)
	require.NoError(t, err)
	s, _, err := Fold(r, content.Default(), -1, nil)
	require.NoError(t, err)
	require.NoError(t, r.Close())
	g, err := Resume(s, f.Header(), f)
	require.NoError(t, err)
	_, err = g.Do(&events.Wait{})
	require.NoError(t, err)
	for g.State.Turn < 200 {
		require.NoError(t, g.PlayerTurn(bot.Strong{}))
	}
	require.NoError(t, f.Close())
}

// Whatever bytes a cache file holds, the Seeker gives the journal's
// state, without an error, a note or a panic.
func FuzzACacheFileNeverMisleadsTheSeeker(f *testing.F) {
	dir := f.TempDir()
	path := filepath.Join(dir, "report.rogue")
	digests := bareGame(f, path, 9, 150)
	root := filepath.Join(dir, "cache")
	k, err := OpenSeeker(path, content.Default())
	require.NoError(f, err)
	k.UseCache(journal.NewSnapshotCache(root, k.header, reducer.SnapshotSchema))
	k.cacheEvery = cacheEvery
	_, _, err = k.StateAt(150)
	require.NoError(f, err)
	files := k.cache.Files()
	require.Len(f, files, 2)
	k.Close()
	good, err := os.ReadFile(files[1].Path)
	require.NoError(f, err)
	first, err := os.ReadFile(files[0].Path)
	require.NoError(f, err)
	f.Add(good)
	f.Add(first)
	f.Add(good[:40])
	f.Add([]byte(journal.SnapshotMagic))
	flipped := append([]byte(nil), good...)
	flipped[30] ^= 1
	f.Add(flipped)
	f.Fuzz(func(t *testing.T, b []byte) {
		require.NoError(t, os.WriteFile(files[1].Path, b, 0o644))
		k, err := OpenSeeker(path, content.Default())
		require.NoError(t, err)
		defer k.Close()
		k.UseCache(journal.NewSnapshotCache(root, k.header, reducer.SnapshotSchema))
		k.cacheEvery = cacheEvery
		s, _, err := k.StateAt(140)
		require.NoError(t, err)
		assert.Equal(t, digests[140], s.Digest())
		assert.Empty(t, k.NoteLine())
	})
}
