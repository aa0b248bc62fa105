package journal

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// readOn reads the turns r has now, and says how reading stopped: "end",
// "torn" or "damaged".
func readOn(t *testing.T, r *Reader) (int, string) {
	t.Helper()
	n := 0
	for {
		var turn events.Turn
		err := r.Next(&turn)
		switch {
		case err == nil:
			n++
			continue
		case errors.Is(err, io.EOF):
			return n, "end"
		case errors.As(err, new(*Tail)) && r.Tail().Torn:
			return n, "torn"
		case errors.As(err, new(*Tail)):
			return n, "damaged"
		}
		require.NoError(t, err)
	}
}

// A journal followed as it is written is read on from where the reader
// stopped, a record at a time as it becomes whole: a half-written record
// waits, a torn end cut back and written again reads on, damage stays.
func TestGrowReadsOnAsTheJournalIsWritten(t *testing.T) {
	t.Parallel()
	b, starts := journalOf(t, sampleTurns(30))
	path := filepath.Join(t.TempDir(), "live.rogue")
	require.NoError(t, os.WriteFile(path, b[:starts[10]], 0o644))
	r, err := Open(path)
	require.NoError(t, err)
	defer r.Close()
	type step struct {
		Grew  bool
		Read  int
		Ended string
	}
	look := func() step {
		grew, err := r.Grow()
		require.NoError(t, err)
		n, how := readOn(t, r)
		return step{grew, n, how}
	}
	appendBytes := func(p []byte) {
		f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		require.NoError(t, err)
		_, err = f.Write(p)
		require.NoError(t, err)
		require.NoError(t, f.Close())
	}
	n, how := readOn(t, r)
	assert.Equal(t, step{false, 10, "end"}, step{false, n, how})
	assert.Equal(t, step{false, 0, "end"}, look(), "nothing new")

	appendBytes(b[starts[10]:starts[15]])
	assert.Equal(t, step{true, 5, "end"}, look())

	half := (starts[15] + starts[16]) / 2
	appendBytes(b[starts[15]:half])
	assert.Equal(t, step{true, 0, "torn"}, look(), "a record half written")
	appendBytes(b[half:starts[20]])
	assert.Equal(t, step{true, 5, "end"}, look(), "the record made whole, and more")

	// A torn end a game cut back (File.TrimTorn) before writing on.
	appendBytes([]byte{0x7f, 1, 2})
	assert.Equal(t, step{true, 0, "torn"}, look())
	require.NoError(t, os.Truncate(path, starts[20]))
	appendBytes(b[starts[20]:starts[25]])
	assert.Equal(t, step{true, 5, "end"}, look())

	// Damage: a whole record that fails its checksum stays damage.
	bad := cloneBytes(b[starts[25]:starts[26]])
	bad[len(bad)-1] ^= 0xff
	appendBytes(bad)
	assert.Equal(t, step{true, 0, "damaged"}, look())
	appendBytes(b[starts[26]:])
	assert.Equal(t, step{true, 0, "damaged"}, look())
	assert.Equal(t, 25, r.Turns())
}

// A journal deleted, replaced or cut before the turns read while it is
// followed is said so, and the reader is left as it was.
func TestGrowSaysWhenTheJournalFollowedIsGoneOrCut(t *testing.T) {
	t.Parallel()
	b, starts := journalOf(t, sampleTurns(10))
	cases := []struct {
		name   string
		change func(path string)
		kind   error
		msg    string
	}{
		{"deleted", func(path string) { require.NoError(t, os.Remove(path)) }, ErrGone,
			"journal PATH: was deleted while it was followed, after turn 9"},
		{"replaced", func(path string) {
			require.NoError(t, os.WriteFile(path+".new", b, 0o644))
			require.NoError(t, os.Rename(path+".new", path))
		}, ErrGone, "journal PATH: was replaced by another file while it was followed, after turn 9"},
		{"cut", func(path string) { require.NoError(t, os.Truncate(path, starts[5])) }, ErrCut,
			"journal PATH: was cut to SIZE bytes while it was followed, before the end of turn 9 at byte END"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "live.rogue")
			require.NoError(t, os.WriteFile(path, b, 0o644))
			r, err := Open(path)
			require.NoError(t, err)
			defer r.Close()
			n, _ := readOn(t, r)
			require.Equal(t, 10, n)
			c.change(path)
			grew, err := r.Grow()
			assert.False(t, grew)
			assert.ErrorIs(t, err, c.kind)
			want := c.msg
			want = strings.NewReplacer("PATH", path, "SIZE", strconv.FormatInt(starts[5], 10), "END", strconv.FormatInt(starts[10], 10)).Replace(want)
			assert.EqualError(t, err, want)
			assert.Equal(t, 10, r.Turns())
		})
	}
}
