package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// CreateDailyGame adds player's live game of the daily challenge of day
// (2006-01-02), as CreateGame does; ErrExists if the player has one of
// that day already (one game a day per account).
func (s *Store) CreateDailyGame(ctx context.Context, player string, header []byte, rules int, day string) (int64, error) {
	var id int64
	unlock := s.lockWrite()
	defer unlock()
	err := s.db.QueryRowContext(ctx, `INSERT INTO games (account, header, rules, status, outcome, turns, depth, digest, lease_node, lease_until, created, daily)
		VALUES ($1, $2, $3, 'live', '', 0, 0, '', '', 0, $4, $5) RETURNING id`, player, header, rules, now(), day).Scan(&id)
	if unique(err) {
		return 0, ErrExists
	}
	return id, err
}

// DailyGame is player's game of the daily challenge of day, or
// ErrNotFound.
func (s *Store) DailyGame(ctx context.Context, player, day string) (Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE account = $1 AND daily = $2`, player, day))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	return g, err
}

// GameDay is the day of the daily challenge game id belongs to, "" for
// a game that is not one; ErrNotFound for no such game.
func (s *Store) GameDay(ctx context.Context, id int64) (string, error) {
	var day string
	err := s.db.QueryRowContext(ctx, `SELECT daily FROM games WHERE id = $1`, id).Scan(&day)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return day, err
}

// FinishedDaily reports whether player's game of day's challenge is
// finished: over, or abandoned.
func (s *Store) FinishedDaily(ctx context.Context, player, day string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE account = $1 AND daily = $2 AND status <> 'live'`, player, day).Scan(&n)
	return n > 0, err
}

// LiveDailiesBefore lists at most limit live games of daily challenges
// of days before day: games to abandon, their day being over.
func (s *Store) LiveDailiesBefore(ctx context.Context, day string, limit int) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE status = 'live' AND daily <> '' AND daily < $1 ORDER BY id LIMIT $2`, day, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// Abandon ends live game id, at turns turns, as its player left it: its
// status becomes abandoned, its outcome outcome, and rows (its entry, a
// row a board; none for a game that never began) go on its boards, in
// one transaction. A game that is not live at turns turns is
// ErrConflict, and nothing changes.
func (s *Store) Abandon(ctx context.Context, id int64, turns int, outcome string, rows []BoardRow) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET status = 'abandoned', outcome = $1 WHERE id = $2 AND status = 'live' AND turns = $3`, outcome, id, turns)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			return fmt.Errorf("game %d is not live at turn %d: %w", id, turns, ErrConflict)
		}
		if len(rows) == 0 {
			_, err := tx.ExecContext(ctx, `UPDATE games SET ranked = $1 WHERE id = $2`, unrankable, id)
			return err
		}
		return insertBoardRows(ctx, tx, id, rows)
	})
}
