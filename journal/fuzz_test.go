package journal

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vmihailenco/msgpack/v5"
)

// readerSeeds are whole files: journals good, torn, tampered with, hostile.
func readerSeeds(t testing.TB) [][]byte {
	turns := sampleTurns(6)
	good, s := journalOf(t, turns)
	m, err := NewMemory(testHeader())
	require.NoError(t, err)
	appendAll(t, m, turns)
	prev := m.Chain()
	flipped := cloneBytes(good)
	flipped[s[3]+4] ^= 0x40
	repeated := append(cloneBytes(good), good[s[5]:s[6]]...)
	header, _ := journalOf(t, nil)
	older := testHeader()
	older.FormatVersion = 3
	good3, _ := journalIn(t, older, turns)
	return [][]byte{
		good,
		good3,
		good[:len(good)-3],
		good[:s[0]-2],
		flipped,
		repeated,
		header,
		frameAfter(good, prev, []byte{0xdd, 0xff, 0xff, 0xff, 0xff}),
		frameAfter(good, prev, []byte{0xdf, 0xff, 0xff, 0xff, 0xff}),
		frameAfter(good, prev, []byte{0xc6, 0xff, 0xff, 0xff, 0xff}),
		frameAfter(good, prev, nested(100)),
		append(cloneBytes(good), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01),
		[]byte(Magic),
		{},
	}
}

func FuzzReader(f *testing.F) {
	for _, seed := range readerSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// As given, and with every checksum made right so that mutations
		// get past the CRC to the shape check and the decoders.
		checkReads(t, data)
		checkReads(t, rechain(data))
	})
}

// checkReads reads data as a journal file and checks that it fails
// cleanly, and that whatever it reads writes back and reads back the same.
func checkReads(t *testing.T, data []byte) {
	r, err := NewBytesReader(data)
	if err != nil {
		var e *Error
		require.True(t, errors.As(err, &e), "opening fails with an *Error, got %v", err)
		return
	}
	turns, err := readAll(r)
	if err != nil {
		// Bytes in memory cannot fail to read: only a tail stops them.
		tail := asTail(t, err)
		assert.Equal(t, r.End(), tail.Offset)
		assert.Equal(t, int64(len(data))-tail.Offset, tail.Dropped)
		assert.Equal(t, len(turns), tail.Turn)
	}

	m, err := NewMemory(r.Header())
	require.NoError(t, err, "a header that reads is one a writer takes")
	for i := range turns {
		require.NoError(t, m.Append(&turns[i]), "turn %d reads, so it writes", i)
	}
	h, again, err := readBytes(m.Bytes())
	require.NoError(t, err)
	assert.Equal(t, r.Header(), h)
	assert.Equal(t, turns, again)

	// The good part alone reads cleanly, with the same turns.
	_, prefix, err := readBytes(data[:r.End()])
	require.NoError(t, err)
	assert.Equal(t, turns, prefix)
}

// rechain returns a copy of data in which every record the framing can
// find carries the right chained checksum.
func rechain(data []byte) []byte {
	out := cloneBytes(data)
	off := len(Magic)
	var prev uint32
	for off < len(out) {
		v, n := binary.Uvarint(out[off:])
		if n <= 0 || len(out)-off-n < 4 || v > uint64(len(out)-off-n-4) {
			break
		}
		crcAt := off + n
		end := crcAt + 4 + int(v)
		prev = chain(prev, out[crcAt+4:end])
		binary.LittleEndian.PutUint32(out[crcAt:], prev)
		off = end
	}
	return out
}

func FuzzHeader(f *testing.F) {
	full := testHeader()
	full.Options = Options{Wizard: true, SyncEvery: 100}
	full.Player = "Zoë"
	child := testHeader()
	child.Parent = &Parent{Name: "game.rogue", Chain: 0xfeedface, Turn: 812}
	for _, h := range []Header{testHeader(), full, child} {
		p, err := encodeHeader(h)
		require.NoError(f, err)
		f.Add(p)
	}
	for _, v := range [][]any{
		{7, "future", map[string]int{"x": 1}},
		{1, 1, "pcg32", -5, 0, "Ada", []any{false, 0}},
		{1, 1, "pcg32", 1, 0, "A\x1b[2J", []any{false, 0}},
		{1, 1, "pcg32", nil, 0, "Ada", []any{false, 0}},
		{1, 1, "pcg32", 1, 0, "Ada", []any{false, 0}, []any{"../x\x1b", -1, 0}},
	} {
		p, err := msgpack.Marshal(v)
		require.NoError(f, err)
		f.Add(p)
	}
	f.Add([]byte{0xdd, 0xff, 0xff, 0xff, 0xff, 0x01})
	f.Fuzz(func(t *testing.T, payload []byte) {
		h, err := decodeHeader(payload)
		if err != nil {
			assert.True(t, errors.Is(err, ErrBadHeader) || errors.Is(err, ErrFutureFormat), "%v", err)
			return
		}
		again, err := encodeHeader(h)
		require.NoError(t, err)
		back, err := decodeHeader(again)
		require.NoError(t, err)
		assert.Equal(t, h, back)
		_, err = NewMemory(h)
		assert.NoError(t, err, "a header that reads is one a writer takes")
	})
}
