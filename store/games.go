package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
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
	// LeaseNode is the node that holds the game: the one whose appends
	// are taken (see Claim); "" for none.
	LeaseNode string
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
	// Node is the node appending the turn: unless it holds the game's
	// lease (see Claim), the turn is refused. "" appends whoever holds
	// it.
	Node string
}

const gameColumns = `id, account, header, rules, status, outcome, turns, depth, digest, lease_node`

func scanGame(row interface{ Scan(...any) error }) (Game, error) {
	var g Game
	var status string
	err := row.Scan(&g.ID, &g.Player, &g.Header, &g.Rules, &status, &g.Outcome, &g.Turns, &g.Depth, &g.Digest, &g.LeaseNode)
	g.Live, g.Over = status == "live", status == "over" || status == StatusFinished
	g.Progress.Outcome = g.Outcome
	return g, err
}

// CreateGame adds a live game of no turns yet, whose journal begins with
// header (the magic and the framed header), and returns its id.
func (s *Store) CreateGame(ctx context.Context, player string, header []byte, rules int) (int64, error) {
	var id int64
	unlock := s.lockWrite()
	defer unlock()
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

// GamesIn are the rows of the games ids (at most a few hundred), by id;
// a game that is not is left out.
func (s *Store) GamesIn(ctx context.Context, ids []int64) (map[int64]Game, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	marks := make([]string, len(ids))
	args := make([]any, len(ids))
	for i, id := range ids {
		marks[i] = fmt.Sprintf("$%d", i+1)
		args[i] = id
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id IN (`+strings.Join(marks, ", ")+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]Game{}
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out[g.ID] = g
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
		if err == nil {
			s.Tell(id, turn+1)
		}
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
		WHERE id = $6 AND turns = $7 AND status = 'live' AND (lease_node = $8 OR $8 = '')`, turn+1, p.Depth, p.Digest, status, p.Outcome, id, turn, p.Node)
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

// Claim gives the live game to node, taking it from any node that held
// it, and reports whether the game is live. From then on only node
// appends its turns (Progress.Node): a node that held the game before
// has every later turn refused, so two nodes never both decide a game,
// whatever each believes. A claim is never refused: the fencing, not a
// lease's expiry, makes taking a game over safe at any moment, so a game
// moves as fast as its player reconnects.
func (s *Store) Claim(ctx context.Context, id int64, node string) (bool, error) {
	res, err := s.exec(ctx, `UPDATE games SET lease_node = $1 WHERE id = $2 AND status = 'live'`, node, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Release lets the game go, if node holds it.
func (s *Store) Release(ctx context.Context, id int64, node string) error {
	_, err := s.exec(ctx, `UPDATE games SET lease_node = '' WHERE id = $1 AND lease_node = $2`, id, node)
	return err
}

// SetDigest keeps digest as the game's after turns turns, unless it has
// moved on since (a turn's append blanks it again: the row's digest is
// the one after its turns, or blank).
func (s *Store) SetDigest(ctx context.Context, id int64, turns int, digest string) error {
	_, err := s.exec(ctx, `UPDATE games SET digest = $1 WHERE id = $2 AND turns = $3`, digest, id, turns)
	return err
}

// Records returns the records of the game's turns from turn number from
// on, in order.
func (s *Store) Records(ctx context.Context, id int64, from int) ([][]byte, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT turn, bytes FROM records WHERE game = $1 AND turn >= $2 ORDER BY turn`, id, from)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][]byte
	for want := from; rows.Next(); want++ {
		var turn int
		var rec []byte
		if err := rows.Scan(&turn, &rec); err != nil {
			return nil, err
		}
		if turn != want {
			return nil, fmt.Errorf("game %d: turn %d is missing from the store", id, want)
		}
		out = append(out, rec)
	}
	return out, rows.Err()
}

// PutSnapshot keeps a snapshot of the game's state after turns turns,
// and lets the older ones go (only the newest is used).
func (s *Store) PutSnapshot(ctx context.Context, id int64, turns int, b []byte) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		// The same turn's state is the same: a second is left out.
		_, err := tx.ExecContext(ctx, `INSERT INTO snapshots (game, turn, bytes) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, id, turns, b)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM snapshots WHERE game = $1 AND turn < $2`, id, turns)
		return err
	})
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
