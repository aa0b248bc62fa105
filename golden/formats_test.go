package golden

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/events/wire"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// formatJournal is a journal of the format corpus.
type formatJournal struct {
	path    string
	version int // the format version its folder names
}

// formatJournals lists testdata/formats/v*/*.rogue, in order.
func formatJournals(t *testing.T) []formatJournal {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "formats", "v*", "*.rogue"))
	require.NoError(t, err)
	var out []formatJournal
	for _, p := range paths {
		v, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(filepath.Dir(p)), "v"))
		require.NoError(t, err, "%s: the folder must be named v<format version>", p)
		out = append(out, formatJournal{p, v})
	}
	return out
}

// Promise 4: a journal of every format version ever released still
// replays, to the state it always did, and re-simulates under the rules
// it was played with.
func TestJournalsOfEveryReleasedFormatStillReplay(t *testing.T) {
	t.Parallel()
	journals := formatJournals(t)
	for _, j := range journals {
		path, version := j.path, j.version
		t.Run(strings.TrimPrefix(path, filepath.Join("testdata", "formats")+"/"), func(t *testing.T) {
			r, err := journal.Open(path)
			require.NoError(t, err)
			defer r.Close()
			h := r.Header()
			assert.Equal(t, version, h.FormatVersion, "the journal is in its folder's format")
			s, tail, err := game.Fold(r, content.Default(), -1, nil)
			require.NoError(t, err)
			require.Nil(t, tail, "a released journal has no tail to drop")
			got := fmt.Sprintf("turns: %d\ndigest: %s\n", s.Turn, s.Digest())

			digestPath := strings.TrimSuffix(path, ".rogue") + ".digest"
			if *update {
				require.NoError(t, os.WriteFile(digestPath, []byte(got), 0o644))
			}
			want, err := os.ReadFile(digestPath)
			require.NoError(t, err, "no .digest file: run go test ./golden -update and review it")
			assert.Equal(t, string(want), got, "%s no longer folds to the state it did", path)

			// Every rules version is kept: each journal re-simulates
			// under its own.
			v, err := journal.Open(path)
			require.NoError(t, err)
			defer v.Close()
			div, checked, tail, err := game.Verify(v, content.Default())
			require.NoError(t, err)
			require.Nil(t, tail)
			if div != nil {
				t.Fatalf("%s no longer re-simulates:\n%s", path, div.Report())
			}
			assert.Equal(t, s.Turn, checked)
		})
	}
	for v := 1; v <= wire.FormatVersion; v++ {
		found := false
		for _, j := range journals {
			found = found || j.version == v
		}
		assert.True(t, found, "no journal of format %d in testdata/formats/v%d: add a few (the corpus only grows)", v, v)
	}
}

// The games in the corpus were recorded again by each later release, under
// the same names: the same game, written in each format, reads back as the
// same turns.
func TestTheSameGameReadsTheSameInEveryFormat(t *testing.T) {
	t.Parallel()
	byName := map[string][]formatJournal{}
	var names []string
	for _, j := range formatJournals(t) {
		name := filepath.Base(j.path)
		if byName[name] == nil {
			names = append(names, name)
		}
		byName[name] = append(byName[name], j)
	}
	compared := 0
	for _, name := range names {
		js := byName[name]
		first := readTurns(t, js[0].path)
		for _, j := range js[1:] {
			assert.Equal(t, first, readTurns(t, j.path), "%s and %s", js[0].path, j.path)
			compared++
		}
	}
	assert.Positive(t, compared, "no game is in the corpus in two formats")
}

// readTurns reads every turn of the journal at path.
func readTurns(t *testing.T, path string) []events.Turn {
	t.Helper()
	r, err := journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	var out []events.Turn
	for {
		var turn events.Turn
		err := r.Next(&turn)
		if errors.Is(err, io.EOF) {
			return out
		}
		require.NoError(t, err, path)
		out = append(out, turn)
	}
}

func TestAJournalFromANewerFormatSaysWhichVersionItNeeds(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("testdata", "formats", "v1", "seed-1.rogue"))
	require.NoError(t, err)
	newer := wire.FormatVersion + 1
	path := filepath.Join(t.TempDir(), "from-the-future.rogue")
	require.NoError(t, os.WriteFile(path, withFormatVersion(t, b, newer), 0o644))
	want := fmt.Sprintf("journal %s: at byte 8: format version %d is newer than this program, which reads up to %d: update rogue",
		path, newer, wire.FormatVersion)

	r, err := journal.Open(path)
	assert.Nil(t, r)
	assert.True(t, errors.Is(err, journal.ErrFutureFormat), "%v", err)
	assert.EqualError(t, err, want)
	f, tail, err := journal.OpenAppend(path)
	assert.Nil(t, f)
	assert.Nil(t, tail)
	assert.True(t, errors.Is(err, journal.ErrFutureFormat), "%v", err)
	assert.EqualError(t, err, want)
}

// withFormatVersion returns journal b with the format version in its
// header (the header payload's first value, a positive fixint) set to v
// and the header's crc, and every crc chained after it, made right.
func withFormatVersion(t *testing.T, b []byte, v int) []byte {
	t.Helper()
	require.Less(t, v, 0x80, "a positive fixint")
	castagnoli := crc32.MakeTable(crc32.Castagnoli)
	out := append([]byte(nil), b...)
	off := len(journal.Magic)
	var prev uint32
	for first := true; off < len(out); first = false {
		n, k := binary.Uvarint(out[off:])
		require.Greater(t, k, 0)
		crcAt := off + k
		payload := out[crcAt+4 : crcAt+4+int(n)]
		if first {
			require.Equal(t, byte(0x97), payload[0], "a header of formats 1 and 2 is an array of 7 values")
			payload[1] = byte(v)
		}
		prev = crc32.Update(prev, castagnoli, payload)
		binary.LittleEndian.PutUint32(out[crcAt:], prev)
		off = crcAt + 4 + int(n)
	}
	return out
}
