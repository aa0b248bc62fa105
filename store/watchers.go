package store

import (
	"context"
	"database/sql"
	"slices"
	"time"
)

// The spectators of a game may be connected to any node: each node keeps
// its count of each game's in the watchers table, a row a game and a
// node, which lapses unless the node renews it (a killed node's
// spectators stop being counted when its rows lapse). A game's count is
// the sum of its rows that have not lapsed.

// SetWatchers keeps node's counts of the spectators of games (a count of
// 0 lets its row go), each row lapsing at lapses.
func (s *Store) SetWatchers(ctx context.Context, node string, counts map[int64]int, lapses time.Time) error {
	ids := make([]int64, 0, len(counts))
	for id := range counts {
		ids = append(ids, id)
	}
	slices.Sort(ids) // rows locked in one order by every node
	return s.inTx(ctx, func(tx *sql.Tx) error {
		for _, id := range ids {
			var err error
			if n := counts[id]; n > 0 {
				_, err = tx.ExecContext(ctx, `INSERT INTO watchers (game, node, n, lapses) VALUES ($1, $2, $3, $4)
					ON CONFLICT (game, node) DO UPDATE SET n = excluded.n, lapses = excluded.lapses`, id, node, n, lapses.UnixMilli())
			} else {
				_, err = tx.ExecContext(ctx, `DELETE FROM watchers WHERE game = $1 AND node = $2`, id, node)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// RenewWatchers makes node's rows lapse at lapses, and deletes every
// node's rows that lapsed before at.
func (s *Store) RenewWatchers(ctx context.Context, node string, lapses, at time.Time) error {
	if _, err := s.exec(ctx, `UPDATE watchers SET lapses = $1 WHERE node = $2`, lapses.UnixMilli(), node); err != nil {
		return err
	}
	_, err := s.exec(ctx, `DELETE FROM watchers WHERE lapses < $1`, at.UnixMilli())
	return err
}

// DropWatchers lets every row of node go (it starts, or stops).
func (s *Store) DropWatchers(ctx context.Context, node string) error {
	_, err := s.exec(ctx, `DELETE FROM watchers WHERE node = $1`, node)
	return err
}

// Watchers is how many spectators game id has on every node at the time
// at.
func (s *Store) Watchers(ctx context.Context, id int64, at time.Time) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(n), 0) FROM watchers WHERE game = $1 AND lapses > $2`, id, at.UnixMilli()).Scan(&n)
	return n, err
}

// AllWatchers is how many spectators each game watched has on every
// node at the time at (a game of none is left out): one read of the
// table, a row a game and a node.
func (s *Store) AllWatchers(ctx context.Context, at time.Time) (map[int64]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT game, SUM(n) FROM watchers WHERE lapses > $1 GROUP BY game`, at.UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]int{}
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}
