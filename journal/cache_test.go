package journal

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/reducer"
	"rogue/reducer/content"
)

func TestTheCacheLivesWhereTheXDGSpecificationSays(t *testing.T) {
	cases := []struct {
		name, xdg, home string
		want            string // "" : no cache
	}{
		{"under XDG_CACHE_HOME when it is set", "/x/cache", "/home/p", "/x/cache/rogue"},
		{"under HOME's .cache when XDG_CACHE_HOME is not set", "", "/home/p", "/home/p/.cache/rogue"},
		{"under HOME's .cache when XDG_CACHE_HOME is relative, as the specification says to ignore it", "rel/cache", "/home/p", "/home/p/.cache/rogue"},
		{"nowhere when neither is set", "", "", ""},
		{"nowhere when HOME is relative and XDG_CACHE_HOME is not set", "", "home", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("XDG_CACHE_HOME", tc.xdg)
			t.Setenv("HOME", tc.home)
			got, err := CacheRoot()
			if tc.want == "" {
				assert.Error(t, err)
				assert.Nil(t, OpenSnapshotCache(1, testSchema))
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestCacheFileNamesAreReadStrictly(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		ok   bool
		want CachedSnapshot
	}{
		{"0000016384-0badf00d.snap", true, CachedSnapshot{Turn: 16384, Chain: 0x0badf00d}},
		{"0000000000-00000000.snap", true, CachedSnapshot{}},
		{"0000016384-0BADF00D.snap", true, CachedSnapshot{Turn: 16384, Chain: 0x0badf00d}},
		{"0000016384.snap", false, CachedSnapshot{}},
		{"0000016384-0badf00d.snap.tmp", false, CachedSnapshot{}},
		{".0000016384-0badf00d.snap.tmp-123", false, CachedSnapshot{}},
		{"000001638x-0badf00d.snap", false, CachedSnapshot{}},
		{"0000016384-0badf00g.snap", false, CachedSnapshot{}},
		{"0000016384-+badf00d.snap", false, CachedSnapshot{}},
		{"9999999999-0badf00d.snap", false, CachedSnapshot{}},
		{"0000016384_0badf00d.snap", false, CachedSnapshot{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := parseCacheName(tc.name)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.want, got)
		})
	}
}

// cacheState is a state at turn turns, to cache.
func cacheState(turns int) *reducer.State {
	s := reducer.New(3, content.Default())
	s.Turn = turns
	return s
}

func TestTheCacheKeepsWhatItWritesAndReadsBackOnlyWhatItsNamesSay(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	c := NewSnapshotCache(root, 0xfeed, testSchema)
	assert.Empty(t, c.Files(), "nothing is there yet, and nothing is made")
	_, err := os.Stat(c.Dir())
	assert.ErrorIs(t, err, os.ErrNotExist)

	p1 := Position{Turns: 64, Offset: 900, Chain: 0xaa, Last: 880}
	p2 := Position{Turns: 128, Offset: 1900, Chain: 0xbb, Last: 1880}
	require.NoError(t, c.Write(cacheState(128), p2))
	require.NoError(t, c.Write(cacheState(64), p1))
	require.NoError(t, c.Write(cacheState(64), p1), "a snapshot already there is not written again")

	again := NewSnapshotCache(root, 0xfeed, testSchema)
	files := again.Files()
	require.Len(t, files, 2)
	assert.Equal(t, []CachedSnapshot{
		{Turn: 64, Chain: 0xaa, Path: filepath.Join(c.Dir(), "0000000064-000000aa.snap")},
		{Turn: 128, Chain: 0xbb, Path: filepath.Join(c.Dir(), "0000000128-000000bb.snap")},
	}, files)
	s, err := again.Read(files[1])
	require.NoError(t, err)
	assert.Equal(t, p2, s.Pos)
	assert.True(t, again.Has(64, 0xaa))
	assert.False(t, again.Has(64, 0xbb))

	// A file under another's name does not read.
	require.NoError(t, os.Rename(files[1].Path, filepath.Join(c.Dir(), "0000000128-000000cc.snap")))
	moved := CachedSnapshot{Turn: 128, Chain: 0xcc, Path: filepath.Join(c.Dir(), "0000000128-000000cc.snap")}
	_, err = again.Read(moved)
	assert.ErrorContains(t, err, "not what its name says")
	_, err = NewSnapshotCache(root, 0xbeef, testSchema).Read(files[0])
	assert.ErrorContains(t, err, "another journal")

	again.Forget(files[0])
	assert.NoFileExists(t, files[0].Path)
	assert.Equal(t, []CachedSnapshot{moved}, NewSnapshotCache(root, 0xfeed, testSchema).Files())
}

func TestAnUnwritableCacheIsAnErrorToTheWriterOnly(t *testing.T) {
	t.Parallel()
	root := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(root, nil, 0o644))
	c := NewSnapshotCache(root, 1, testSchema)
	assert.Empty(t, c.Files())
	assert.Error(t, c.Write(cacheState(64), Position{Turns: 64, Offset: 900, Chain: 0xaa, Last: 880}))
	var none *SnapshotCache
	assert.Empty(t, none.Files())
	assert.NoError(t, none.Write(cacheState(64), Position{Turns: 64}))
}

func TestAFullCacheFolderTakesNoMore(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	c := NewSnapshotCache(root, 1, testSchema)
	require.NoError(t, os.MkdirAll(c.Dir(), 0o755))
	for i := range maxCacheFiles {
		require.NoError(t, os.WriteFile(filepath.Join(c.Dir(), cacheName(i+1, 7)), nil, 0o644))
	}
	c = NewSnapshotCache(root, 1, testSchema)
	err := c.Write(cacheState(64), Position{Turns: 64, Offset: 900, Chain: 0xaa, Last: 880})
	assert.ErrorContains(t, err, "full")
	assert.NoFileExists(t, filepath.Join(c.Dir(), cacheName(64, 0xaa)))
}
