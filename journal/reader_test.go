package journal

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/events/wire"
)

func TestTheReaderGivesEveryTurnWithItsOffset(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(120)
	b, starts := journalOf(t, turns)

	r, err := NewBytesReader(b)
	require.NoError(t, err)
	assert.Equal(t, testHeader(), r.Header())
	assert.Equal(t, starts[0], r.End(), "before any turn, the good data ends after the header")
	var got events.Turn
	for i := range turns {
		require.NoError(t, r.Next(&got))
		assert.Equal(t, turns[i], got)
		assert.Equal(t, starts[i], r.Offset())
		assert.Equal(t, starts[i+1], r.End())
		assert.Equal(t, i+1, r.Turns())
	}
	assert.Equal(t, io.EOF, r.Next(&got))
	assert.Equal(t, io.EOF, r.Next(&got), "the end stays the end")
	assert.Nil(t, r.Tail())
}

func TestCuttingTheLastRecordAnywhereKeepsEveryEarlierTurn(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		last events.Turn
	}{
		{"a small last record (one-byte length)", sampleTurns(3)[2]},
		{"a large last record (two-byte length)", events.Turn{Command: &events.Descend{}, Facts: []events.Fact{level(2, 40)}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			turns := append(sampleTurns(5), c.last)
			b, starts := journalOf(t, turns)
			lastStart := starts[len(turns)-1]
			for cut := lastStart; cut < int64(len(b)); cut++ {
				_, got, err := readBytes(b[:cut])
				assert.Equal(t, turns[:len(turns)-1], got, "cut at %d", cut)
				if cut == lastStart {
					assert.NoError(t, err, "a cut between records is a clean end")
					continue
				}
				tail := asTail(t, err)
				assert.True(t, errors.Is(err, ErrTorn), "cut at %d: %v", cut, err)
				assert.Equal(t, &Tail{Offset: lastStart, Turn: len(turns) - 1, Dropped: cut - lastStart, Torn: true, Err: tail.Err}, tail)
				assert.Contains(t, tail.Error(), fmt.Sprintf("turn %d at byte %d: torn record", len(turns)-1, lastStart))
			}
		})
	}
}

func TestATornRecordSaysHowMuchOfItIsThere(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(3)
	b, starts := journalOf(t, turns)
	cut := starts[2] + 7
	_, _, err := readBytes(b[:cut])
	total := starts[3] - starts[2]
	assert.EqualError(t, err, fmt.Sprintf("journal: turn 2 at byte %d: torn record: 7 of %d bytes (7 bytes: an append cut short, as a crash leaves it)", starts[2], total))
}

func TestCuttingTheHeaderAnywhereIsAClearError(t *testing.T) {
	t.Parallel()
	b, starts := journalOf(t, sampleTurns(2))
	_, _, err := readBytes(nil)
	assertIs(t, err, ErrEmpty)
	assert.EqualError(t, err, "journal: at byte 0: empty file, not a rogue journal")
	for cut := 1; cut < int(starts[0]); cut++ {
		_, _, err := readBytes(b[:cut])
		require.Error(t, err)
		assertIs(t, err, ErrTruncatedHeader)
		assert.Contains(t, err.Error(), "header cut short")
	}
}

func TestAFlippedBitInAnyRecordIsCaughtAtThatRecord(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(8)
	b, starts := journalOf(t, turns)
	for rec := range turns {
		for off := starts[rec]; off < starts[rec+1]; off++ {
			for bit := range 8 {
				bad := cloneBytes(b)
				bad[off] ^= 1 << bit
				_, got, err := readBytes(bad)
				require.Error(t, err, "byte %d bit %d", off, bit)
				tail := asTail(t, err)
				assert.Equal(t, turns[:rec], got, "byte %d bit %d", off, bit)
				assert.Equal(t, starts[rec], tail.Offset, "byte %d bit %d: %v", off, bit, err)
				assert.Equal(t, rec, tail.Turn)
				assert.True(t, errors.Is(err, ErrCorrupt) || errors.Is(err, ErrTorn), "%v", err)
			}
		}
	}
}

func TestAFlippedBitInTheHeaderIsAClearError(t *testing.T) {
	t.Parallel()
	b, starts := journalOf(t, sampleTurns(2))
	for off := range starts[0] {
		for bit := range 8 {
			bad := cloneBytes(b)
			bad[off] ^= 1 << bit
			_, _, err := readBytes(bad)
			require.Error(t, err, "byte %d bit %d", off, bit)
			var e *Error
			require.True(t, errors.As(err, &e), "%v", err)
			assert.True(t, errors.Is(err, ErrNotJournal) || errors.Is(err, ErrBadHeader) || errors.Is(err, ErrTruncatedHeader),
				"byte %d bit %d: %v", off, bit, err)
		}
	}
}

func TestRecordsRepeatedReorderedOrSkippedBreakTheChain(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(5)
	b, s := journalOf(t, turns)
	rec := func(i int) []byte { return b[s[i]:s[i+1]] }
	build := func(parts ...[]byte) []byte {
		out := cloneBytes(b[:s[0]])
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	cases := []struct {
		name   string
		bytes  []byte
		kept   int
		failAt int64
	}{
		{"a record written twice", build(rec(0), rec(1), rec(1), rec(2), rec(3), rec(4)), 2, s[2]},
		{"two records swapped", build(rec(0), rec(2), rec(1), rec(3), rec(4)), 1, s[1]},
		{"a record left out", build(rec(0), rec(1), rec(3), rec(4)), 2, s[2]},
		{"the first record left out", build(rec(1), rec(2), rec(3), rec(4)), 0, s[0]},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, got, err := readBytes(c.bytes)
			assert.Equal(t, turns[:c.kept], got)
			tail := asTail(t, err)
			assertIs(t, err, ErrChecksum)
			assertIs(t, err, ErrCorrupt)
			assert.False(t, tail.Torn, "a bad record followed by more bytes is corruption, not a torn write")
			assert.Equal(t, c.failAt, tail.Offset)
			assert.Equal(t, int64(len(c.bytes))-c.failAt, tail.Dropped)
			assert.Contains(t, err.Error(), "checksum does not chain: record corrupt, repeated or out of order")
		})
	}
}

// frameAfter appends a validly framed record holding payload to journal b
// (whose last record's crc is prev).
func frameAfter(b []byte, prev uint32, payload []byte) []byte {
	out, _ := appendFrame(cloneBytes(b), prev, payload)
	return out
}

func nested(depth int) []byte {
	p := make([]byte, depth+1)
	for i := range depth {
		p[i] = 0x91
	}
	return p
}

func TestHostileRecordsAreRefusedQuicklyAndCheaply(t *testing.T) {
	// Not parallel: it counts the bytes the whole process allocates.
	for v := 1; wire.KnownFormat(v); v++ {
		t.Run(fmt.Sprintf("format %d", v), func(t *testing.T) { testHostileRecords(t, v) })
	}
}

func testHostileRecords(t *testing.T, format int) {
	h := testHeader()
	h.FormatVersion = format
	turns := sampleTurns(3)
	b, s := journalIn(t, h, turns)
	m, err := NewMemory(h)
	require.NoError(t, err)
	for i := range turns {
		require.NoError(t, m.Append(&turns[i]))
	}
	prev := m.Chain()
	withPrefix := func(prefix ...byte) []byte {
		out := append(cloneBytes(b), prefix...)
		return append(out, make([]byte, 64)...)
	}
	// byFormat picks the payload or message of this format.
	byFormat := func(v1, v2 string) string {
		if format == 1 {
			return v1
		}
		return v2
	}
	badDirection := []byte{0x02, 0x00, 0x00, 0x03, 0x01, 0x08} // Move north, 0 draws, Moved 1 in direction 8
	if format == 1 {
		badDirection = []byte{0x93, 0x92, 0x02, 0x00, 0x00, 0x93, 0x03, 0x01, 0x08}
	}
	cases := []struct {
		name string
		file []byte
		kind error
		want string
	}{
		{"a length of 2^40", withPrefix(binary.AppendUvarint(nil, 1<<40)...), ErrCorrupt,
			"corrupt record: its length 1099511627776 is over the cap of 262144 bytes"},
		{"a length prefix that overflows a uvarint", withPrefix(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01), ErrCorrupt,
			"corrupt record: its length prefix overflows 64 bits"},
		{"a length prefix that is not minimal", withPrefix(0x85, 0x00), ErrCorrupt,
			"corrupt record: its length prefix is not minimally encoded"},
		{"a length prefix cut short by the end of the file", append(cloneBytes(b), 0xff, 0xff), ErrTorn,
			"torn record: the file ends inside its length prefix, after 2 bytes"},
		{"an array32 declaring 4294967295 values", frameAfter(b, prev, []byte{0xdd, 0xff, 0xff, 0xff, 0xff}), ErrCorrupt,
			"record does not decode: payload offset 0: declares an array of 4294967295 values but only 0 bytes are left"},
		{"a map32 declaring 4294967295 pairs", frameAfter(b, prev, []byte{0xdf, 0xff, 0xff, 0xff, 0xff}), ErrCorrupt,
			"record does not decode: payload offset 0: a msgpack map, which a journal never holds"},
		{"a bin32 declaring 4 GiB", frameAfter(b, prev, []byte{0xc6, 0xff, 0xff, 0xff, 0xff}), ErrCorrupt,
			"record does not decode: payload offset 0: msgpack type 0xc6 is not allowed here"},
		{"a str32 declaring 4 GiB", frameAfter(b, prev, []byte{0x91, 0xdb, 0xff, 0xff, 0xff, 0xff}), ErrCorrupt,
			"record does not decode: payload offset 1: declares 4294967295 bytes but only 0 are left"},
		{"arrays nested 200,000 deep", frameAfter(b, prev, nested(200_000)), ErrCorrupt,
			byFormat("record does not decode: payload offset 3: arrays nested deeper than 3",
				"record does not decode: payload offset 1: arrays nested deeper than 1")},
		{"arrays nested 1,000,000 deep (over the record cap)", frameAfter(b, prev, nested(1_000_000)), ErrCorrupt,
			"corrupt record: its length 1000001 is over the cap of 262144 bytes"},
		{"a fact with a field out of range", frameAfter(b, prev, badDirection), ErrCorrupt,
			"record does not decode: fact 0 (Moved) field 2: 8 is not a direction"},
		{"an empty record", frameAfter(b, prev, nil), ErrCorrupt,
			byFormat("record does not decode: payload offset 0: value cut short",
				"record does not decode: payload offset 0: empty, want a command")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []events.Turn
			var err error
			allocated := bytesAllocated(func() { _, got, err = readBytes(c.file) })
			assert.Less(t, allocated, uint64(1<<20), "reading a hostile record allocates little")
			assert.Equal(t, turns, got)
			tail := asTail(t, err)
			assertIs(t, err, c.kind)
			assert.Equal(t, s[len(turns)], tail.Offset)
			assert.Equal(t, len(turns), tail.Turn)
			assert.Equal(t, c.want, tail.Err.Error())
		})
	}
}

func bytesAllocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestFilesThatAreNotUsableJournalsAreRefusedClearly(t *testing.T) {
	t.Parallel()
	b, _ := journalOf(t, sampleTurns(2))
	future := func() []byte {
		h := testHeader()
		payload, err := encodeHeader(h)
		require.NoError(t, err)
		payload[1] = 7 // the format version, a positive fixint
		out, _ := appendFrame([]byte(Magic), 0, payload)
		return out
	}
	badHeaderCRC := cloneBytes(b)
	badHeaderCRC[len(Magic)+1] ^= 0x01
	cases := []struct {
		name string
		file []byte
		kind error
		want string
	}{
		{"an empty file", []byte{}, ErrEmpty, "journal: at byte 0: empty file, not a rogue journal"},
		{"a file with the wrong magic", append([]byte("ROGUEJNX"), b[8:]...), ErrNotJournal,
			"journal: at byte 0: not a rogue journal (no ROGUEJNL magic)"},
		{"a text file", []byte("hello\n"), ErrNotJournal, "journal: at byte 0: not a rogue journal (no ROGUEJNL magic)"},
		{"a file that ends inside the magic", []byte("ROGUE"), ErrTruncatedHeader,
			"journal: at byte 0: header cut short: the file ends after 5 bytes, inside the magic"},
		{"a journal from a newer program", future(), ErrFutureFormat,
			fmt.Sprintf("journal: at byte 8: format version 7 is newer than this program, which reads up to %d: update rogue", wire.FormatVersion)},
		{"a header whose checksum is wrong", badHeaderCRC, ErrBadHeader,
			"journal: at byte 8: bad header: checksum mismatch, the header is corrupt"},
		{"a header longer than the cap", append([]byte(Magic), 0x80, 0x10), ErrBadHeader,
			"journal: at byte 8: bad header: its length 2048 is over the cap of 1024 bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := readBytes(c.file)
			require.Error(t, err)
			assertIs(t, err, c.kind)
			assert.EqualError(t, err, c.want)
		})
	}
}

func TestOpenNamesTheFileInItsErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	notJournal := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(notJournal, []byte("dear diary"), 0o644))
	cases := []struct {
		name string
		path string
		kind error
		want string
	}{
		{"a missing file", filepath.Join(dir, "missing.jnl"), os.ErrNotExist, "journal " + dir + "/missing.jnl: open: no such file or directory"},
		{"a directory", dir, ErrNotJournal, "journal " + dir + ": is a directory, not a rogue journal"},
		{"a device", "/dev/null", ErrNotJournal, "journal /dev/null: is not a regular file"},
		{"a file that is not a journal", notJournal, ErrNotJournal, "journal " + notJournal + ": at byte 0: not a rogue journal (no ROGUEJNL magic)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Open(c.path)
			require.Error(t, err)
			assert.Nil(t, r)
			assertIs(t, err, c.kind)
			assert.EqualError(t, err, c.want)
		})
	}
}

func TestOpenRefusesAFileItMayNotRead(t *testing.T) {
	// Not parallel: as root it starts a process (runAsNobody), which holds
	// every file open in this process from its fork to its exec, and with
	// them the flock of a journal another test has just closed.
	if runAsNobody(t) {
		return
	}
	path := filepath.Join(t.TempDir(), "secret.jnl")
	b, _ := journalOf(t, sampleTurns(2))
	require.NoError(t, os.WriteFile(path, b, 0o644))
	require.NoError(t, os.Chmod(path, 0))
	if f, err := os.Open(path); err == nil {
		f.Close()
		t.Skip("this user reads files with mode 000: root, with no way to run as nobody")
	}
	_, err := Open(path)
	assertIs(t, err, os.ErrPermission)
	assert.EqualError(t, err, "journal "+path+": open: permission denied")
	_, _, err = OpenAppend(path)
	assertIs(t, err, os.ErrPermission)
}

func TestAFileIsReadThroughASmallBufferWhateverItsRecordSizes(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(8000)
	// A record larger than the read buffer, so the buffer must grow.
	big := events.Turn{Command: &events.Wait{}}
	for range 200 {
		big.Facts = append(big.Facts, level(3, events.MaxRooms))
	}
	turns = append(turns[:1500], append([]events.Turn{big}, turns[1500:]...)...)
	b, starts := journalOf(t, turns)
	require.Greater(t, starts[1501]-starts[1500], int64(readBufSize))
	require.Greater(t, len(b), 4*readBufSize)

	path := filepath.Join(t.TempDir(), "long.jnl")
	require.NoError(t, os.WriteFile(path, b, 0o644))
	r, err := Open(path)
	require.NoError(t, err)
	defer r.Close()
	got, err := readAll(r)
	require.NoError(t, err)
	assert.Equal(t, turns, got)
	assert.LessOrEqual(t, cap(r.w.buf), maxFrameOverhead+MaxRecordSize)
}

func TestAJournalChangingUnderTheReaderIsAnError(t *testing.T) {
	t.Parallel()
	b, _ := journalOf(t, sampleTurns(8000))
	require.Greater(t, len(b)/2, readBufSize, "the reader must read past the first window to see the file shrink")
	path := filepath.Join(t.TempDir(), "shrinking.jnl")
	require.NoError(t, os.WriteFile(path, b, 0o644))
	r, err := Open(path)
	require.NoError(t, err)
	defer r.Close()
	require.NoError(t, os.Truncate(path, int64(len(b)/2)))
	_, err = readAll(r)
	var e *Error
	require.True(t, errors.As(err, &e), "%v", err)
	assertIs(t, err, io.ErrUnexpectedEOF)
	assert.True(t, strings.HasPrefix(err.Error(), "journal "+path+": turn "), err.Error())
}

func TestAJournalGrowingUnderTheReaderIsReadToTheSizeItHadWhenOpened(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(8000)
	b, starts := journalOf(t, turns)
	require.Greater(t, len(b)/2, readBufSize, "the reader must read past the first window to see the file grow")
	cases := []struct {
		name  string
		size  int64
		turns int
		torn  bool
	}{
		{"opened between two records", starts[5000], 5000, false},
		{"opened in the middle of a record", starts[5000] + 2, 5000, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The whole journal is there to be read, as a game appending
			// while the reader reads makes it; the reader reads what it
			// was told is there.
			r, err := NewReader(bytes.NewReader(b), c.size, "growing.jnl")
			require.NoError(t, err)
			got, err := readAll(r)
			assert.Equal(t, turns[:c.turns], got)
			if !c.torn {
				assert.NoError(t, err)
				assert.Equal(t, c.size, r.End())
				return
			}
			tail := asTail(t, err)
			assert.True(t, tail.Torn)
			assert.Equal(t, starts[c.turns], tail.Offset)
			assert.Equal(t, c.size-starts[c.turns], tail.Dropped)
		})
	}
}

func TestAClosedReaderReadsNoMore(t *testing.T) {
	t.Parallel()
	b, _ := journalOf(t, sampleTurns(3))
	r, err := NewBytesReader(b)
	require.NoError(t, err)
	require.NoError(t, r.Close())
	var turn events.Turn
	assertIs(t, r.Next(&turn), ErrClosed)
}

// A short record whose checksum chains but whose turn does not decode
// leaves the reader where the last good turn left it, whether or not it
// recycles facts: the one pass over a common record takes back what it
// moved before handing the record to the slow path that words the error.
func TestARecordThatChainsButDoesNotDecodeLeavesTheReaderAtTheLastTurn(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(4)
	b, starts := journalOf(t, turns)
	m, err := NewMemory(testHeader())
	require.NoError(t, err)
	for i := range turns {
		require.NoError(t, m.Append(&turns[i]))
	}
	cases := []struct {
		name    string
		payload []byte
		want    string
	}{
		{"an unknown opener of one byte", []byte{0x6b}, "record does not decode: command: unknown code 107"},
		{"a Move shorthand with no draw count", []byte{0x40}, "record does not decode: turn: draw count: missing (the turn ends)"},
		{"a step whose monster's id is cut short", []byte{0x4a, 0x58, 0xcd, 0x01}, "record does not decode: payload offset 2: declares 2 bytes but only 1 are left"},
	}
	for _, c := range cases {
		for _, reuse := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, reusing facts %v", c.name, reuse), func(t *testing.T) {
				r, err := NewBytesReader(frameAfter(b, m.Chain(), c.payload))
				require.NoError(t, err)
				if reuse {
					r.ReuseFacts()
				}
				var got events.Turn
				for i := range turns {
					require.NoError(t, r.Next(&got))
					require.Equal(t, turns[i], got)
				}
				tail := asTail(t, r.Next(&got))
				assert.Equal(t, c.want, tail.Err.Error())
				assert.Equal(t, starts[len(turns)], tail.Offset)
				assert.Equal(t, starts[len(turns)-1], r.Offset())
				assert.Equal(t, starts[len(turns)], r.End())
				assert.Equal(t, len(turns), r.Turns())
				assert.Equal(t, m.Chain(), r.Chain())
			})
		}
	}
}
