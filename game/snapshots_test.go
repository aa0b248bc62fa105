package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

func TestRestoreChecksTheStateAgainstItsDigest(t *testing.T) {
	t.Parallel()
	st := reducer.New(7, content.Default())
	good := journal.NewSnapshot(st, reducer.SnapshotSchema, journal.Position{}, 1)
	got, err := RestoreSnapshot(good, content.Default())
	require.NoError(t, err)
	assert.Equal(t, st.Digest(), got.Digest())

	wrongDigest := good
	wrongDigest.Digest = "0000000000000000"
	_, err = RestoreSnapshot(wrongDigest, content.Default())
	assert.ErrorContains(t, err, "the state's digest is")

	wrongTurn := good
	wrongTurn.Pos.Turns = 5
	_, err = RestoreSnapshot(wrongTurn, content.Default())
	assert.ErrorContains(t, err, "the state is at turn 0, the snapshot says 5")

	otherSchema := good
	otherSchema.Schema = 99
	_, err = RestoreSnapshot(otherSchema, content.Default())
	assert.ErrorContains(t, err, "state schema 99")
}
