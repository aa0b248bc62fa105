package journal

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// positions reads the journal in b and returns the reader's position
// before the first turn and after each one.
func positions(t *testing.T, b []byte) []Position {
	t.Helper()
	r, err := NewBytesReader(b)
	require.NoError(t, err)
	out := []Position{r.Position()}
	var turn events.Turn
	for r.Next(&turn) == nil {
		out = append(out, r.Position())
	}
	return out
}

func TestSeekingToAnyPositionReadsOnFromThere(t *testing.T) {
	t.Parallel()
	turns := sampleTurns(120)
	data, starts := journalOf(t, turns)
	pos := positions(t, data)
	require.Len(t, pos, len(turns)+1)
	for i, p := range pos {
		assert.Equal(t, i, p.Turns)
		assert.Equal(t, starts[i], p.Offset)
	}
	for _, i := range []int{0, 1, 49, 50, 119, 120} {
		r, err := NewBytesReader(data)
		require.NoError(t, err)
		require.NoError(t, r.Seek(pos[i]), "turn %d", i)
		assert.Equal(t, pos[i], r.Position())
		rest, err := readAll(r)
		require.NoError(t, err)
		assert.Equal(t, turns[i:], rest, "the turns after %d", i)
	}
}

func TestWritersKnowTheirPosition(t *testing.T) {
	t.Parallel()
	for _, impl := range implementations() {
		t.Run(impl.name, func(t *testing.T) {
			turns := sampleTurns(30)
			w := impl.create(t, testHeader())
			var got []Position
			for i := range turns {
				require.NoError(t, w.Append(&turns[i]))
				p, ok := w.(interface{ Position() (Position, bool) }).Position()
				require.True(t, ok)
				got = append(got, p)
			}
			assert.Equal(t, positions(t, impl.bytes(t, w))[1:], got)

			// Reopened, a writer knows its position again after one more turn.
			w, _, err := impl.reopen(t, w, impl.bytes(t, w))
			require.NoError(t, err)
			_, ok := w.(interface{ Position() (Position, bool) }).Position()
			assert.False(t, ok)
			require.NoError(t, w.Append(&turns[1]))
			p, ok := w.(interface{ Position() (Position, bool) }).Position()
			assert.True(t, ok)
			all := positions(t, impl.bytes(t, w))
			assert.Equal(t, all[len(all)-1], p)
		})
	}
}

func TestSeekRefusesPositionsOfOtherJournals(t *testing.T) {
	t.Parallel()
	data, _ := journalOf(t, sampleTurns(40))
	pos := positions(t, data)
	h := testHeader()
	h.Seed++
	m, err := NewMemory(h)
	require.NoError(t, err)
	appendAll(t, m, sampleTurns(40))
	other := positions(t, m.Bytes())
	tampered := cloneBytes(data)
	tampered[pos[10].Offset-1] ^= 1 // the last byte of turn 9's payload: turn 10's chain breaks
	shifted := pos[20]
	shifted.Offset++

	cases := []struct {
		name string
		data []byte
		pos  Position
		want string
	}{
		{"another game's position", data, other[20], "seek: the record before byte"},
		{"another game's start", data, other[0], "seek: turn 0 is not right after this journal's header"},
		{"a position past the end", data[:pos[30].Offset], pos[35], "is not within the"},
		{"an offset off by one", data, shifted, "does not end at byte"},
		{"nonsense", data, Position{Turns: -1}, "is not within the"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := NewBytesReader(c.data)
			require.NoError(t, err)
			before := r.Position()
			err = r.Seek(c.pos)
			require.Error(t, err)
			assertIs(t, err, ErrPosition)
			assert.Contains(t, err.Error(), c.want)
			assert.Equal(t, before, r.Position(), "a refused seek moves nothing")
		})
	}
	t.Run("a record changed after the position", func(t *testing.T) {
		r, err := NewBytesReader(tampered)
		require.NoError(t, err)
		require.NoError(t, r.Seek(pos[5]))
		_, err = readAll(r)
		tail := asTail(t, err)
		assert.Equal(t, 9, tail.Turn)
	})
	t.Run("a closed reader", func(t *testing.T) {
		r, err := NewBytesReader(data)
		require.NoError(t, err)
		require.NoError(t, r.Close())
		assertIs(t, r.Seek(pos[3]), ErrPosition)
	})
}

func TestOpenAtStartsAtThePosition(t *testing.T) {
	t.Parallel()
	data, _ := journalOf(t, sampleTurns(20))
	pos := positions(t, data)
	path := filepath.Join(t.TempDir(), "game.jnl")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	r, err := OpenAt(path, pos[12])
	require.NoError(t, err)
	defer r.Close()
	rest, err := readAll(r)
	require.NoError(t, err)
	assert.Equal(t, sampleTurns(20)[12:], rest)
	_, err = OpenAt(path, Position{Turns: 3, Offset: 5})
	assertIs(t, err, ErrPosition)
}

func TestHeaderChainIsTheHeaderRecordsChecksum(t *testing.T) {
	t.Parallel()
	m, err := NewMemory(testHeader())
	require.NoError(t, err)
	r, err := m.Reader()
	require.NoError(t, err)
	got, err := r.HeaderChain()
	require.NoError(t, err)
	want, err := HeaderChainOf(m.Header())
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, r.Chain(), got)
}

func TestASnapshotFileSurvivesARoundTrip(t *testing.T) {
	t.Parallel()
	in := Snapshot{Pos: Position{Turns: 4096, Offset: 81234, Chain: 0xdeadbeef, Last: 81220}, Header: 0x12345678,
		Schema: testSchema, Digest: "0123456789abcdef", State: []byte{1, 2, 3, 4, 5}}
	b, err := in.MarshalBinary()
	require.NoError(t, err)
	var out Snapshot
	require.NoError(t, out.UnmarshalBinary(b))
	assert.Equal(t, in, out)

	cases := []struct {
		name string
		b    []byte
		want string
	}{
		{"no magic", []byte("ROGUEJNL"), "not a snapshot (no ROGUESNP magic)"},
		{"cut short", b[:len(b)-1], "holds"},
		{"a flipped bit", append(cloneBytes(b[:len(b)-1]), b[len(b)-1]^1), "snapshot checksum mismatch: the file is corrupt"},
		{"a length over the cap", append([]byte(SnapshotMagic), 0xff, 0xff, 0xff, 0xff, 0x7f), "snapshot length: its length"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var s Snapshot
			err := s.UnmarshalBinary(c.b)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// snapTurns lists the turns of the snapshot files of path.
func snapTurns(t *testing.T, path string) []int {
	files, err := ListSnapshots(path)
	require.NoError(t, err)
	out := []int{}
	for _, f := range files {
		out = append(out, f.Turn)
	}
	return out
}

func TestTheSnapshotterKeepsABoundedLadderAndTheNewest(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "game.jnl")
	st := reducer.New(7, content.Default())
	s := NewSnapshotter(path, 1, testSchema, 0)
	s.Every, s.Base, s.Max = 10, 10, 4
	save := func(turn int) {
		require.True(t, s.Due(turn))
		st.Turn = turn
		require.NoError(t, s.Save(st, Position{Turns: turn}))
	}
	for turn := 10; turn <= 40; turn += 10 {
		save(turn)
	}
	assert.Equal(t, []int{10, 20, 30, 40}, snapTurns(t, path))
	save(50) // five on the ladder: every other one goes
	assert.Equal(t, []int{20, 40, 50}, snapTurns(t, path))
	assert.Equal(t, 20, s.Every)
	save(60)
	assert.Equal(t, []int{20, 40, 60}, snapTurns(t, path))
	save(70) // the newest replaces the previous newest off the ladder
	assert.Equal(t, []int{20, 40, 60, 70}, snapTurns(t, path))
	for turn := 80; turn <= 170; turn += 10 {
		save(turn)
	}
	assert.Equal(t, []int{40, 80, 120, 160, 170}, snapTurns(t, path))
	assert.False(t, s.Due(175))
	assert.NoError(t, s.Err)

	// The journal was cut back to turn 100 and replayed: later snapshots go.
	s = NewSnapshotter(path, 1, testSchema, 100)
	assert.Equal(t, []int{40, 80}, snapTurns(t, path))
	// Another journal's snapshots go too.
	NewSnapshotter(path, 2, testSchema, 1000)
	assert.Equal(t, []int{}, snapTurns(t, path))
}

// The owner file says whose the snapshots are: a journal that owns the
// directory does not open each snapshot to know, another journal deletes
// them all before it writes its first one and takes the directory over.
func TestTheSnapshotDirectorySaysWhichJournalItBelongsTo(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "game.jnl")
	owner := filepath.Join(SnapshotDir(path), SnapshotOwnerName)
	st := reducer.New(7, content.Default())
	save := func(s *Snapshotter, turn int) {
		t.Helper()
		st.Turn = turn
		require.NoError(t, s.Save(st, Position{Turns: turn}))
	}
	s := NewSnapshotter(path, 1, testSchema, 0)
	s.Every, s.Base = 10, 10
	save(s, 10)
	save(s, 20)
	b, err := os.ReadFile(owner)
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprintf("00000001 schema %d\n", testSchema), string(b))

	// Its own journal trusts the names: a file no snapshot reader would
	// accept is kept (readers check each snapshot they use).
	require.NoError(t, os.WriteFile(filepath.Join(SnapshotDir(path), "0000000015.snap"), []byte("junk"), 0o644))
	NewSnapshotter(path, 1, testSchema, 20)
	assert.Equal(t, []int{10, 15, 20}, snapTurns(t, path))

	// Another journal at the path reads each one, deletes what is not its
	// own, and claims the directory with its first snapshot.
	s = NewSnapshotter(path, 2, testSchema, 20)
	assert.Equal(t, []int{}, snapTurns(t, path))
	b, _ = os.ReadFile(owner)
	assert.Equal(t, fmt.Sprintf("00000001 schema %d\n", testSchema), string(b), "not before a snapshot of its own is due")
	s.Every, s.Base = 10, 10
	save(s, 10)
	b, _ = os.ReadFile(owner)
	assert.Equal(t, fmt.Sprintf("00000002 schema %d\n", testSchema), string(b))
	assert.Equal(t, []int{10}, snapTurns(t, path))

	// Snapshots of another state schema are of no use to this program:
	// after an upgrade (the owner file names the old schema) they go.
	old := filepath.Join(SnapshotDir(path), "0000000030.snap")
	snap := NewSnapshot(st, testSchema, Position{Turns: 30}, 2)
	snap.Schema = testSchema - 1
	b, err = snap.MarshalBinary()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(old, b, 0o644))
	require.NoError(t, os.WriteFile(owner, []byte("00000002 schema 1\n"), 0o644))
	NewSnapshotter(path, 2, testSchema, 40)
	assert.Equal(t, []int{10}, snapTurns(t, path))
}
