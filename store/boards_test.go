package store

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// key is a board key (42 hex digits) that sorts as n does.
func key(n int) string { return fmt.Sprintf("%042x", n) }

func row(board string, game int64, k int) BoardRow {
	return BoardRow{Board: board, Key: key(k), Game: game, Account: "ada", Outcome: fmt.Sprintf("k%d", k), Turns: k, Depth: 1, Level: 1,
		Build: "test", Entry: []byte(fmt.Sprintf(`{"id":%d}`, game))}
}

// overGame makes a game of ada's and ends it with its rows on boards.
func overGame(t *testing.T, s *Store, rows func(id int64) []BoardRow) int64 {
	t.Helper()
	ctx := context.Background()
	id, err := s.CreateGame(ctx, "ada", []byte("H"), 3)
	require.NoError(t, err)
	var b []BoardRow
	if rows != nil {
		b = rows(id)
	}
	require.NoError(t, s.Append(ctx, id, 0, []byte("a"), Progress{Turns: 1, Over: true, Outcome: "won", Boards: b}))
	return id
}

func TestAGameGoesOnItsBoardsWithItsLastTurnAndIsPagedByKey(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		// Five games, stored in an order that is not the boards'; the
		// odd ones also on the day's board.
		keys := []int{30, 10, 50, 20, 40}
		for _, k := range keys {
			overGame(t, s, func(id int64) []BoardRow {
				rows := []BoardRow{row("rules/3", id, k)}
				if k/10%2 == 1 {
					rows = append(rows, row("daily/2026-12-02", id, k))
				}
				return rows
			})
		}
		var got []string
		after := ""
		for range 3 {
			page, err := s.BoardPage(ctx, "rules/3", after, 2)
			require.NoError(t, err)
			for _, r := range page {
				got = append(got, r.Outcome)
				after = r.Key
			}
		}
		assert.Equal(t, []string{"k10", "k20", "k30", "k40", "k50"}, got)
		daily, err := s.BoardPage(ctx, "daily/2026-12-02", "", 10)
		require.NoError(t, err)
		require.Len(t, daily, 3)
		assert.Equal(t, BoardRow{Board: "daily/2026-12-02", Key: key(10), Game: 2, Account: "ada", Outcome: "k10", Turns: 10, Depth: 1, Level: 1,
			Build: "test", Entry: []byte(`{"id":2}`)}, daily[0])
		_, err = s.BoardPage(ctx, "rules/3", "not hex", 2)
		assert.Error(t, err)

		// The logfile: each game once, in the order stored.
		lines, err := s.Logfile(ctx, 0, 10)
		require.NoError(t, err)
		var games []int64
		for _, r := range lines {
			games = append(games, r.Game)
		}
		assert.Equal(t, []int64{1, 2, 3, 4, 5}, games)
		lines, err = s.Logfile(ctx, 3, 10)
		require.NoError(t, err)
		assert.Len(t, lines, 2)
	})
}

func TestAFinishedGameWithoutItsRowsIsListedUntilItIsRankedOnce(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := withAda(t, s)
		ranked := overGame(t, s, func(id int64) []BoardRow { return []BoardRow{row("rules/3", id, 1)} })
		a := overGame(t, s, nil)
		b := overGame(t, s, nil)
		_, err := s.CreateGame(ctx, "ada", []byte("H"), 3) // live: not finished
		require.NoError(t, err)
		got, err := s.Unranked(ctx, 10)
		require.NoError(t, err)
		assert.Equal(t, []Finished{{ID: a, Player: "ada", Source: "server"}, {ID: b, Player: "ada", Source: "server"}}, got)

		require.NoError(t, s.Rank(ctx, a, []BoardRow{row("rules/3", a, 2)}))
		assert.ErrorIs(t, s.Rank(ctx, a, []BoardRow{row("rules/3", a, 3)}), ErrConflict)
		assert.ErrorIs(t, s.Rank(ctx, ranked, []BoardRow{row("rules/3", ranked, 4)}), ErrConflict)
		require.NoError(t, s.Unrankable(ctx, b))
		got, err = s.Unranked(ctx, 10)
		require.NoError(t, err)
		assert.Empty(t, got)
		page, err := s.BoardPage(ctx, "rules/3", "", 10)
		require.NoError(t, err)
		assert.Len(t, page, 2)
	})
}

func TestAnAccountHasOneDailyGameADayAndAbandoningItRanksIt(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		for _, n := range []string{"ada", "bob"} {
			require.NoError(t, s.CreateAccount(ctx, Account{Name: n, Hash: []byte{1}, Role: "player"}))
		}
		id, err := s.CreateDailyGame(ctx, "ada", []byte("H"), 3, "2026-12-02")
		require.NoError(t, err)
		_, err = s.CreateDailyGame(ctx, "ada", []byte("H"), 3, "2026-12-02")
		assert.ErrorIs(t, err, ErrExists)
		_, err = s.CreateDailyGame(ctx, "bob", []byte("H"), 3, "2026-12-02")
		require.NoError(t, err)
		old, err := s.CreateDailyGame(ctx, "ada", []byte("H"), 3, "2026-12-01")
		require.NoError(t, err)
		plain, err := s.CreateGame(ctx, "ada", []byte("H"), 3)
		require.NoError(t, err)

		g, err := s.DailyGame(ctx, "ada", "2026-12-02")
		require.NoError(t, err)
		assert.Equal(t, id, g.ID)
		live, err := s.LiveGameOf(ctx, "ada")
		require.NoError(t, err)
		assert.Equal(t, plain, live.ID, "a daily game is not the unfinished game plain play goes on with")
		day, err := s.GameDay(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, "2026-12-02", day)
		past, err := s.LiveDailiesBefore(ctx, "2026-12-02", 10)
		require.NoError(t, err)
		assert.Equal(t, []int64{old}, past)

		done, err := s.FinishedDaily(ctx, "ada", "2026-12-02")
		require.NoError(t, err)
		assert.False(t, done)
		require.NoError(t, s.Append(ctx, id, 0, []byte("a"), Progress{Turns: 1, Depth: 1}))
		assert.ErrorIs(t, s.Abandon(ctx, id, 0, "abandoned on depth 1", nil), ErrConflict, "not at that turn")
		require.NoError(t, s.Abandon(ctx, id, 1, "abandoned on depth 1", []BoardRow{row("daily/2026-12-02", id, 7)}))
		assert.ErrorIs(t, s.Abandon(ctx, id, 1, "abandoned on depth 1", nil), ErrConflict, "twice")
		assert.ErrorIs(t, s.Append(ctx, id, 1, []byte("b"), Progress{Turns: 2}), ErrConflict, "a turn after")
		done, err = s.FinishedDaily(ctx, "ada", "2026-12-02")
		require.NoError(t, err)
		assert.True(t, done)
		g, err = s.Game(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, []any{false, false, "abandoned on depth 1"}, []any{g.Live, g.Over, g.Outcome})
		page, err := s.BoardPage(ctx, "daily/2026-12-02", "", 10)
		require.NoError(t, err)
		require.Len(t, page, 1)
		assert.Equal(t, id, page[0].Game)
		// A game abandoned before it began ranks nowhere.
		require.NoError(t, s.Abandon(ctx, old, 0, "abandoned before it began", nil))
		un, err := s.Unranked(ctx, 10)
		require.NoError(t, err)
		assert.Empty(t, un)
	})
}

func TestTheSecretIsMadeOnceAndKept(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		a, err := s.Secret(ctx, "daily", func() []byte { return []byte("first") })
		require.NoError(t, err)
		b, err := s.Secret(ctx, "daily", func() []byte { return []byte("second") })
		require.NoError(t, err)
		assert.Equal(t, []string{"first", "first"}, []string{string(a), string(b)})
	})
}

func TestABoardPageWalksTheIndex(t *testing.T) {
	t.Parallel()
	drivers(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		require.NoError(t, fillBoard(ctx, s, 0, 3000))
		plan, err := s.Explain(ctx, BoardPageQuery, "rules/3", []byte{1}, 101)
		require.NoError(t, err)
		text := strings.Join(plan, "\n")
		if s.Dialect() == "sqlite" {
			assert.Contains(t, text, "SEARCH board_rows USING PRIMARY KEY (board=? AND rank_key>?)", text)
		} else {
			assert.Contains(t, text, "Index Scan using board_rows_pkey", text)
		}
		assert.NotContains(t, strings.ToLower(text), "sort", "the rows come in the index's order: %s", text)
	})
}
