package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAnAccountIsKeptAndANameIsTakenOnce(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		a := Account{Name: "ada", Hash: []byte{1, 2, 3}, Role: "player"}
		require.NoError(t, s.CreateAccount(ctx, a))
		assert.ErrorIs(t, s.CreateAccount(ctx, Account{Name: "ada", Hash: []byte{9}, Role: "player"}), ErrExists)
		got, err := s.Account(ctx, "ada")
		require.NoError(t, err)
		assert.Equal(t, a, got)
		_, err = s.Account(ctx, "bob")
		assert.ErrorIs(t, err, ErrNotFound)
	})
}

func TestATokenLeadsToItsAccount(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		require.NoError(t, s.AddToken(ctx, []byte("hash-of-token"), "ada"))
		name, err := s.TokenAccount(ctx, []byte("hash-of-token"))
		require.NoError(t, err)
		assert.Equal(t, "ada", name)
		_, err = s.TokenAccount(ctx, []byte("another"))
		assert.ErrorIs(t, err, ErrNotFound)
	})
}

func TestAJournalIsItsHeaderThenEachTurnInOrder(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		id, err := s.CreateGame(ctx, "ada", []byte("HEAD"), 3)
		require.NoError(t, err)
		require.NoError(t, s.Append(ctx, id, 0, []byte("r0"), Progress{Turns: 1, Depth: 1, Digest: "d0"}))
		require.NoError(t, s.Append(ctx, id, 1, []byte("r1"), Progress{Turns: 2, Depth: 2, Digest: "d1"}))
		b, err := s.Journal(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, "HEADr0r1", string(b))
		g, err := s.Game(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, Game{ID: id, Player: "ada", Header: []byte("HEAD"), Rules: 3, Live: true,
			Progress: Progress{Turns: 2, Depth: 2, Digest: "d1"}}, g)
	})
}

func TestATurnIsNeitherDoubledNorSkipped(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		id, err := s.CreateGame(ctx, "ada", []byte("H"), 3)
		require.NoError(t, err)
		require.NoError(t, s.Append(ctx, id, 0, []byte("a"), Progress{Turns: 1}))
		for _, tc := range []struct {
			name string
			turn int
		}{{"again", 0}, {"skipping one", 2}} {
			assert.ErrorIs(t, s.Append(ctx, id, tc.turn, []byte("x"), Progress{}), ErrConflict, tc.name)
		}
		b, err := s.Journal(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, "Ha", string(b))
	})
}

func TestAGameOverTakesNoMoreTurns(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		id, err := s.CreateGame(ctx, "ada", []byte("H"), 3)
		require.NoError(t, err)
		require.NoError(t, s.Append(ctx, id, 0, []byte("a"), Progress{Turns: 1, Over: true, Outcome: "slain"}))
		assert.ErrorIs(t, s.Append(ctx, id, 1, []byte("b"), Progress{}), ErrConflict)
		g, err := s.Game(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, []any{false, "slain", 1}, []any{g.Live, g.Outcome, g.Turns})
		_, err = s.LiveGameOf(ctx, "ada")
		assert.ErrorIs(t, err, ErrNotFound)
	})
}

func TestManyGamesAppendAtOnceAndEachKeepsItsTurns(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		const games, turns = 8, 20
		ids := make([]int64, games)
		for i := range ids {
			var err error
			ids[i], err = s.CreateGame(ctx, "ada", []byte("H"), 3)
			require.NoError(t, err)
		}
		var wg sync.WaitGroup
		errs := make([]error, games)
		for i, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for n := 0; n < turns && errs[i] == nil; n++ {
					errs[i] = s.Append(ctx, id, n, []byte{byte('a' + n)}, Progress{Turns: n + 1})
				}
			}()
		}
		wg.Wait()
		for i, id := range ids {
			require.NoError(t, errs[i])
			b, err := s.Journal(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, "Habcdefghijklmnopqrst", string(b))
		}
		live, err := s.Games(ctx, true, 100)
		require.NoError(t, err)
		assert.Len(t, live, games)
	})
}

func TestAClaimTakesTheGameAndRefusesTheTurnsOfTheNodeBefore(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		id, err := s.CreateGame(ctx, "ada", []byte("H"), 3)
		require.NoError(t, err)
		claim := func(node string) {
			ok, err := s.Claim(ctx, id, node)
			require.NoError(t, err)
			require.True(t, ok)
		}
		claim("a")
		require.NoError(t, s.Append(ctx, id, 0, []byte("a"), Progress{Turns: 1, Node: "a"}))
		claim("b") // b takes it over while a still believes it holds it
		assert.ErrorIs(t, s.Append(ctx, id, 1, []byte("x"), Progress{Turns: 2, Node: "a"}), ErrConflict, "a's turn after b's claim")
		require.NoError(t, s.Append(ctx, id, 1, []byte("b"), Progress{Turns: 2, Node: "b"}))
		require.NoError(t, s.Release(ctx, id, "a"), "a lets go of what it no longer holds: nothing changes")
		g, err := s.Game(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, "b", g.LeaseNode)
		require.NoError(t, s.Release(ctx, id, "b"))
		g, err = s.Game(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, "", g.LeaseNode)
		b, err := s.Journal(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, "Hab", string(b))
		require.NoError(t, s.SetDigest(ctx, id, 1, "stale"), "a digest of a turn the game has moved on from")
		require.NoError(t, s.SetDigest(ctx, id, 2, "d2"))
		require.NoError(t, s.SetDigest(ctx, id, 1, "stale"))
		g, err = s.Game(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, "d2", g.Digest)
		recs, err := s.Records(ctx, id, 1)
		require.NoError(t, err)
		assert.Equal(t, [][]byte{[]byte("b")}, recs)
	})
}

func TestEveryNodeHearsOfEachTurnCommitted(t *testing.T) {
	t.Parallel()
	base := os.Getenv("ROGUE_TEST_POSTGRES")
	if base == "" {
		t.Skip("ROGUE_TEST_POSTGRES is not set: notices are PostgreSQL's (SQLite has one node)")
	}
	u, err := NewSchema(base)
	require.NoError(t, err)
	t.Cleanup(func() { DropSchema(base, u) })
	a, err := Open(context.Background(), u)
	require.NoError(t, err)
	defer a.Close()
	b, err := Open(context.Background(), u)
	require.NoError(t, err)
	defer b.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	heard := make(chan Notice, 100)
	go b.Listen(ctx, func(n Notice) { heard <- n })
	require.Equal(t, Notice{}, <-heard, "the listener says it is listening")
	require.NoError(t, a.CreateAccount(ctx, Account{Name: "ada", Hash: []byte{1}, Role: "player"}))
	id, err := a.CreateGame(ctx, "ada", []byte("H"), 3)
	require.NoError(t, err)
	for n := range 3 {
		require.NoError(t, a.Append(ctx, id, n, []byte{'a'}, Progress{Turns: n + 1}))
	}
	deadline := time.After(10 * time.Second)
	for turns := 0; turns < 3; {
		select {
		case n := <-heard:
			require.Equal(t, id, n.Game)
			require.Greater(t, n.Turns, turns, "notices come in order")
			turns = n.Turns
		case <-deadline:
			t.Fatalf("node b heard of %d turns of 3", turns)
		}
	}
}

func TestANoticeIsItsGameAndTurnsAndABadLineIsLeftOut(t *testing.T) {
	t.Parallel()
	pending := map[int64]int{}
	for id := range int64(2000) {
		pending[id+1] = int(id)
	}
	var got []Notice
	ps := payloads(pending, map[Notice]bool{{Kind: NoticeWatchers, Game: 9}: true, {Kind: NoticeDigest, Game: 9, Turns: 40}: true})
	assert.Greater(t, len(ps), 1, "a payload is bounded")
	for _, p := range ps {
		assert.LessOrEqual(t, len(p), maxPayload)
		got = append(got, parseNotices(p)...)
	}
	assert.Len(t, got, 2002)
	assert.Equal(t, Notice{Game: 7, Turns: 6}, got[6])
	assert.Equal(t, []Notice{{Kind: NoticeDigest, Game: 9, Turns: 40}, {Kind: NoticeWatchers, Game: 9}}, got[2000:])
	assert.Equal(t, []Notice{{Game: 3, Turns: 4}, {Kind: NoticeWatchers, Game: 5}, {Kind: NoticeAskDigest, Game: 6}, {Kind: NoticeDigest, Game: 6, Turns: 2}},
		parseNotices("x 1\n3 4\n0 2\n5\nw 5\nw 5 1\nd 6\nD 6 2\nD 6\nD 6 -1\n\n"))
}

func TestTheNewestSnapshotIsReturned(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		id, err := s.CreateGame(ctx, "ada", []byte("H"), 3)
		require.NoError(t, err)
		_, _, err = s.LatestSnapshot(ctx, id)
		assert.ErrorIs(t, err, ErrNotFound)
		for _, n := range []int{100, 300, 200, 300} {
			require.NoError(t, s.PutSnapshot(ctx, id, n, []byte(fmt.Sprint(n))))
		}
		n, b, err := s.LatestSnapshot(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, []any{300, "300"}, []any{n, string(b)})
	})
}

func TestReopeningADatabaseRunsNoMigrationTwice(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "rogue.db")
	for range 2 {
		s, err := Open(context.Background(), path)
		require.NoError(t, err)
		require.NoError(t, s.Close())
	}
}

func TestAnAppendAfterCloseFailsAndDoesNotHang(t *testing.T) {
	t.Parallel()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "rogue.db"))
	require.NoError(t, err)
	require.NoError(t, s.CreateAccount(context.Background(), Account{Name: "ada", Hash: []byte{1}, Role: "player"}))
	id, err := s.CreateGame(context.Background(), "ada", []byte("H"), 3)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	assert.ErrorIs(t, s.Append(context.Background(), id, 0, []byte("a"), Progress{Turns: 1}), ErrClosed)
}

func TestNodesStartingAtOnceOnAnEmptySchemaEachOpenIt(t *testing.T) {
	t.Parallel()
	base := os.Getenv("ROGUE_TEST_POSTGRES")
	if base == "" {
		t.Skip("ROGUE_TEST_POSTGRES is not set: several nodes share a PostgreSQL")
	}
	u, err := NewSchema(base)
	require.NoError(t, err)
	t.Cleanup(func() { DropSchema(base, u) })
	errs := make([]error, 4)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(context.Background(), u)
			if err == nil {
				s.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	assert.Equal(t, make([]error, 4), errs)
}
