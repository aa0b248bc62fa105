//go:build unix

package journal

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Writing "atomically" to a named pipe (as to /dev/null) writes into it:
// a rename would have put a regular file where the pipe was.
func TestWriteAtomicWritesIntoAPipeAndLeavesItAPipe(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, syscall.Mkfifo(path, 0o600))
	got := make(chan []byte, 1)
	go func() {
		f, err := os.Open(path)
		if err != nil {
			got <- nil
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- b
	}()
	require.NoError(t, WriteFileAtomic(path, []byte("a screen\n")))
	assert.Equal(t, []byte("a screen\n"), <-got)
	fi, err := os.Lstat(path)
	require.NoError(t, err)
	assert.Equal(t, os.ModeNamedPipe, fi.Mode().Type(), "still a pipe")
}

func TestWriteAtomicRefusesADirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	err := WriteFileAtomic(dir, []byte("x"))
	assert.EqualError(t, err, "write "+dir+" atomically: open: is a directory")
}
