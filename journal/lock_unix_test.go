//go:build unix

package journal

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A process started while a journal is open keeps a copy of its file
// (here for good, as a descriptor handed to it; any child does from its
// fork to its exec). Closing the journal still releases its lock at once,
// so the game that opens it next is not told it is in use.
func TestAClosedJournalIsUnlockedThoughAChildStillHoldsItsFile(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep command to hold the file: " + err.Error())
	}
	path := filepath.Join(t.TempDir(), "held.rogue")
	f, err := Create(path, testHeader())
	require.NoError(t, err)
	held, ok := f.f.(*os.File)
	require.True(t, ok)
	child := exec.Command(sleep, "30")
	child.ExtraFiles = []*os.File{held}
	require.NoError(t, child.Start())
	t.Cleanup(func() {
		child.Process.Kill()
		child.Wait()
	})
	require.NoError(t, f.Close())

	again, tail, err := OpenAppend(path)
	require.NoError(t, err, "the journal is locked by the child's copy of its file")
	assert.Nil(t, tail)
	require.NoError(t, again.Close())
}
