package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Game is a game's row: who plays it, its journal's header record and
// where it has come to.
type Game struct {
	ID      int64
	Player  string
	Header  []byte // the journal's first bytes: the magic and the framed header
	Rules   int
	Live    bool // not over yet
	Outcome string
	Progress
	// LeaseNode holds the game until LeaseUntil (see Lease).
	LeaseNode  string
	LeaseUntil time.Time
}

// Progress is what a turn changes in a game's row.
type Progress struct {
	Turns   int    // turns in the journal
	Depth   int    // the player's depth
	Digest  string // the state's digest after the last turn
	Over    bool
	Outcome string // how it ended, once over
	// Boards are the game's rows on the hall of fame's boards, put
	// there with the turn that ends it (store/boards.go).
	Boards []BoardRow
}

const gameColumns = `id, account, header, rules, status, outcome, turns, depth, digest, lease_node, lease_until`

func scanGame(row interface{ Scan(...any) error }) (Game, error) {
	var g Game
	var status string
	var until int64
	err := row.Scan(&g.ID, &g.Player, &g.Header, &g.Rules, &status, &g.Outcome, &g.Turns, &g.Depth, &g.Digest, &g.LeaseNode, &until)
	g.Live, g.Over = status == "live", status == "over" || status == StatusFinished
	g.Progress.Outcome = g.Outcome
	g.LeaseUntil = time.Unix(until, 0)
	return g, err
}

// CreateGame adds a live game of no turns yet, whose journal begins with
// header (the magic and the framed header), and returns its id.
func (s *Store) CreateGame(ctx context.Context, player string, header []byte, rules int) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, `INSERT INTO games (account, header, rules, status, outcome, turns, depth, digest, lease_node, lease_until, created)
		VALUES ($1, $2, $3, 'live', '', 0, 0, '', '', 0, $4) RETURNING id`, player, header, rules, now()).Scan(&id)
	return id, err
}

// Game returns the game's row, or ErrNotFound.
func (s *Store) Game(ctx context.Context, id int64) (Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	return g, err
}

// Games lists the games, newest first, at most limit of them; live only
// with live.
func (s *Store) Games(ctx context.Context, live bool, limit int) ([]Game, error) {
	q := `SELECT ` + gameColumns + ` FROM games`
	if live {
		q += ` WHERE status = 'live'`
	}
	rows, err := s.db.QueryContext(ctx, q+` ORDER BY id DESC LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// LiveGameOf is the player's unfinished game, the newest if several,
// not counting daily challenges (DailyGame); ErrNotFound if none.
func (s *Store) LiveGameOf(ctx context.Context, player string) (Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE account = $1 AND status = 'live' AND daily = '' ORDER BY id DESC LIMIT 1`, player))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	return g, err
}

// Append adds the framed record of turn number turn to the game's journal
// and sets the game's progress, in one transaction: when it returns nil
// the turn is committed. The turn must be the game's next one and the game
// live, else ErrConflict and nothing changes: a turn is never doubled nor
// skipped. Turns of many games that arrive together are committed in one
// transaction (group commit): Append returns once its group is.
func (s *Store) Append(ctx context.Context, id int64, turn int, record []byte, p Progress) error {
	done := make(chan error, 1)
	select {
	case s.appends <- appendReq{ctx: ctx, id: id, turn: turn, record: record, p: p, done: done}:
	case <-ctx.Done():
		return ctx.Err()
	case <-s.stopped:
		return ErrClosed
	}
	select {
	case err := <-done:
		return err
	case <-s.stopped:
		select {
		case err := <-done: // committed just before the store closed
			return err
		default:
			return ErrClosed
		}
	}
}

func appendTx(ctx context.Context, tx *sql.Tx, id int64, turn int, record []byte, p Progress) error {
	status := "live"
	if p.Over {
		status = "over"
	}
	res, err := tx.ExecContext(ctx, `UPDATE games SET turns = $1, depth = $2, digest = $3, status = $4, outcome = $5
		WHERE id = $6 AND turns = $7 AND status = 'live'`, turn+1, p.Depth, p.Digest, status, p.Outcome, id, turn)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return fmt.Errorf("game %d, turn %d: %w", id, turn, ErrConflict)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO records (game, turn, bytes) VALUES ($1, $2, $3)`, id, turn, record)
	if unique(err) {
		return fmt.Errorf("game %d, turn %d: %w", id, turn, ErrConflict)
	}
	if err == nil && p.Over && len(p.Boards) > 0 {
		err = insertBoardRows(ctx, tx, id, p.Boards)
	}
	return err
}

// Journal returns the game's journal: exactly the bytes of its file, the
// header then every committed turn's record in order.
func (s *Store) Journal(ctx context.Context, id int64) ([]byte, error) {
	var b bytes.Buffer
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var head []byte
		if err := tx.QueryRowContext(ctx, `SELECT header FROM games WHERE id = $1`, id).Scan(&head); errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		} else if err != nil {
			return err
		}
		b.Write(head)
		rows, err := tx.QueryContext(ctx, `SELECT turn, bytes FROM records WHERE game = $1 ORDER BY turn`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		var rec []byte
		for want := 0; rows.Next(); want++ {
			var turn int
			if err := rows.Scan(&turn, &rec); err != nil {
				return err
			}
			if turn != want {
				return fmt.Errorf("game %d: turn %d is missing from the store", id, want)
			}
			b.Write(rec)
		}
		return rows.Err()
	})
	return b.Bytes(), err
}

// Lease gives the game to node until until, if no other node holds it
// now; it reports whether node holds it.
func (s *Store) Lease(ctx context.Context, id int64, node string, until time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE games SET lease_node = $1, lease_until = $2
		WHERE id = $3 AND (lease_node = $1 OR lease_until < $4)`, node, until.Unix(), id, now())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// PutSnapshot keeps a snapshot of the game's state after turns turns.
func (s *Store) PutSnapshot(ctx context.Context, id int64, turns int, b []byte) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO snapshots (game, turn, bytes) VALUES ($1, $2, $3)`, id, turns, b)
	if unique(err) {
		return nil // the same turn's state is the same
	}
	return err
}

// LatestSnapshot is the newest snapshot of the game: the turns it was
// taken after, and its bytes; ErrNotFound if none.
func (s *Store) LatestSnapshot(ctx context.Context, id int64) (int, []byte, error) {
	var turns int
	var b []byte
	err := s.db.QueryRowContext(ctx, `SELECT turn, bytes FROM snapshots WHERE game = $1 ORDER BY turn DESC LIMIT 1`, id).Scan(&turns, &b)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil, ErrNotFound
	}
	return turns, b, err
}
