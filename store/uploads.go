package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Uploads: journals played offline, sent to be listed. An upload waits
// in the queue (a JobUpload holding its bytes) until a worker has
// re-simulated it; then it is listed as a game (List) or refused
// (Finish), and its bytes leave the queue either way.

// Sources of a game: where its journal came from.
const (
	SourceServer  = "server"  // played on this server, turn by turn
	SourceOffline = "offline" // played elsewhere, uploaded and re-verified
)

// StatusFinished is an uploaded game's status: over, as its journal
// proves, and never played here (a server game's is "over").
const StatusFinished = "finished"

// Duplicate is the answer to an upload whose bytes are those of a game
// listed already, or of an upload still waiting: the same SHA-256.
type Duplicate struct {
	Game    int64  // the game listed, or 0
	Job     int64  // the upload waiting, or 0
	Account string // who sent it (or played it)
}

func (d *Duplicate) Error() string {
	if d.Game != 0 {
		return fmt.Sprintf("the same journal is game %d, %s's", d.Game, d.Account)
	}
	return fmt.Sprintf("the same journal is upload %d, %s's, being checked", d.Job, d.Account)
}

// RateLimited is the answer to an upload over its account's limit: the
// next one is accepted at Next.
type RateLimited struct {
	Max    int
	Window time.Duration
	Next   time.Time
}

func (r *RateLimited) Error() string {
	return fmt.Sprintf("%d uploads in %v at most", r.Max, r.Window)
}

// Upload is a journal sent to be listed.
type Upload struct {
	Account string
	Name    string
	SHA256  string
	Journal []byte
	// At most Max uploads of the account in the last Window (Max 0: no limit).
	Max    int
	Window time.Duration
}

// QueueUpload queues u for a worker, unless its bytes are a game's
// already, or an upload's waiting (*Duplicate), or its account has sent
// its most in the window (*RateLimited).
func (s *Store) QueueUpload(ctx context.Context, u Upload) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if s.d == postgres {
			// The account's uploads are counted one at a time.
			if _, err := tx.ExecContext(ctx, `SELECT name FROM accounts WHERE name = $1 FOR UPDATE`, u.Account); err != nil {
				return err
			}
		}
		if d, err := duplicate(ctx, tx, u.SHA256); err != nil || d != nil {
			if d != nil {
				return d
			}
			return err
		}
		at := nowMilli()
		if u.Max > 0 {
			var n int
			var oldest sql.NullInt64
			since := at - u.Window.Milliseconds()
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), MIN(created) FROM jobs WHERE account = $1 AND kind = 'upload' AND created > $2`,
				u.Account, since).Scan(&n, &oldest); err != nil {
				return err
			}
			if n >= u.Max {
				return &RateLimited{Max: u.Max, Window: u.Window, Next: time.UnixMilli(oldest.Int64).Add(u.Window)}
			}
		}
		return tx.QueryRowContext(ctx, `INSERT INTO jobs (kind, account, name, sha256, journal, game, run, state, tries, lease_node, lease_until, result, line, build, created, finished)
			VALUES ('upload', $1, $2, $3, $4, 0, 0, 'queued', 0, '', 0, '', '', '', $5, 0) RETURNING id`,
			u.Account, u.Name, u.SHA256, u.Journal, at).Scan(&id)
	})
	return id, err
}

// duplicate is the game or waiting upload with those bytes, or nil.
func duplicate(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, sha string) (*Duplicate, error) {
	d := &Duplicate{}
	// (sha256 <> '': the partial unique index's condition, which lets
	// a query with a parameter use it.)
	err := q.QueryRowContext(ctx, `SELECT id, account FROM games WHERE sha256 = $1 AND sha256 <> ''`, sha).Scan(&d.Game, &d.Account)
	if err == nil {
		return d, nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	err = q.QueryRowContext(ctx, `SELECT id, account FROM jobs WHERE sha256 = $1 AND kind = 'upload' AND state <> 'done' ORDER BY id LIMIT 1`, sha).Scan(&d.Job, &d.Account)
	if err == nil {
		return d, nil
	} else if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return nil, err
}

// Listing is a verified upload, to list as a game: its journal split
// into the header record and each turn's record, and what its rows say.
type Listing struct {
	Header  []byte
	Records [][]byte
	Rules   int
	Outcome string
	Turns   int // records, as a server game's row counts them
	Depth   int
	Digest  string // the final state's digest
	Build   string
}

// SameGame is the answer to listing an upload whose journal begins as a
// stored game's does (the same header: seed, start and all) but is not
// byte for byte the same: one game ranks once.
type SameGame struct {
	Game    int64
	Account string
}

func (g *SameGame) Error() string {
	return fmt.Sprintf("the journal begins as game %d, %s's, does (the same header: seed and start)", g.Game, g.Account)
}

// List lists the upload j (as Take gave it) as a finished offline game
// of its account, its records stored as a server game's are, and
// finishes the job with the line said(game, nil), in one transaction.
// ErrConflict if the worker's lease lapsed; *Duplicate or *SameGame if
// the game is stored already (the job is then finished as refused, its
// line said(0, err)).
func (s *Store) List(ctx context.Context, j Job, l Listing, said func(game int64, err error) string) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if d, err := duplicate(ctx, tx, j.SHA256); err != nil {
			return err
		} else if d != nil && d.Game != 0 {
			return d
		}
		var same SameGame
		switch err := tx.QueryRowContext(ctx, `SELECT id, account FROM games WHERE header = $1 ORDER BY id LIMIT 1`, l.Header).Scan(&same.Game, &same.Account); {
		case err == nil:
			return &same
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO games (account, header, rules, status, outcome, turns, depth, digest, lease_node, lease_until, created, source, sha256, build)
			VALUES ($1, $2, $3, 'finished', $4, $5, $6, $7, '', 0, $8, 'offline', $9, $10) RETURNING id`,
			j.Account, l.Header, l.Rules, l.Outcome, l.Turns, l.Depth, l.Digest, now(), j.SHA256, l.Build).Scan(&id); err != nil {
			return err
		}
		if err := insertRecords(ctx, tx, s.d, id, l.Records); err != nil {
			return err
		}
		return finishTx(ctx, tx, j, "listed", said(id, nil), l.Build, id)
	})
	var d *Duplicate
	var same *SameGame
	if errors.As(err, &d) || errors.As(err, &same) {
		if ferr := s.Finish(ctx, j, "duplicate", said(0, err), l.Build); ferr != nil {
			return 0, ferr
		}
		return 0, err
	}
	if unique(err) {
		// Listed by another worker between the check and the insert.
		return 0, fmt.Errorf("job %d: %w", j.ID, ErrConflict)
	}
	return id, err
}

// Source is a game's source and SHA-256 ("server" and "" for
// a game played here).
func (s *Store) Source(ctx context.Context, game int64) (source, sha string, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT source, sha256 FROM games WHERE id = $1`, game).Scan(&source, &sha)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", ErrNotFound
	}
	return source, sha, err
}

// Count is how many rows table holds (for tests and the figures: that a
// refused upload is stored nowhere). table is one of the schema's.
func (s *Store) Count(ctx context.Context, table string) (int, error) {
	switch table {
	case "games", "records", "jobs", "reports", "accounts", "tries", "watchers":
	default:
		return 0, fmt.Errorf("no table %q", table)
	}
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table).Scan(&n)
	return n, err
}

// JournalBytesQueued is how many jobs still hold an upload's bytes.
func (s *Store) JournalBytesQueued(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM jobs WHERE journal IS NOT NULL`).Scan(&n)
	return n, err
}

// SetRole sets the account's role ("player", "maintainer", "admin");
// ErrNotFound if there is no such account.
func (s *Store) SetRole(ctx context.Context, name, role string) error {
	res, err := s.exec(ctx, `UPDATE accounts SET role = $1 WHERE name = $2`, role, name)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return ErrNotFound
	}
	return nil
}

// recordsAtOnce is how many records one INSERT adds: a game of 7 000
// turns is 24 statements, not 7 000 (3 parameters a row, well under
// either database's limit).
const recordsAtOnce = 300

// insertRecords adds the game's records, turn 0 first.
func insertRecords(ctx context.Context, tx *sql.Tx, d dialect, game int64, records [][]byte) error {
	ins := &recordInserter{tx: tx, d: d}
	defer ins.close()
	return ins.insert(ctx, game, records)
}
