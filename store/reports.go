package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Report is a bug report: a journal, the line `rogue version` printed
// where it was played, what its player says went wrong, and what the
// server found of it (the verify line, the last screen as text).
type Report struct {
	ID      int64
	Account string
	Name    string // the journal's file name, as its player sent it
	Version string // the reporter's `rogue version` line
	What    string // what went wrong, in the player's words
	SHA256  string
	Journal []byte // nil in a list
	Verify  string // the line rogue verify prints of it ("" when it verifies)
	Screen  string // the last screen, 80x24 as text
	Created time.Time
}

// CreateReport keeps a report and returns its id.
func (s *Store) CreateReport(ctx context.Context, r Report) (int64, error) {
	var id int64
	unlock := s.lockWrite()
	defer unlock()
	err := s.db.QueryRowContext(ctx, `INSERT INTO reports (account, name, version, what, sha256, journal, verify, screen, created)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
		r.Account, r.Name, r.Version, r.What, r.SHA256, r.Journal, r.Verify, r.Screen, nowMilli()).Scan(&id)
	return id, err
}

const reportColumns = `id, account, name, version, what, sha256, verify, screen, created`

func scanReport(row interface{ Scan(...any) error }, extra ...any) (Report, error) {
	var r Report
	var created int64
	err := row.Scan(append([]any{&r.ID, &r.Account, &r.Name, &r.Version, &r.What, &r.SHA256, &r.Verify, &r.Screen, &created}, extra...)...)
	r.Created = time.UnixMilli(created)
	return r, err
}

// Reports lists the reports, newest first, at most limit of them, those
// before id before (0: from the newest), without their journals.
func (s *Store) Reports(ctx context.Context, before int64, limit int) ([]Report, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+reportColumns+` FROM reports WHERE id < $1 ORDER BY id DESC LIMIT $2`, before, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Report
	for rows.Next() {
		r, err := scanReport(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// GetReport is the report with its journal, or ErrNotFound.
func (s *Store) GetReport(ctx context.Context, id int64) (Report, error) {
	var b []byte
	r, err := scanReport(s.db.QueryRowContext(ctx, `SELECT `+reportColumns+`, journal FROM reports WHERE id = $1`, id), &b)
	if errors.Is(err, sql.ErrNoRows) {
		return Report{}, ErrNotFound
	}
	r.Journal = b
	return r, err
}
