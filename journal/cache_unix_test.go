//go:build unix

package journal

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheCacheListsOnlyRegularFilesNamedAsItNamesThem(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	c := NewSnapshotCache(root, 1, testSchema)
	require.NoError(t, c.Write(cacheState(64), Position{Turns: 64, Offset: 900, Chain: 0xaa, Last: 880}))
	dir := c.Dir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "0000000128-000000bb.snap"), 0o755))
	require.NoError(t, os.Symlink("/etc/passwd", filepath.Join(dir, "0000000192-000000bb.snap")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "0000000256-000000bb.snap"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o644))
	got := NewSnapshotCache(root, 1, testSchema).Files()
	assert.Equal(t, []CachedSnapshot{{Turn: 64, Chain: 0xaa, Path: filepath.Join(dir, "0000000064-000000aa.snap")}}, got)
}
