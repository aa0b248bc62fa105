package replay

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/journal"
	"rogue/reducer/content"
)

// Frames of a journal being written grow as it does: the new turns are
// counted from the bytes after the last whole turn, a half-written one
// is waited out, and every frame, the new ones too, is what a plain fold
// of the whole journal gives.
func TestFramesGrowAsTheJournalIsWritten(t *testing.T) {
	t.Parallel()
	whole := botJournalFile(t, t.TempDir(), 3, 1500)
	b, err := os.ReadFile(whole)
	require.NoError(t, err)
	r, err := journal.NewBytesReader(b)
	require.NoError(t, err)
	var ends []int64 // ends[i]: where turn i ends
	for {
		if err := r.Next(new(events.Turn)); err != nil {
			break
		}
		ends = append(ends, r.End())
	}
	require.Len(t, ends, 1500)
	path := filepath.Join(t.TempDir(), "live.rogue")
	require.NoError(t, os.WriteFile(path, b[:ends[99]], 0o644))
	f, err := Open(path, content.Default())
	require.NoError(t, err)
	defer f.Close()
	require.Equal(t, 100, f.Total())
	depths, err := f.DepthTurns()
	require.NoError(t, err)
	_, err = f.At(100)
	require.NoError(t, err)

	appendTo(t, path, b[ends[99]:ends[900]-2])
	added, err := f.Grow()
	require.NoError(t, err)
	assert.Equal(t, []int{800, 900}, []int{added, f.Total()}, "the half-written turn 900 waits")

	appendTo(t, path, b[ends[900]-2:])
	added, err = f.Grow()
	require.NoError(t, err)
	assert.Equal(t, []int{600, 1500}, []int{added, f.Total()})
	added, err = f.Grow()
	require.NoError(t, err)
	assert.Equal(t, 0, added)

	want := foldPlainly(t, whole)
	for _, turn := range []int{100, 101, 900, 1500, 37, 1499, 901} {
		checkFrame(t, f, want, turn)
	}
	all, err := Open(whole, content.Default())
	require.NoError(t, err)
	defer all.Close()
	wantDepths, err := all.DepthTurns()
	require.NoError(t, err)
	got, err := f.DepthTurns()
	require.NoError(t, err)
	assert.Equal(t, wantDepths, got)
	assert.NotEqual(t, len(depths), len(got), "the new turns entered new levels")
}

// A journal deleted or cut short while followed is said so, and the
// frames read stay.
func TestFramesSayWhenTheJournalFollowedIsDeletedOrCut(t *testing.T) {
	t.Parallel()
	whole := botJournalFile(t, t.TempDir(), 3, 100)
	b, err := os.ReadFile(whole)
	require.NoError(t, err)
	cases := []struct {
		name   string
		change func(path string)
		kind   error
	}{
		{"deleted", func(path string) { require.NoError(t, os.Remove(path)) }, journal.ErrGone},
		{"cut", func(path string) { require.NoError(t, os.Truncate(path, int64(len(b)/2))) }, journal.ErrCut},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "live.rogue")
			require.NoError(t, os.WriteFile(path, b, 0o644))
			f, err := Open(path, content.Default())
			require.NoError(t, err)
			defer f.Close()
			_, err = f.At(100)
			require.NoError(t, err)
			c.change(path)
			added, err := f.Grow()
			assert.Equal(t, 0, added)
			assert.ErrorIs(t, err, c.kind)
			assert.Equal(t, 100, f.Total())
		})
	}
}

func appendTo(t *testing.T, path string, b []byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.Write(b)
	require.NoError(t, err)
	require.NoError(t, f.Close())
}
