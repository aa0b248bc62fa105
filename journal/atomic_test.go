package journal

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func TestWriteFileAtomicCreatesAndReplacesWholeFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "death.txt")

	require.NoError(t, WriteFileAtomic(path, []byte("killed by a rat")))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "killed by a rat", string(b))
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o644), fi.Mode().Perm())

	require.NoError(t, WriteFileAtomic(path, []byte("killed by a dragon")))
	b, err = os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "killed by a dragon", string(b))
	assert.Equal(t, []string{"death.txt"}, names(t, dir), "no temporary file is left behind")
}

func TestWriteFileAtomicFailsCleanly(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sub := filepath.Join(dir, "snapshots")
	require.NoError(t, os.Mkdir(sub, 0o755))
	cases := []struct {
		name string
		path string
		kind error
	}{
		{"onto a directory", sub, nil},
		{"into a missing directory", filepath.Join(dir, "missing", "x"), fs.ErrNotExist},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := WriteFileAtomic(c.path, []byte("data"))
			require.Error(t, err)
			assert.Contains(t, err.Error(), "write "+c.path+" atomically: ")
			if c.kind != nil {
				assertIs(t, err, c.kind)
			}
			assert.Equal(t, []string{"snapshots"}, names(t, dir), "no temporary file is left behind")
			assert.Empty(t, names(t, sub))
		})
	}
}

func TestWriteAtomicKeepsTheOldFileWhenTheWriterFails(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "game.cast")
	require.NoError(t, WriteFileAtomic(path, []byte("the old recording")))
	failure := errors.New("turn 12 does not fold")
	err := WriteAtomic(path, func(w io.Writer) error {
		if _, err := w.Write(bytes.Repeat([]byte("frame\n"), 100_000)); err != nil {
			return err
		}
		return failure
	})
	assert.Same(t, failure, err, "the writer's own error, as it is")
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "the old recording", string(b))
	assert.Equal(t, []string{"game.cast"}, names(t, dir), "no temporary file is left behind")
}

func TestWriteAtomicWritesWhatTheWriterWritesWhole(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "game.cast")
	want := bytes.Repeat([]byte("frame\n"), 100_000) // more than the buffer
	require.NoError(t, WriteAtomic(path, func(w io.Writer) error {
		for i := 0; i < len(want); i += 6 {
			if _, err := w.Write(want[i : i+6]); err != nil {
				return err
			}
		}
		return nil
	}))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, want, b)
}
