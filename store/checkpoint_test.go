package store

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// On SQLite no commit checkpoints (wal_autocheckpoint is 0 on the
// writers' connections): the checkpointer copies the log into the
// database file on its own connection, and what was committed is there
// after the store is closed and opened again.
func TestSQLiteTheCheckpointerNotACommitCopiesTheLog(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "rogue.db")
	s, err := Open(context.Background(), path)
	require.NoError(t, err)
	ctx := withAda(t, s)
	var auto int
	require.NoError(t, s.db.QueryRowContext(ctx, `PRAGMA wal_autocheckpoint`).Scan(&auto))
	assert.Equal(t, 0, auto, "a writer's connection does not checkpoint")

	id, err := s.CreateGame(ctx, "ada", []byte("H"), 3)
	require.NoError(t, err)
	size := func() int64 {
		fi, err := os.Stat(path)
		require.NoError(t, err)
		return fi.Size()
	}
	before := size()
	record := bytes.Repeat([]byte{'r'}, 4096)
	const turns = 1200 // about 1 200 pages of the log: past SQLite's default autocheckpoint
	for turn := range turns {
		require.NoError(t, s.Append(ctx, id, turn, record, Progress{Turns: turn + 1}))
	}
	require.Eventually(t, func() bool { return size() >= before+turns*4096 }, 30*time.Second, 20*time.Millisecond,
		"the checkpointer copies the turns into the database file")
	assert.Positive(t, s.checkpoints.Load())
	require.NoError(t, s.Close())

	s, err = Open(context.Background(), path)
	require.NoError(t, err)
	defer s.Close()
	b, err := s.Journal(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 1+turns*4096, len(b))
}
