package host

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/online"
	"rogue/reducer/content"
	"rogue/store"
)

// storedDigest is the digest of the state the game's stored journal
// folds to, from its first turn.
func storedDigest(t *testing.T, s *Server, id int64) string {
	t.Helper()
	b, err := s.st.Journal(context.Background(), id)
	require.NoError(t, err)
	r, err := journal.NewBytesReader(b)
	require.NoError(t, err)
	st, tail, err := game.Fold(r, s.tbl, -1, nil)
	require.NoError(t, err)
	require.Nil(t, tail)
	return st.Digest()
}

// twoNodes is two servers on one PostgreSQL schema, as two rogue host
// processes are; it skips without ROGUE_TEST_POSTGRES.
func twoNodes(t *testing.T) (a, b string, sa, sb *Server) {
	t.Helper()
	base := os.Getenv("ROGUE_TEST_POSTGRES")
	if base == "" {
		t.Skip("ROGUE_TEST_POSTGRES is not set: several nodes share a PostgreSQL")
	}
	u, err := store.NewSchema(base)
	require.NoError(t, err)
	t.Cleanup(func() { store.DropSchema(base, u) })
	node := func(name string) (string, *Server) {
		st, err := store.Open(context.Background(), u)
		require.NoError(t, err)
		t.Cleanup(func() { st.Close() })
		s := New(st, Options{Node: name})
		t.Cleanup(s.Close)
		hs := newTestServer(s)
		t.Cleanup(hs.Close)
		return hs.URL, s
	}
	a, sa = node("a")
	b, sb = node("b")
	return a, b, sa, sb
}

func TestASpectatorOnAnotherNodeSeesEveryTurnAndThePlayerMovesNodes(t *testing.T) {
	t.Parallel()
	a, b, _, sb := twoNodes(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tok := signUp(t, a, "ada")
	p, err := online.Dial(ctx, a, "/ws/play", tok)
	require.NoError(t, err)
	id := p.Hello.Game
	w, err := online.Dial(ctx, b, fmt.Sprintf("/ws/watch/%d", id), "")
	require.NoError(t, err)
	defer w.Close()
	seen := make(chan []byte, 100)
	go func() {
		for {
			m, err := w.Next(ctx)
			if err != nil {
				close(seen)
				return
			}
			if m.Turn != nil {
				seen <- m.Record
			}
		}
	}()
	from := w.Hello.Turns
	require.Equal(t, 3, playSome(t, p, 3), "on node a")
	// The player's next connection goes to node b (a balancer's choice);
	// a still has the old one.
	p2, err := online.Dial(ctx, b, fmt.Sprintf("/ws/play?game=%d&from=%d", id, 4), tok)
	require.NoError(t, err)
	defer p2.Close()
	require.Equal(t, 4, p2.Hello.Turns)
	require.Equal(t, 2, playSome(t, p2, 2), "on node b")
	require.NoError(t, p.Send(ctx, 4, &events.Wait{}), "the old connection on node a")
	for {
		m, err := p.Next(ctx)
		if err != nil {
			break // a let the game go: its connection ends
		}
		require.Nil(t, m.Turn, "node a played a turn of a game it no longer holds")
	}
	stored, err := sb.st.Journal(ctx, id)
	require.NoError(t, err)
	mem, tail, err := journal.LoadMemory(stored)
	require.NoError(t, err)
	require.Nil(t, tail)
	require.Equal(t, 6, mem.Turns(), "Begin, 3 turns on a, 2 on b: none doubled, none lost")
	var got [][]byte
	for len(got) < mem.Turns()-from {
		select {
		case rec, ok := <-seen:
			require.True(t, ok, "the spectator was let go after %d turns", len(got))
			got = append(got, rec)
		case <-ctx.Done():
			t.Fatalf("the spectator on b saw %d turns of %d", len(got), mem.Turns()-from)
		}
	}
	recs, err := sb.st.Records(ctx, id, from)
	require.NoError(t, err)
	assert.Equal(t, recs, got, "the spectator on node b saw every turn, in order, as stored")
	rows := append(games(t, b), games(t, a)...)
	require.Len(t, rows, 2)
	want := storedDigest(t, sb, id)
	assert.Equal(t, []any{6, want, 6, want}, []any{rows[0].Turns, rows[0].Digest, rows[1].Turns, rows[1].Digest},
		"node b, which plays it, lists its digest so far; node a, which has it no more, lists b's, not a stale one")
}

// survivingSeed is the first seed from 1 on whose player, waiting,
// lives through waits turns: a game's seed is the server's secret, and
// a wandering monster ends some games of waits before a test is done.
func survivingSeed(t *testing.T, waits int) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 100; seed++ {
		mem, err := journal.NewMemory(game.NewHeader(seed, "ada", journal.Options{}))
		require.NoError(t, err)
		g, err := game.Start(mem.Header(), content.Default(), mem)
		require.NoError(t, err)
		for i := 0; i < waits && !g.State.Over; i++ {
			_, err := g.Do(&events.Wait{})
			require.NoError(t, err)
		}
		if !g.State.Over {
			return seed
		}
	}
	t.Fatalf("no seed below 100 lives through %d waits", waits)
	return 0
}

func TestAGameComesBackFromItsNewestSnapshotAndTheTurnsAfterIt(t *testing.T) {
	t.Parallel()
	seed := survivingSeed(t, snapshotEvery+31)
	servers(t, func(t *testing.T, base string, s *Server) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		s.seed = func() uint64 { return seed }
		tok := signUp(t, base, "ada")
		c, err := online.Dial(ctx, base, "/ws/play", tok)
		require.NoError(t, err)
		id := c.Hello.Game
		for range (snapshotEvery + 30) / 10 {
			playSome(t, c, 10) // each ten within playSome's deadline, on a loaded machine
			c.Hello.Turns += 10
		}
		require.NoError(t, c.Close())
		require.Eventually(t, func() bool {
			at, _, err := s.st.LatestSnapshot(ctx, id)
			s.mu.Lock()
			defer s.mu.Unlock()
			return err == nil && at == snapshotEvery && s.live[id] == nil
		}, 20*time.Second, 10*time.Millisecond, "the snapshot is kept and the game let go")
		rows := games(t, base)
		require.Len(t, rows, 1)
		assert.Equal(t, storedDigest(t, s, id), rows[0].Digest, "a game let go leaves its digest so far in its row")
		c, err = online.Dial(ctx, base, "/ws/play", tok)
		require.NoError(t, err)
		defer c.Close()
		s.mu.Lock()
		lg := s.live[id]
		s.mu.Unlock()
		lg.mu.Lock()
		from, folded, digest := lg.resumedFrom, lg.folded, lg.g.State.Digest()
		journalBytes := len(lg.mem.Bytes())
		lg.mu.Unlock()
		assert.Equal(t, []int{snapshotEvery, 31}, []int{from, folded}, "from the snapshot, 31 turns folded")
		assert.Equal(t, storedDigest(t, s, id), digest, "the same state as the whole journal folded")
		stored, err := s.st.Journal(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, len(stored), journalBytes, "the journal is the records, snapshots apart")
		assert.Equal(t, 1, playSome(t, c, 1), "and it plays on")
	})
}
