package store

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A group of turns of many games is committed in one transaction; a
// group holding one turn out of order commits the others on their own,
// and that one alone is refused.
func TestAGroupIsOneTransactionAndOneBadTurnFailsOnlyItself(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		ids := make([]int64, 4)
		for i := range ids {
			var err error
			ids[i], err = s.CreateGame(ctx, "ada", []byte("H"), 3)
			require.NoError(t, err)
		}
		group := func(turns ...int) []error {
			var g []appendReq
			for i, turn := range turns {
				g = append(g, appendReq{ctx: ctx, id: ids[i], turn: turn, record: []byte{byte('a' + turn)},
					p: Progress{Turns: turn + 1, Depth: turn, Over: i == 3 && turn == 1, Outcome: "o"}, done: make(chan error, 1)})
			}
			s.commitGroup(g)
			var errs []error
			for _, r := range g {
				errs = append(errs, <-r.done)
			}
			return errs
		}
		assert.Equal(t, []error{nil, nil, nil, nil}, group(0, 0, 0, 0))
		turns, txs := s.Commits()
		assert.Equal(t, []int64{4, 1}, []int64{turns, txs}, "four turns, one transaction")

		errs := group(1, 1, 0, 1) // the third game's turn 0 again
		assert.NoError(t, errs[0])
		assert.NoError(t, errs[1])
		assert.ErrorIs(t, errs[2], ErrConflict)
		assert.NoError(t, errs[3])
		turns, txs = s.Commits()
		assert.Equal(t, []int64{7, 4}, []int64{turns, txs}, "the group failed, and the three good turns were committed one by one")

		var got []string
		for _, id := range ids {
			b, err := s.Journal(ctx, id)
			require.NoError(t, err)
			got = append(got, string(b))
		}
		assert.Equal(t, []string{"Hab", "Hab", "Ha", "Hab"}, got)
		g, err := s.Game(ctx, ids[3])
		require.NoError(t, err)
		assert.Equal(t, []any{false, "o", 2, 1}, []any{g.Live, g.Outcome, g.Turns, g.Depth})
		g, err = s.Game(ctx, ids[0])
		require.NoError(t, err)
		assert.Equal(t, []any{true, 2, 1}, []any{g.Live, g.Turns, g.Depth})
	})
}

// BenchmarkAGroupOf64Turns commits one turn of each of 64 games in one
// group, on SQLite (and PostgreSQL with ROGUE_TEST_POSTGRES); with
// -benchmem, the allocations a turn are allocs/op over 64.
func BenchmarkAGroupOf64Turns(b *testing.B) {
	for _, db := range []string{"sqlite", "postgres"} {
		b.Run(db, func(b *testing.B) {
			s := benchStore(b, db)
			ctx := withAda(b, s)
			ids := make([]int64, 64)
			for i := range ids {
				var err error
				ids[i], err = s.CreateGame(ctx, "ada", []byte("H"), 3)
				require.NoError(b, err)
			}
			record := make([]byte, 9)
			g := make([]appendReq, len(ids))
			b.ResetTimer()
			for turn := range b.N {
				for i, id := range ids {
					g[i] = appendReq{ctx: ctx, id: id, turn: turn, record: record, p: Progress{Turns: turn + 1}, done: make(chan error, 1)}
				}
				s.commitGroup(g)
				for _, r := range g {
					if err := <-r.done; err != nil {
						b.Fatal(err)
					}
				}
			}
			b.StopTimer()
			_, txs := s.Commits()
			b.ReportMetric(float64(txs)/float64(b.N), "transactions/group")
		})
	}
}

// A group holds the rules a turn alone does: a node fenced out of a game
// by another's claim has its turn refused, and a game the group ends is
// put on its boards.
func TestAGroupFencesANodeOutAndPutsTheGamesItEndsOnTheirBoards(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		ids := make([]int64, 3)
		for i := range ids {
			var err error
			ids[i], err = s.CreateGame(ctx, "ada", []byte("H"), 3)
			require.NoError(t, err)
			ok, err := s.Claim(ctx, ids[i], "a")
			require.NoError(t, err)
			require.True(t, ok)
		}
		ok, err := s.Claim(ctx, ids[1], "b") // node b takes game 2 over
		require.NoError(t, err)
		require.True(t, ok)
		row := BoardRow{Board: "rules/3", Key: "0a", Game: ids[2], Account: "ada", Outcome: "won", Turns: 1, Depth: 1, Level: 1, Build: "devel", Entry: []byte("{}")}
		var g []appendReq
		for i, id := range ids {
			p := Progress{Turns: 1, Depth: 1, Node: "a"}
			if i == 2 {
				p.Over, p.Outcome, p.Boards = true, "won", []BoardRow{row}
			}
			g = append(g, appendReq{ctx: ctx, id: id, turn: 0, record: []byte("a"), p: p, done: make(chan error, 1)})
		}
		s.commitGroup(g)
		var errs []error
		for _, r := range g {
			errs = append(errs, <-r.done)
		}
		assert.NoError(t, errs[0])
		assert.ErrorIs(t, errs[1], ErrConflict, "node a holds game 2 no longer")
		assert.NoError(t, errs[2])
		rows, err := s.BoardPage(ctx, "rules/3", "", 10)
		require.NoError(t, err)
		require.Len(t, rows, 1)
		assert.Equal(t, ids[2], rows[0].Game)

		// A group all of whose turns are good commits in one
		// transaction, its game's rows with it.
		ids2 := make([]int64, 2)
		for i := range ids2 {
			ids2[i], err = s.CreateGame(ctx, "ada", []byte("H"), 3)
			require.NoError(t, err)
		}
		row.Key, row.Game = "0b", ids2[1]
		before, txs := s.Commits()
		g = g[:0]
		for i, id := range ids2 {
			p := Progress{Turns: 1, Depth: 1}
			if i == 1 {
				p.Over, p.Outcome, p.Boards = true, "won", []BoardRow{row}
			}
			g = append(g, appendReq{ctx: ctx, id: id, turn: 0, record: []byte("a"), p: p, done: make(chan error, 1)})
		}
		s.commitGroup(g)
		for _, r := range g {
			assert.NoError(t, <-r.done)
		}
		after, txs2 := s.Commits()
		assert.Equal(t, []int64{2, 1}, []int64{after - before, txs2 - txs})
		rows, err = s.BoardPage(ctx, "rules/3", "", 10)
		require.NoError(t, err)
		assert.Len(t, rows, 2)
	})
}
