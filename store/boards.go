package store

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
)

// BoardRow is a game's row on one board of the hall of fame. Key is
// its place in the board's order (fame.Entry.Key, 42 hex digits), kept
// as its 21 bytes so that both databases compare it byte by byte; Entry
// is the whole entry as JSON (fame.Entry), which the host writes and
// reads. The other fields repeat what people query the table for.
type BoardRow struct {
	Board   string
	Key     string
	Game    int64
	Account string
	Outcome string
	Turns   int
	Depth   int
	Level   int
	Build   string
	Entry   []byte
}

// Ranked says whether a game is on its boards.
const (
	unranked   = 0
	ranked     = 1
	unrankable = -1
)

// insertBoardRows puts a game's rows on their boards and marks it
// ranked, in tx; a game already ranked is ErrConflict.
func insertBoardRows(ctx context.Context, tx *sql.Tx, game int64, rows []BoardRow) error {
	res, err := tx.ExecContext(ctx, `UPDATE games SET ranked = $1 WHERE id = $2 AND ranked = $3`, ranked, game, unranked)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return fmt.Errorf("game %d is on its boards already: %w", game, ErrConflict)
	}
	for _, r := range rows {
		key, err := hex.DecodeString(r.Key)
		if err != nil || r.Game != game {
			return fmt.Errorf("game %d: a board row of game %d, key %q", game, r.Game, r.Key)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO board_rows (board, rank_key, game, account, outcome, turns, depth, level, build, entry)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			r.Board, key, r.Game, r.Account, r.Outcome, r.Turns, r.Depth, r.Level, r.Build, string(r.Entry)); err != nil {
			return err
		}
	}
	return nil
}

// Rank puts a finished game's rows on their boards (a game that ended
// without them: an upload, or a game of an older build), once: a game
// ranked already is ErrConflict, and nothing changes.
func (s *Store) Rank(ctx context.Context, game int64, rows []BoardRow) error {
	return s.inTx(ctx, func(tx *sql.Tx) error { return insertBoardRows(ctx, tx, game, rows) })
}

// Unrankable marks a finished game that cannot rank (its journal does
// not check), so that it is not tried again.
func (s *Store) Unrankable(ctx context.Context, game int64) error {
	_, err := s.exec(ctx, `UPDATE games SET ranked = $1 WHERE id = $2 AND ranked = $3`, unrankable, game, unranked)
	return err
}

// Finished is a game that ended and is not on its boards yet: where it
// came from ("server" or "offline"), its daily challenge's day ("" for
// none), and whether it was abandoned.
type Finished struct {
	ID        int64
	Player    string
	Source    string
	Day       string
	Abandoned bool
}

// Unranked lists at most limit finished games that are not on their
// boards yet, the oldest first.
func (s *Store) Unranked(ctx context.Context, limit int) ([]Finished, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, account, source, daily, status FROM games
		WHERE ranked = $1 AND status IN ('over', 'abandoned', 'finished') ORDER BY id LIMIT $2`, unranked, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Finished
	for rows.Next() {
		var f Finished
		var status string
		if err := rows.Scan(&f.ID, &f.Player, &f.Source, &f.Day, &status); err != nil {
			return nil, err
		}
		f.Abandoned = status == "abandoned"
		out = append(out, f)
	}
	return out, rows.Err()
}

// BoardPage reads at most n rows of board after the key after (""
// for the first page), in the board's order: a walk down the index on
// (board, rank_key) and the rows, whatever the rows before them.
func (s *Store) BoardPage(ctx context.Context, board, after string, n int) ([]BoardRow, error) {
	key, err := hex.DecodeString(after)
	if err != nil {
		return nil, fmt.Errorf("a page's cursor is a key in hex: %w", err)
	}
	return s.boardRows(ctx, BoardPageQuery, board, key, n)
}

// BoardPageQuery is the query BoardPage runs: $1 the board, $2 the
// cursor's key as bytes, $3 the rows.
const BoardPageQuery = `SELECT ` + boardColumns + ` FROM board_rows WHERE board = $1 AND rank_key > $2 ORDER BY rank_key LIMIT $3`

// Logfile reads at most n rows of the games after game after, in the
// order they were stored: each game once, its row on its rules or
// offline board (every game has one of those).
func (s *Store) Logfile(ctx context.Context, after int64, n int) ([]BoardRow, error) {
	return s.boardRows(ctx, `SELECT `+boardColumns+` FROM board_rows
		WHERE game > $1 AND (board LIKE 'rules/%' OR board LIKE 'offline/%') ORDER BY game LIMIT $2`, after, n)
}

const boardColumns = `board, rank_key, game, account, outcome, turns, depth, level, build, entry`

func (s *Store) boardRows(ctx context.Context, q string, args ...any) ([]BoardRow, error) {
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []BoardRow
	for rows.Next() {
		var r BoardRow
		var key []byte
		var entry string
		if err := rows.Scan(&r.Board, &key, &r.Game, &r.Account, &r.Outcome, &r.Turns, &r.Depth, &r.Level, &r.Build, &entry); err != nil {
			return nil, err
		}
		r.Key, r.Entry = hex.EncodeToString(key), []byte(entry)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Explain is the database's plan for query with args (EXPLAIN QUERY
// PLAN on SQLite, EXPLAIN on PostgreSQL), a line a step.
func (s *Store) Explain(ctx context.Context, query string, args ...any) ([]string, error) {
	prefix, col := "EXPLAIN ", 0
	if s.d == sqlite {
		prefix, col = "EXPLAIN QUERY PLAN ", 3
	}
	rows, err := s.db.QueryContext(ctx, prefix+query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprint(vals[col]))
	}
	return out, rows.Err()
}

// Secret is the server's secret of that name, made by make on the
// first call (on any node: the first to store it wins).
func (s *Store) Secret(ctx context.Context, name string, make func() []byte) ([]byte, error) {
	var b []byte
	err := s.db.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = $1`, name).Scan(&b)
	if err == nil {
		return b, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if _, err := s.exec(ctx, `INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, name, make()); err != nil {
		return nil, err
	}
	err = s.db.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = $1`, name).Scan(&b)
	return b, err
}

// MarkOffline marks game id as an upload played offline (source
// "offline"): it ranks on the offline board of its rules only.
func (s *Store) MarkOffline(ctx context.Context, id int64) error {
	_, err := s.exec(ctx, `UPDATE games SET source = 'offline' WHERE id = $1`, id)
	return err
}
