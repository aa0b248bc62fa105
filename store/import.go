package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// SourceImport is the source of a game an operator imported from a
// journal file (rogue host --import): trusted as read, not checked, and
// re-verified like any other by rogue host --reverify.
const SourceImport = "import"

// Imported is what Import did with one journal: the game that holds it,
// and whether that game was stored before (the same SHA-256, or the
// same header record: the same game, seed and start, as List refuses
// it; stored again by nobody).
type Imported struct {
	Game    int64
	Already bool
}

// Import stores games as finished games of account from source, their
// SHA-256s as given, in one transaction, without a job or a check: for
// a trusted import (rogue host --import, the figures of a corpus of bot
// games), which rogue host --reverify then checks like any other. A
// journal whose SHA-256 is a stored game's (or an earlier one's of
// games) is not stored again, nor one whose header record is a stored
// game's (a game played here has no SHA-256: its journal begins as the
// download's does): its Imported names that game. The rows
// are those List writes; on PostgreSQL they go in by COPY, on SQLite by
// prepared statements of many rows each.
func (s *Store) Import(ctx context.Context, account, source string, games []Listing, sha []string) ([]Imported, error) {
	if len(sha) != len(games) {
		return nil, fmt.Errorf("%d games and %d SHA-256s", len(games), len(sha))
	}
	out := make([]Imported, len(games))
	if len(games) == 0 {
		return out, nil
	}
	if s.d == postgres {
		return out, s.importPostgres(ctx, account, source, games, sha, out)
	}
	return out, s.importSQLite(ctx, account, source, games, sha, out)
}

// alreadyStored marks in out the games whose SHA-256 ("s" and the hex)
// or header record ("h" and its bytes) known holds, or an earlier game
// of the batch has; the others are to be stored.
func alreadyStored(games []Listing, sha []string, known map[string]int64, out []Imported) (fresh []int) {
	first := map[string]int{}
	for i, h := range sha {
		keys := []string{"h" + string(games[i].Header)}
		if h != "" {
			keys = append(keys, "s"+h)
		}
		found := false
		for _, k := range keys {
			if id, ok := known[k]; ok {
				out[i], found = Imported{Game: id, Already: true}, true
				break
			}
			if j, ok := first[k]; ok {
				out[i], found = Imported{Game: int64(-1 - j), Already: true}, true // the earlier one's, once stored
				break
			}
		}
		if found {
			continue
		}
		for _, k := range keys {
			first[k] = i
		}
		fresh = append(fresh, i)
	}
	return fresh
}

// keep adds the rows (a key's text or bytes, an id) to known under
// prefix, the first id of each key kept.
func keep(known map[string]int64, prefix string, rows interface {
	Next() bool
	Scan(...any) error
}) error {
	for rows.Next() {
		var k []byte
		var id int64
		if err := rows.Scan(&k, &id); err != nil {
			return err
		}
		if _, ok := known[prefix+string(k)]; !ok {
			known[prefix+string(k)] = id
		}
	}
	return nil
}

// sameAsEarlier gives the games alreadyStored found twice in the batch
// the id their first one was stored as.
func sameAsEarlier(out []Imported) {
	for i := range out {
		if out[i].Game < 0 {
			out[i].Game = out[-1-int(out[i].Game)].Game
		}
	}
}

func (s *Store) importPostgres(ctx context.Context, account, source string, games []Listing, sha []string, out []Imported) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("the PostgreSQL connection is a %T, not pgx's", dc)
		}
		tx, err := sc.Conn().Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		known := map[string]int64{}
		headers := make([][]byte, len(games))
		for i, l := range games {
			headers[i] = l.Header
		}
		for _, q := range []struct {
			prefix, sql string
			arg         any
		}{
			{"s", `SELECT sha256::bytea, id FROM games WHERE sha256 = ANY($1) AND sha256 <> '' ORDER BY id`, sha},
			{"h", `SELECT header, id FROM games WHERE header = ANY($1) ORDER BY id`, headers},
		} {
			rows, err := tx.Query(ctx, q.sql, q.arg)
			if err != nil {
				return err
			}
			err = keep(known, q.prefix, rows)
			rows.Close()
			if err := errors.Join(err, rows.Err()); err != nil {
				return err
			}
		}
		fresh := alreadyStored(games, sha, known, out)
		if len(fresh) == 0 {
			return tx.Commit(ctx)
		}
		// The games' ids are taken from their sequence first, so that
		// both tables go in by COPY.
		rows, err := tx.Query(ctx, `SELECT nextval(pg_get_serial_sequence('games', 'id')) FROM generate_series(1, $1) ORDER BY 1`, len(fresh))
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		if len(ids) != len(fresh) {
			return fmt.Errorf("%d ids for %d games", len(ids), len(fresh))
		}
		at := now()
		gameRows := make([][]any, len(fresh))
		records := 0
		for k, i := range fresh {
			l := games[i]
			out[i] = Imported{Game: ids[k]}
			gameRows[k] = []any{ids[k], account, l.Header, l.Rules, StatusFinished, l.Outcome, l.Turns, l.Depth, l.Digest, "", int64(0), at, source, sha[i], l.Build}
			records += len(l.Records)
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"games"},
			[]string{"id", "account", "header", "rules", "status", "outcome", "turns", "depth", "digest", "lease_node", "lease_until", "created", "source", "sha256", "build"},
			pgx.CopyFromRows(gameRows)); err != nil {
			return err
		}
		k, turn := 0, 0
		row := make([]any, 3)
		src := pgx.CopyFromFunc(func() ([]any, error) {
			for k < len(fresh) && turn == len(games[fresh[k]].Records) {
				k, turn = k+1, 0
			}
			if k == len(fresh) {
				return nil, nil
			}
			row[0], row[1], row[2] = ids[k], int32(turn), games[fresh[k]].Records[turn]
			turn++
			return row, nil
		})
		n, err := tx.CopyFrom(ctx, pgx.Identifier{"records"}, []string{"game", "turn", "bytes"}, src)
		if err != nil {
			return err
		}
		if int(n) != records {
			return fmt.Errorf("%d records copied of %d", n, records)
		}
		sameAsEarlier(out)
		return tx.Commit(ctx)
	})
}

func (s *Store) importSQLite(ctx context.Context, account, source string, games []Listing, sha []string, out []Imported) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		known := map[string]int64{}
		for from := 0; from < len(sha); from += 500 {
			to := min(from+500, len(sha))
			shas, headers := make([]any, 0, to-from), make([]any, 0, to-from)
			for i := from; i < to; i++ {
				shas, headers = append(shas, sha[i]), append(headers, games[i].Header)
			}
			for _, q := range []struct {
				prefix, sql string
				args        []any
			}{
				{"s", `SELECT CAST(sha256 AS BLOB), id FROM games WHERE sha256 <> '' AND sha256 IN (` + placeholders(len(shas), 1) + `) ORDER BY id`, shas},
				{"h", `SELECT header, id FROM games WHERE header IN (` + placeholders(len(headers), 1) + `) ORDER BY id`, headers},
			} {
				rows, err := tx.QueryContext(ctx, q.sql, q.args...)
				if err != nil {
					return err
				}
				err = keep(known, q.prefix, rows)
				if err := errors.Join(err, rows.Err(), rows.Close()); err != nil {
					return err
				}
			}
		}
		fresh := alreadyStored(games, sha, known, out)
		game, err := tx.PrepareContext(ctx, `INSERT INTO games (account, header, rules, status, outcome, turns, depth, digest, lease_node, lease_until, created, source, sha256, build)
			VALUES ($1, $2, $3, 'finished', $4, $5, $6, $7, '', 0, $8, $9, $10, $11) RETURNING id`)
		if err != nil {
			return err
		}
		defer game.Close()
		ins := &recordInserter{tx: tx, d: s.d}
		defer ins.close()
		at := now()
		for _, i := range fresh {
			l := games[i]
			if err := game.QueryRowContext(ctx, account, l.Header, l.Rules, l.Outcome, l.Turns, l.Depth, l.Digest, at, source, sha[i], l.Build).Scan(&out[i].Game); err != nil {
				return err
			}
			if err := ins.insert(ctx, out[i].Game, l.Records); err != nil {
				return err
			}
		}
		sameAsEarlier(out)
		return nil
	})
}

// placeholders is "$from, $from+1, ..." n of them.
func placeholders(n, from int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "$%d", from+i)
	}
	return b.String()
}

// recordInserter adds games' records rowsAtOnce(d) rows a statement,
// that statement prepared once for the transaction. On SQLite its
// parameters are ?, not $N, and fewer: modernc's driver finds each
// parameter's argument by walking the arguments from the first (for
// $N formatting and comparing each one's number), a cost that grows
// with the square of the parameters: three quarters of an import's
// CPU at 900 $N of them, two thirds still at 900 ?.
type recordInserter struct {
	tx   *sql.Tx
	d    dialect
	full *sql.Stmt
	args []any
}

func (r *recordInserter) insert(ctx context.Context, game int64, records [][]byte) error {
	at := rowsAtOnce(r.d)
	for from := 0; from < len(records); from += at {
		chunk := records[from:min(from+at, len(records))]
		r.args = r.args[:0]
		for i, rec := range chunk {
			r.args = append(r.args, game, from+i, rec)
		}
		if len(chunk) < at {
			if _, err := r.tx.ExecContext(ctx, recordsInsert(r.d, len(chunk)), r.args...); err != nil {
				return err
			}
			continue
		}
		if r.full == nil {
			var err error
			if r.full, err = r.tx.PrepareContext(ctx, recordsInsert(r.d, at)); err != nil {
				return err
			}
		}
		if _, err := r.full.ExecContext(ctx, r.args...); err != nil {
			return err
		}
	}
	return nil
}

func (r *recordInserter) close() {
	if r.full != nil {
		r.full.Close()
	}
}

// rowsAtOnce is how many records one INSERT adds on d.
func rowsAtOnce(d dialect) int {
	if d == sqlite {
		return sqliteRecordsAtOnce
	}
	return recordsAtOnce
}

// sqliteRecordsAtOnce is SQLite's: a statement's cost is then mostly
// the rows', not the binding of its parameters.
const sqliteRecordsAtOnce = 40

// recordsInsert is the statement that inserts n records, in d's
// parameters.
func recordsInsert(d dialect, n int) string {
	var q strings.Builder
	q.WriteString(`INSERT INTO records (game, turn, bytes) VALUES `)
	for i := range n {
		if i > 0 {
			q.WriteString(", ")
		}
		if d == sqlite {
			q.WriteString("(?, ?, ?)")
		} else {
			fmt.Fprintf(&q, "($%d, $%d, $%d)", 3*i+1, 3*i+2, 3*i+3)
		}
	}
	return q.String()
}
