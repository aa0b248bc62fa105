package game

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// snapGame plays a wizard bot game of turns turns into a journal at path,
// with a snapshot every `every` turns, and returns the digest after each
// turn (digests[i]: after i turns).
func snapGame(t testing.TB, path string, seed uint64, turns, every int) []string {
	t.Helper()
	f, err := journal.Create(path, NewHeader(seed, "bot", journal.Options{Wizard: true, SyncEvery: 1 << 20}))
	require.NoError(t, err)
	snaps, err := NewSnapshots(path, f)
	require.NoError(t, err)
	snaps.s.Every, snaps.s.Base = every, every
	g, err := Start(f.Header(), content.Default(), f)
	require.NoError(t, err)
	start := reducer.New(seed, content.Default())
	start.Wizard = true
	digests := []string{start.Digest(), g.State.Digest()}
	for g.State.Turn < turns {
		require.NoError(t, g.PlayerTurn(bot.Strong{}))
		snaps.After(g.State)
		digests = append(digests, g.State.Digest())
	}
	require.NoError(t, snaps.Err())
	require.NoError(t, f.Close())
	return digests
}

func snapshotTurns(t *testing.T, path string) []int {
	files, err := journal.ListSnapshots(path)
	require.NoError(t, err)
	var out []int
	for _, f := range files {
		out = append(out, f.Turn)
	}
	return out
}

func TestTheSeekerGivesTheStateAtAnyTurnInAnyOrder(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "game.rogue")
	digests := snapGame(t, path, 4, 700, 100)
	assert.Equal(t, []int{100, 200, 300, 400, 500, 600, 700}, snapshotTurns(t, path))

	k, err := OpenSeeker(path, content.Default())
	require.NoError(t, err)
	defer k.Close()
	for _, turn := range []int{700, 0, 1, 250, 251, 252, 99, 100, 101, 699, 300, 650, 2} {
		s, tail, err := k.StateAt(turn)
		require.NoError(t, err)
		assert.Nil(t, tail)
		assert.Equal(t, turn, s.Turn)
		assert.Equal(t, digests[turn], s.Digest(), "turn %d", turn)
	}
	s, tail, err := k.StateAt(-1)
	require.NoError(t, err)
	assert.Nil(t, tail)
	assert.Equal(t, digests[700], s.Digest())
	s, _, err = k.StateAt(5000)
	require.NoError(t, err)
	assert.Equal(t, 700, s.Turn, "a journal that ends sooner gives its last state")
	assert.Equal(t, "", k.NoteLine())
}

func TestLoadResumesFromTheNewestSnapshot(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "game.rogue")
	digests := snapGame(t, path, 9, 430, 100)
	got, err := Load(path, content.Default(), -1)
	require.NoError(t, err)
	assert.Equal(t, digests[430], got.State.Digest())
	assert.Equal(t, "", got.Note)
	assert.Nil(t, got.Tail)

	// The same state as folding the whole journal.
	r, err := journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	folded, _, err := Fold(r, content.Default(), -1, nil)
	require.NoError(t, err)
	assert.Equal(t, folded.Digest(), got.State.Digest())
	assert.Equal(t, r.Position(), got.Position)
}

// Snapshots that do not check out are skipped with a note, and the answer
// is the same.
func TestBadSnapshotsAreSkippedWithANote(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "game.rogue")
	digests := snapGame(t, path, 5, 450, 100)
	otherPath := filepath.Join(dir, "other.rogue")
	snapGame(t, otherPath, 6, 450, 100)
	snap := func(p string, turn int) string {
		return filepath.Join(journal.SnapshotDir(p), "0000000"+map[int]string{100: "100", 200: "200", 300: "300", 400: "400"}[turn]+".snap")
	}
	read := func(p string) []byte { b, err := os.ReadFile(p); require.NoError(t, err); return b }
	write := func(p string, b []byte) { require.NoError(t, os.WriteFile(p, b, 0o644)) }

	cases := []struct {
		name  string
		spoil func()
		note  string
	}{
		{"a flipped bit", func() {
			b := read(snap(path, 400))
			b[len(b)-5] ^= 0x10
			write(snap(path, 400), b)
		}, "note: snapshot 0000000400.snap skipped: snapshot checksum mismatch: the file is corrupt"},
		{"another journal's snapshot", func() {
			write(snap(path, 400), read(snap(otherPath, 400)))
		}, "note: snapshot 0000000400.snap skipped: it belongs to another journal"},
		{"a snapshot filed under the wrong turn", func() {
			write(snap(path, 400), read(snap(path, 300)))
		}, "note: snapshot 0000000400.snap skipped: it holds turn 300"},
		{"two bad ones", func() {
			write(snap(path, 400), []byte("junk"))
			write(snap(path, 300), []byte("junk"))
		}, "note: 2 snapshots skipped; the first: snapshot 0000000400.snap skipped: not a snapshot (no ROGUESNP magic)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			saved := map[int][]byte{300: read(snap(path, 300)), 400: read(snap(path, 400))}
			defer func() {
				for turn, b := range saved {
					write(snap(path, turn), b)
				}
			}()
			c.spoil()
			got, err := Load(path, content.Default(), -1)
			require.NoError(t, err)
			assert.Equal(t, digests[450], got.State.Digest())
			assert.Equal(t, c.note, got.Note)
		})
	}
}

// The snapshots a game writes are opened by name: seeking among them
// never lists the snapshot directory, which grows with the game. One that
// does not check out is skipped for the one before it; a turn before the
// first one, or the journal's end, lists it once.
func TestTheSeekerOpensTheGamesSnapshotsByName(t *testing.T) {
	t.Parallel()
	every := journal.SnapshotEvery
	path := filepath.Join(t.TempDir(), "game.rogue")
	turns := 3*every + 40
	digests := snapGame(t, path, 3, turns, every)
	require.Equal(t, []int{every, 2 * every, 3 * every}, snapshotTurns(t, path))
	spoilt := journal.SnapshotPath(path, 2*every)
	require.NoError(t, os.WriteFile(spoilt, []byte("junk"), 0o644))

	k, err := OpenSeeker(path, content.Default())
	require.NoError(t, err)
	defer k.Close()
	for _, c := range []struct{ turn, folded, lists int }{
		{3*every + 5, 5, 0},
		{2*every + 9, every + 9, 0}, // from the snapshot before the spoilt one
		{2*every + 10, 1, 0},        // one step on
		{every + 7, 7, 0},
		{every - 1, every - 1, 1},   // before the first: from turn 0
		{2*every + 3, every + 3, 1}, // the spoilt one was left out of the listing
		{-1, 40, 1},                 // the end
	} {
		before := k.Folded
		s, _, err := k.StateAt(c.turn)
		require.NoError(t, err)
		want := c.turn
		if want < 0 {
			want = turns
		}
		assert.Equal(t, digests[want], s.Digest(), "turn %d", c.turn)
		assert.Equal(t, []int{c.folded, c.lists}, []int{k.Folded - before, k.lists}, "turn %d: turns folded, listings", c.turn)
	}
	assert.Equal(t, "note: snapshot "+filepath.Base(spoilt)+" skipped: not a snapshot (no ROGUESNP magic)", k.NoteLine())
}

// A journal cut back after a crash leaves snapshots past its end: they no
// longer belong, and the torn tail is reported as a fold reports it.
func TestSnapshotsPastATornEndAreStale(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "game.rogue")
	digests := snapGame(t, path, 7, 350, 100)
	r, err := journal.Open(path)
	require.NoError(t, err)
	_, _, err = Fold(r, content.Default(), 250, nil)
	require.NoError(t, err)
	cut := r.Position().Offset + 3 // turn 250 is torn
	r.Close()
	require.NoError(t, os.Truncate(path, cut))

	got, err := Load(path, content.Default(), -1)
	require.NoError(t, err)
	assert.Equal(t, digests[250], got.State.Digest())
	require.NotNil(t, got.Tail)
	assert.Equal(t, 250, got.Tail.Turn)
	assert.Contains(t, got.Note, "note: snapshot 0000000300.snap skipped: seek: turn 300 at byte")

	// Reopened to go on, the journal's stale snapshots are cleared.
	f, _, err := journal.OpenAppend(path)
	require.NoError(t, err)
	defer f.Close()
	_, err = NewSnapshots(path, f)
	require.NoError(t, err)
	assert.Equal(t, []int{100, 200}, snapshotTurns(t, path))
}

// Walk goes on from a state one turn at a time, showing each turn with
// the state before it: how a resumed game gets back its last messages
// without folding from turn 0.
func TestWalkShowsEachTurnAfterTheNearestSnapshot(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "game.rogue")
	digests := snapGame(t, path, 9, 430, 100)
	k, err := OpenSeeker(path, content.Default())
	require.NoError(t, err)
	defer k.Close()
	_, _, err = k.Walk(-1, nil)
	require.Error(t, err, "Walk before StateAt")

	s, _, err := k.StateAt(422)
	require.NoError(t, err)
	require.Equal(t, digests[422], s.Digest())
	assert.Equal(t, 22, k.Folded, "from the snapshot of turn 400")
	var seen []string
	s, tail, err := k.Walk(-1, func(before *reducer.State, tn *events.Turn) error {
		seen = append(seen, before.Digest())
		return nil
	})
	require.NoError(t, err)
	assert.Nil(t, tail)
	assert.Equal(t, digests[422:430], seen, "every turn after 422, each with the state before it")
	assert.Equal(t, digests[430], s.Digest())
	assert.Equal(t, 30, k.Folded)

	stop := errors.New("stop")
	_, _, err = k.StateAt(410)
	require.NoError(t, err)
	_, _, err = k.Walk(420, func(before *reducer.State, _ *events.Turn) error {
		if before.Turn == 415 {
			return stop
		}
		return nil
	})
	assert.Equal(t, stop, err)
	s, _, err = k.StateAt(420)
	require.NoError(t, err, "the seeker starts again after a stopped walk")
	assert.Equal(t, digests[420], s.Digest())
}
