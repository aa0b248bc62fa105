package journal

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vmihailenco/msgpack/v5"

	"rogue/events"
	"rogue/events/wire"
)

func TestHeadersSurviveARoundTrip(t *testing.T) {
	t.Parallel()
	full := testHeader()
	full.Seed = 1<<64 - 1
	full.Player = strings.Repeat("é", MaxNameLen/2)
	full.Algorithm = strings.Repeat("x", MaxNameLen)
	full.Options = Options{Wizard: true, SyncEvery: 500}
	noName := testHeader()
	noName.Player = ""
	noName.Seed = 0
	noName.Created = time.Unix(0, 0).UTC()
	child := testHeader()
	child.Parent = &Parent{Name: "2026-11-23_0842_seed-123456.rogue", Chain: 0xdeadbeef, Turn: 812}
	longest := full
	longest.Parent = &Parent{Name: strings.Repeat("é", MaxParentNameLen/2), Chain: 1<<32 - 1, Turn: MaxTurns - 1}
	cases := []struct {
		name string
		h    Header
	}{
		{"a header naming its parent", child},
		{"a header with every field and its parent at their largest", longest},
		{"a plain header", testHeader()},
		{"a header with every field at its largest", full},
		{"a header with no player name, seed 0, created at the epoch", noName},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			payload, err := encodeHeader(c.h)
			require.NoError(t, err)
			require.LessOrEqual(t, len(payload), MaxHeaderSize)
			got, err := decodeHeader(payload)
			require.NoError(t, err)
			assert.Equal(t, c.h, got)
		})
	}
}

func TestAPlainHeaderIsSmall(t *testing.T) {
	t.Parallel()
	payload, err := encodeHeader(testHeader())
	require.NoError(t, err)
	assert.Equal(t, []byte{0x97, wire.FormatVersion, events.RulesVersion, 0xa5, 'p', 'c', 'g', '3', '2',
		0xcf, 0x00, 0x00, 0xde, 0xad, 0xbe, 0xef, 0xca, 0xfe,
		0xce, 0x67, 0xd4, 0x46, 0xa6, // 2025-03-14 15:09:26 UTC
		0xa3, 'A', 'd', 'a', 0x92, 0xc2, 0x00}, payload)
}

func TestNewJournalsFillInTheHeaderDefaults(t *testing.T) {
	t.Parallel()
	m, err := NewMemory(Header{Algorithm: "pcg32", Created: time.Date(2025, 3, 14, 16, 9, 26, 535897932, time.FixedZone("CET", 3600))})
	require.NoError(t, err)
	assert.Equal(t, Header{
		FormatVersion: wire.FormatVersion,
		RulesVersion:  events.RulesVersion,
		Algorithm:     "pcg32",
		Created:       time.Date(2025, 3, 14, 15, 9, 26, 0, time.UTC),
	}, m.Header())

	before := time.Now().Add(-time.Second)
	m, err = NewMemory(Header{Algorithm: "pcg32"})
	require.NoError(t, err)
	assert.True(t, m.Header().Created.After(before), "a zero Created means now")
}

func TestHeadersThatCannotBeWrittenAreRefused(t *testing.T) {
	t.Parallel()
	with := func(change func(*Header)) Header {
		h := testHeader()
		change(&h)
		return h
	}
	cases := []struct {
		name string
		h    Header
		want string
	}{
		{"a player name over 64 bytes", with(func(h *Header) { h.Player = strings.Repeat("a", 65) }),
			"journal: header: player name is 65 bytes, more than 64"},
		{"a player name with an escape sequence", with(func(h *Header) { h.Player = "\x1b[2J" }),
			"journal: header: player name holds the control character U+001B"},
		{"a player name that is not UTF-8", with(func(h *Header) { h.Player = "\xff" }),
			"journal: header: player name is not valid UTF-8"},
		{"no PRNG algorithm", with(func(h *Header) { h.Algorithm = "" }),
			"journal: header: PRNG algorithm is empty"},
		{"a format version from the future", with(func(h *Header) { h.FormatVersion = wire.FormatVersion + 1 }),
			fmt.Sprintf("journal: header: format version %d, but this program writes only 1 to %d", wire.FormatVersion+1, wire.FormatVersion)},
		{"a negative batch size", with(func(h *Header) { h.Options.SyncEvery = -1 }),
			"journal: header: sync every -1 turns is out of range"},
		{"a parent with no name", with(func(h *Header) { h.Parent = &Parent{Turn: 5} }),
			"journal: header: parent journal name is empty"},
		{"a parent turn below 0", with(func(h *Header) { h.Parent = &Parent{Name: "a.rogue", Turn: -1} }),
			"journal: header: parent turn -1 is out of range (0 to 67108863)"},
		{"a parent name that is not UTF-8", with(func(h *Header) { h.Parent = &Parent{Name: "\xff.rogue", Turn: 5} }),
			"journal: header: parent journal name is not valid UTF-8"},
		{"a creation time before 1970", with(func(h *Header) { h.Created = time.Date(1969, 1, 1, 0, 0, 0, 0, time.UTC) }),
			"journal: header: created time -31536000 is not between 1970 and 9999"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewMemory(c.h)
			assertIs(t, err, ErrInvalid)
			assert.EqualError(t, err, c.want)
		})
	}
}

func TestMalformedHeaderPayloadsAreRefused(t *testing.T) {
	t.Parallel()
	enc := func(v ...any) []byte {
		b, err := msgpack.Marshal(v)
		require.NoError(t, err)
		return b
	}
	opts := []any{false, 0}
	parent := []any{"a.rogue", 1, 5}
	cases := []struct {
		name    string
		payload []byte
		kind    error
		want    string
	}{
		{"format version 7", enc(7, "anything at all", map[string]int{"x": 1}), ErrFutureFormat,
			fmt.Sprintf("format version 7 is newer than this program, which reads up to %d: update rogue", wire.FormatVersion)},
		{"format version 0", enc(0, 1, "pcg32", 1, 0, "Ada", opts), ErrBadHeader, "bad header: format version 0 is not valid"},
		{"a negative format version", enc(-1, 1, "pcg32", 1, 0, "Ada", opts), ErrBadHeader, "bad header: format version -1 is out of range"},
		{"not an array", enc(1)[1:], ErrBadHeader, "bad header: it is not a non-empty array"},
		{"an empty array", []byte{0x90}, ErrBadHeader, "bad header: it is not a non-empty array"},
		{"a field too many", enc(1, 1, "pcg32", 1, 0, "Ada", opts, parent, 9), ErrBadHeader, "bad header: an array of 9 values, format 1 has 7 (or 8 with a parent)"},
		{"a field too few", enc(1, 1, "pcg32", 1, 0, "Ada"), ErrBadHeader, "bad header: an array of 6 values, format 1 has 7 (or 8 with a parent)"},
		{"a nil where the parent goes", enc(1, 1, "pcg32", 1, 0, "Ada", opts, nil), ErrBadHeader, "bad header: parent is missing"},
		{"a parent that is not an array", enc(1, 1, "pcg32", 1, 0, "Ada", opts, 9), ErrBadHeader, "bad header: parent is not an array of 3 values"},
		{"a parent of the wrong length", enc(1, 1, "pcg32", 1, 0, "Ada", opts, []any{"a.rogue", 1}), ErrBadHeader,
			"bad header: parent is not an array of 3 values"},
		{"a parent with an empty name", enc(1, 1, "pcg32", 1, 0, "Ada", opts, []any{"", 1, 5}), ErrBadHeader,
			"bad header: parent journal name is empty"},
		{"a parent name that is a path", enc(1, 1, "pcg32", 1, 0, "Ada", opts, []any{"../a.rogue", 1, 5}), ErrBadHeader,
			`bad header: parent journal name "../a.rogue" holds a slash: it is a file name, not a path`},
		{"a parent name with an escape sequence", enc(1, 1, "pcg32", 1, 0, "Ada", opts, []any{"a\x1b[2J", 1, 5}), ErrBadHeader,
			"bad header: parent journal name holds the control character U+001B"},
		{"a parent name over the cap", enc(1, 1, "pcg32", 1, 0, "Ada", opts, []any{strings.Repeat("a", 256), 1, 5}), ErrBadHeader,
			"bad header: parent journal name is 256 bytes, more than 255"},
		{"a parent chain over 32 bits", enc(1, 1, "pcg32", 1, 0, "Ada", opts, []any{"a.rogue", int64(1) << 32, 5}), ErrBadHeader,
			"bad header: parent chain 4294967296 is out of range"},
		{"a parent turn past the last turn a journal can hold", enc(1, 1, "pcg32", 1, 0, "Ada", opts, []any{"a.rogue", 1, MaxTurns}), ErrBadHeader,
			"bad header: parent turn 67108864 is out of range"},
		{"a player name over the cap", enc(1, 1, "pcg32", 1, 0, strings.Repeat("a", 65), opts), ErrBadHeader,
			"bad header: player name is 65 bytes, more than 64"},
		{"a player name with a control character", enc(1, 1, "pcg32", 1, 0, "A\x07", opts), ErrBadHeader,
			"bad header: player name holds the control character U+0007"},
		{"a nil where the seed goes", enc(1, 1, "pcg32", nil, 0, "Ada", opts), ErrBadHeader, "bad header: seed is missing"},
		{"a negative seed", enc(1, 1, "pcg32", -5, 0, "Ada", opts), ErrBadHeader, "bad header: seed -5 is negative"},
		{"a string where the seed goes", enc(1, 1, "pcg32", "x", 0, "Ada", opts), ErrBadHeader,
			"bad header: seed: msgpack: invalid code=a1 decoding uint64"},
		{"a map in the options", enc(1, 1, "pcg32", 1, 0, "Ada", map[string]int{}), ErrBadHeader,
			"bad header: offset 15: a msgpack map, which a journal never holds"},
		{"options of the wrong length", enc(1, 1, "pcg32", 1, 0, "Ada", []any{true}), ErrBadHeader,
			"bad header: options are not an array of 2 values"},
		{"a batch size over the cap", enc(1, 1, "pcg32", 1, 0, "Ada", []any{false, int64(1) << 40}), ErrBadHeader,
			"bad header: sync every option 1099511627776 is out of range"},
		{"an array32 declaring four billion values", []byte{0xdd, 0xff, 0xff, 0xff, 0xff, 0x01}, ErrBadHeader,
			"bad header: offset 0: declares an array of 4294967295 values but only 1 bytes are left"},
		{"bytes after the header", append(enc(1, 1, "pcg32", 1, 0, "Ada", opts), 0x00), ErrBadHeader,
			"bad header: offset 18: 1 bytes after the value"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := decodeHeader(c.payload)
			assertIs(t, err, c.kind)
			assert.EqualError(t, err, c.want)
		})
	}
}

// The parent is read in every format: it is the header's, not a turn's.
func TestAHeaderNamingItsParentReadsInEveryFormat(t *testing.T) {
	t.Parallel()
	for v := 1; v <= wire.FormatVersion; v++ {
		t.Run(fmt.Sprintf("format %d", v), func(t *testing.T) {
			h := testHeader()
			h.FormatVersion = v
			h.Parent = &Parent{Name: "game.rogue", Chain: 0x01020304, Turn: 40}
			m, err := NewMemory(h)
			require.NoError(t, err)
			r, err := NewBytesReader(m.Bytes())
			require.NoError(t, err)
			assert.Equal(t, h, r.Header())
		})
	}
}
