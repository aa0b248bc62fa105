package play

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/journal"
)

// play changes no byte of a journal it then refuses: the checks come
// before a torn tail is cut.
func TestPlayRefusesBeforeItCutsATornTail(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	finished := testPlayer(newDeadlySession(t, dir))
	botPlays(finished, 500)
	require.True(t, finished.sess.g.State.Over, "seed 7 dies under the bot")
	_, err := finished.finish()
	require.NoError(t, err)
	over, err := os.ReadFile(finished.sess.path)
	require.NoError(t, err)

	alive := newTestSession(t, t.TempDir(), 5)
	require.NoError(t, alive.close())
	good, err := os.ReadFile(alive.path)
	require.NoError(t, err)
	other := bytes.Replace(good, []byte("splitmix64-counter/1"), []byte("splitmix64-counter/9"), 1)
	require.NotEqual(t, good, other, "the header names the PRNG")

	cases := []struct {
		name  string
		bytes []byte
		says  string
	}{
		{"a finished game with a torn tail", append(bytes.Clone(over), 40, 1, 2), "that game is over"},
		{"a journal of another PRNG with a torn tail", append(rechain(other), 40, 1, 2), `draws chance with "splitmix64-counter/9"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := t.TempDir()
			path := writeFile(t, d, "game.rogue", c.bytes)
			_, err := openSession(path)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.says)
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(c.bytes, after), "the journal is as it was")
			sides, err := filepath.Glob(path + ".torn-*")
			require.NoError(t, err)
			assert.Empty(t, sides, "and nothing was cut into a side file")
		})
	}
}

// writeFile writes b to name in dir and returns the path.
func writeFile(t *testing.T, dir, name string, b []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return path
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// rechain returns a copy of journal b with every record's chained crc
// made right (after a test changed bytes inside a record); journal/doc.go
// has the format.
func rechain(b []byte) []byte {
	out := append([]byte(nil), b...)
	off := len(journal.Magic)
	var prev uint32
	for off < len(out) {
		n, k := binary.Uvarint(out[off:])
		if k <= 0 || len(out)-off-k < 4 || uint64(len(out)-off-k-4) < n {
			break
		}
		crcAt := off + k
		end := crcAt + 4 + int(n)
		prev = crc32.Update(prev, castagnoli, out[crcAt+4:end])
		binary.LittleEndian.PutUint32(out[crcAt:], prev)
		off = end
	}
	return out
}
