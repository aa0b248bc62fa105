package journal

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// implementation is a Writer under test, with what the shared suite needs
// to look at and tamper with its bytes.
type implementation struct {
	name string
	// create starts a journal.
	create func(t *testing.T, h Header) Writer
	// bytes returns the journal's bytes now.
	bytes func(t *testing.T, w Writer) []byte
	// reopen closes w, replaces its bytes with b and continues the journal.
	reopen func(t *testing.T, w Writer, b []byte) (Writer, *Tail, error)
}

func implementations() []implementation {
	return []implementation{
		{
			name: "a journal file",
			create: func(t *testing.T, h Header) Writer {
				f, err := Create(filepath.Join(t.TempDir(), "game.jnl"), h)
				require.NoError(t, err)
				t.Cleanup(func() { f.Close() })
				return f
			},
			bytes: func(t *testing.T, w Writer) []byte {
				b, err := os.ReadFile(w.(*File).rec.path)
				require.NoError(t, err)
				return b
			},
			reopen: func(t *testing.T, w Writer, b []byte) (Writer, *Tail, error) {
				path := w.(*File).rec.path
				w.Close()
				require.NoError(t, os.WriteFile(path, b, 0o644))
				f, tail, err := OpenAppend(path)
				if f != nil {
					t.Cleanup(func() { f.Close() })
					return f, tail, err
				}
				return nil, tail, err
			},
		},
		{
			name: "a journal in memory",
			create: func(t *testing.T, h Header) Writer {
				m, err := NewMemory(h)
				require.NoError(t, err)
				return m
			},
			bytes: func(t *testing.T, w Writer) []byte { return w.(*Memory).Bytes() },
			reopen: func(t *testing.T, w Writer, b []byte) (Writer, *Tail, error) {
				w.Close()
				m, tail, err := LoadMemory(b)
				if m != nil {
					return m, tail, err
				}
				return nil, tail, err
			},
		},
	}
}

func appendAll(t testing.TB, w Writer, turns []events.Turn) {
	t.Helper()
	for i := range turns {
		require.NoError(t, w.Append(&turns[i]))
	}
}

func TestEveryWriterPassesTheSameSuite(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		test func(t *testing.T, impl implementation)
	}{
		{"appended turns read back equal, after the header", func(t *testing.T, impl implementation) {
			turns := sampleTurns(500)
			w := impl.create(t, testHeader())
			appendAll(t, w, turns)
			assert.Equal(t, 500, w.Turns())
			require.NoError(t, w.Sync())
			h, got, err := readBytes(impl.bytes(t, w))
			require.NoError(t, err)
			assert.Equal(t, testHeader(), h)
			assert.Equal(t, turns, got)
		}},
		{"a reopened journal continues where it stopped", func(t *testing.T, impl implementation) {
			turns := sampleTurns(150)
			w := impl.create(t, testHeader())
			appendAll(t, w, turns[:100])
			require.NoError(t, w.Sync())
			w, tail, err := impl.reopen(t, w, impl.bytes(t, w))
			require.NoError(t, err)
			assert.Nil(t, tail)
			assert.Equal(t, 100, w.Turns())
			assert.Equal(t, testHeader(), w.Header())
			appendAll(t, w, turns[100:])
			require.NoError(t, w.Sync())
			_, got, err := readBytes(impl.bytes(t, w))
			require.NoError(t, err)
			assert.Equal(t, turns, got)
		}},
		{"a torn tail is left out on reopening and appending carries on", func(t *testing.T, impl implementation) {
			turns := sampleTurns(15)
			w := impl.create(t, testHeader())
			appendAll(t, w, turns[:10])
			require.NoError(t, w.Sync())
			b := impl.bytes(t, w)
			_, starts := journalOf(t, turns[:10])
			cut := starts[9] + (starts[10]-starts[9])/2
			w, tail, err := impl.reopen(t, w, b[:cut])
			require.NoError(t, err)
			require.NotNil(t, tail)
			assert.Equal(t, &Tail{Path: tail.Path, Offset: starts[9], Turn: 9, Dropped: cut - starts[9], Torn: true, Err: tail.Err}, tail)
			assert.Equal(t, 9, w.Turns())
			if f, ok := w.(*File); ok {
				side, err := f.TrimTorn()
				require.NoError(t, err)
				kept, err := os.ReadFile(side)
				require.NoError(t, err)
				assert.Equal(t, b[starts[9]:cut], kept)
			}
			appendAll(t, w, turns[10:])
			require.NoError(t, w.Sync())
			_, got, err := readBytes(impl.bytes(t, w))
			require.NoError(t, err)
			assert.Equal(t, append(turns[:9:9], turns[10:]...), got)
		}},
		{"a damaged journal is refused on reopening and left as it was", func(t *testing.T, impl implementation) {
			turns := sampleTurns(12)
			w := impl.create(t, testHeader())
			appendAll(t, w, turns[:10])
			require.NoError(t, w.Sync())
			b := cloneBytes(impl.bytes(t, w))
			_, starts := journalOf(t, turns[:10])
			b[starts[7]+5] ^= 0x10
			_, _, err := impl.reopen(t, w, b)
			require.Error(t, err)
			tail := asTail(t, err)
			assert.False(t, tail.Torn)
			assertIs(t, tail, ErrChecksum)
			assertIs(t, tail, ErrDamaged)
			assert.Equal(t, starts[7], tail.Offset)
			assert.Equal(t, int64(len(b))-starts[7], tail.Dropped)
			assert.Equal(t, 2, tail.Readable, "records 8 and 9 still chain from record 7's stored checksum")
		}},
		{"turns that could not be read back are refused and the writer carries on", func(t *testing.T, impl implementation) {
			w := impl.create(t, testHeader())
			tooManyRooms := events.Turn{Command: &events.Descend{}, Facts: []events.Fact{level(2, events.MaxRooms+1)}}
			huge := events.Turn{Command: &events.Wait{}}
			for range events.MaxFactsPerTurn {
				huge.Facts = append(huge.Facts, level(2, events.MaxRooms))
			}
			tooMany := events.Turn{Command: &events.Wait{}, Facts: make([]events.Fact, events.MaxFactsPerTurn+1)}
			for i := range tooMany.Facts {
				tooMany.Facts[i] = &events.Moved{Actor: 1}
			}
			refused := []events.Turn{{}, tooManyRooms, huge, tooMany}
			if strconv.IntSize == 64 { // a 32-bit int cannot be out of range
				v := int64(1) << 40
				refused = append(refused, events.Turn{Command: &events.Wait{}, Facts: []events.Fact{&events.GainedXP{Actor: 1, Amount: int(v)}}})
			}
			for _, bad := range refused {
				err := w.Append(&bad)
				assertIs(t, err, ErrInvalid)
			}
			turns := sampleTurns(3)
			appendAll(t, w, turns)
			require.NoError(t, w.Sync())
			_, got, err := readBytes(impl.bytes(t, w))
			require.NoError(t, err)
			assert.Equal(t, turns, got)
		}},
		{"a closed journal takes no more turns", func(t *testing.T, impl implementation) {
			w := impl.create(t, testHeader())
			appendAll(t, w, sampleTurns(2))
			require.NoError(t, w.Close())
			turn := sampleTurns(2)[1]
			assertIs(t, w.Append(&turn), ErrClosed)
			assertIs(t, w.Sync(), ErrClosed)
			assertIs(t, w.Close(), ErrClosed)
			_, got, err := readBytes(impl.bytes(t, w))
			require.NoError(t, err)
			assert.Len(t, got, 2)
		}},
		{"the chain after each turn is the reader's", func(t *testing.T, impl implementation) {
			turns := sampleTurns(20)
			w := impl.create(t, testHeader())
			var chains []uint32
			for i := range turns {
				require.NoError(t, w.Append(&turns[i]))
				chains = append(chains, w.(interface{ Chain() uint32 }).Chain())
			}
			require.NoError(t, w.Sync())
			r, err := NewBytesReader(impl.bytes(t, w))
			require.NoError(t, err)
			var turn events.Turn
			for i := range turns {
				require.NoError(t, r.Next(&turn))
				assert.Equal(t, chains[i], r.Chain())
			}
		}},
	}
	for _, impl := range implementations() {
		t.Run(impl.name, func(t *testing.T) {
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) { c.test(t, impl) })
			}
		})
	}
}

func TestFilesAndMemoryHoldTheSameBytes(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(200)
	var got [][]byte
	for _, impl := range implementations() {
		w := impl.create(t, testHeader())
		appendAll(t, w, turns)
		require.NoError(t, w.Sync())
		got = append(got, impl.bytes(t, w))
	}
	assert.Equal(t, got[0], got[1])
}
