package host

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"rogue/game"
	"rogue/journal"
)

// storedDigest is the digest of the state the game's stored journal
// folds to, from its first turn.
func storedDigest(t *testing.T, s *Server, id int64) string {
	t.Helper()
	b, err := s.st.Journal(context.Background(), id)
	require.NoError(t, err)
	r, err := journal.NewBytesReader(b)
	require.NoError(t, err)
	st, tail, err := game.Fold(r, s.tbl, -1, nil)
	require.NoError(t, err)
	require.Nil(t, tail)
	return st.Digest()
}
