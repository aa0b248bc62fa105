package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// migrations are the schema's steps, in order; a database holds the
// number of the last one it ran. A step is never changed once released:
// a change is a new step. Each is written once, with {id} for an
// auto-numbered key, {bytes} for a byte string and {clustered} after a
// table kept in its primary key's order, which each dialect spells its
// own way.
var migrations = []string{
	1: `
CREATE TABLE accounts (
	name    TEXT PRIMARY KEY,
	hash    {bytes} NOT NULL,
	role    TEXT NOT NULL,
	created BIGINT NOT NULL
);
CREATE TABLE tokens (
	hash    {bytes} PRIMARY KEY,
	account TEXT NOT NULL REFERENCES accounts(name),
	created BIGINT NOT NULL
);
CREATE TABLE games (
	id          {id},
	account     TEXT NOT NULL REFERENCES accounts(name),
	header      {bytes} NOT NULL,
	rules       INTEGER NOT NULL,
	status      TEXT NOT NULL,
	outcome     TEXT NOT NULL,
	turns       INTEGER NOT NULL,
	depth       INTEGER NOT NULL,
	digest      TEXT NOT NULL,
	lease_node  TEXT NOT NULL,
	lease_until BIGINT NOT NULL,
	created     BIGINT NOT NULL
);
CREATE INDEX games_by_account ON games(account, status);
CREATE TABLE records (
	game  BIGINT NOT NULL REFERENCES games(id),
	turn  INTEGER NOT NULL,
	bytes {bytes} NOT NULL,
	PRIMARY KEY (game, turn)
);
CREATE TABLE snapshots (
	game  BIGINT NOT NULL REFERENCES games(id),
	turn  INTEGER NOT NULL,
	bytes {bytes} NOT NULL,
	PRIMARY KEY (game, turn)
);
`,
	// The hall of fame's boards (store/boards.go) and the daily
	// challenge (store/daily.go): a game's source ('server', or
	// 'offline' for an upload), its daily challenge's UTC day ('' for
	// none: one a day per account), whether it is on its boards yet
	// (0 not yet, 1 yes, -1 it cannot rank); a row per board and game,
	// kept in the board's order by rank_key (fame.Entry.Key, its 21
	// bytes); the server's secrets (the daily seed's).
	`
ALTER TABLE games ADD COLUMN source TEXT NOT NULL DEFAULT 'server';
ALTER TABLE games ADD COLUMN daily TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN ranked INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX games_one_daily ON games(account, daily) WHERE daily <> '';
CREATE INDEX games_by_day ON games(status, daily);
CREATE INDEX games_unranked ON games(ranked, status);
CREATE TABLE board_rows (
	board    TEXT NOT NULL,
	rank_key {bytes} NOT NULL,
	game     BIGINT NOT NULL REFERENCES games(id),
	account  TEXT NOT NULL,
	outcome  TEXT NOT NULL,
	turns    INTEGER NOT NULL,
	depth    INTEGER NOT NULL,
	level    INTEGER NOT NULL,
	build    TEXT NOT NULL,
	entry    TEXT NOT NULL,
	PRIMARY KEY (board, rank_key)
){clustered};
CREATE INDEX board_rows_by_game ON board_rows(game);
CREATE TABLE secrets (
	name  TEXT PRIMARY KEY,
	value {bytes} NOT NULL
);
`,
	// The hall of fame's uploads (store/uploads.go) and the queue its
	// workers share (store/queue.go): a game that came from elsewhere
	// (source "offline", a column of step 2, status "finished"), the
	// SHA-256 of the bytes of a journal uploaded and the build that
	// verified it; the jobs of the queue; the bug reports.
	`
ALTER TABLE games ADD COLUMN sha256 TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN build TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX games_by_sha256 ON games(sha256) WHERE sha256 <> '';
CREATE INDEX games_by_header ON games(header);
CREATE TABLE jobs (
	id          {id},
	kind        TEXT NOT NULL,
	account     TEXT NOT NULL,
	name        TEXT NOT NULL,
	sha256      TEXT NOT NULL,
	journal     {bytes},
	game        BIGINT NOT NULL,
	run         BIGINT NOT NULL,
	state       TEXT NOT NULL,
	lease_node  TEXT NOT NULL,
	lease_until BIGINT NOT NULL,
	tries       INTEGER NOT NULL,
	result      TEXT NOT NULL,
	line        TEXT NOT NULL,
	build       TEXT NOT NULL,
	created     BIGINT NOT NULL,
	finished    BIGINT NOT NULL
);
CREATE INDEX jobs_by_state ON jobs(state, id);
CREATE INDEX jobs_by_run ON jobs(run, state);
CREATE INDEX jobs_by_account ON jobs(account, created);
CREATE INDEX jobs_by_sha256 ON jobs(sha256);
CREATE TABLE runs (
	id      {id},
	build   TEXT NOT NULL,
	created BIGINT NOT NULL
);
CREATE TABLE reports (
	id      {id},
	account TEXT NOT NULL REFERENCES accounts(name),
	name    TEXT NOT NULL,
	version TEXT NOT NULL,
	what    TEXT NOT NULL,
	sha256  TEXT NOT NULL,
	journal {bytes} NOT NULL,
	verify  TEXT NOT NULL,
	screen  TEXT NOT NULL,
	created BIGINT NOT NULL
);
`,
	// What several nodes count together (store/tries.go,
	// store/watchers.go): the tries of each rate limit, counted in
	// fixed buckets of its window (a row lives two windows, then is
	// pruned); how many spectators each node has of each game, until the
	// row lapses (a node renews its rows; a killed node's lapse); the bug
	// reports of an account, counted for its limit.
	`
CREATE TABLE tries (
	kind    TEXT NOT NULL,
	subject TEXT NOT NULL,
	bucket  BIGINT NOT NULL,
	n       INTEGER NOT NULL,
	expires BIGINT NOT NULL,
	PRIMARY KEY (kind, subject, bucket)
);
CREATE INDEX tries_by_expiry ON tries(expires);
CREATE TABLE watchers (
	game   BIGINT NOT NULL,
	node   TEXT NOT NULL,
	n      INTEGER NOT NULL,
	lapses BIGINT NOT NULL,
	PRIMARY KEY (game, node)
);
CREATE INDEX watchers_by_node ON watchers(node);
CREATE INDEX reports_by_account ON reports(account, created);
`,
}

// SchemaVersion is the number of the last migration this program has.
var SchemaVersion = len(migrations) - 1

// dialect is what differs between the databases.
type dialect struct {
	name  string
	id    string // an auto-numbered primary key
	bytes string // a byte string
	// clustered follows a table whose rows are kept in its primary
	// key's order (SQLite's WITHOUT ROWID), so that rows read in that
	// order are next to each other.
	clustered string
}

var (
	sqlite   = dialect{name: "sqlite", id: "INTEGER PRIMARY KEY AUTOINCREMENT", bytes: "BLOB", clustered: " WITHOUT ROWID"}
	postgres = dialect{name: "postgres", id: "BIGSERIAL PRIMARY KEY", bytes: "BYTEA"}
)

func (d dialect) spell(step string) string {
	return strings.NewReplacer("{id}", d.id, "{bytes}", d.bytes, "{clustered}", d.clustered).Replace(step)
}

// migrate runs the migrations the database has not run yet, each in its
// own transaction with the new version number. A database of a newer
// schema than this program's is refused.
func migrate(ctx context.Context, db *sql.DB, d dialect) error {
	// Two nodes starting at once on an empty PostgreSQL schema may both
	// create the table: the one that loses finds it made, the next time.
	// PostgreSQL says so as a unique violation of its catalog (23505), or,
	// when the winner's row is committed first, as a type that exists
	// already (42710) or a table that does (42P07).
	for try := 0; ; try++ {
		_, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`)
		if err == nil {
			break
		}
		if !(unique(err) || madeAlready(err)) || try == 2 {
			return fmt.Errorf("creating the schema's version table: %w", err)
		}
	}
	for {
		done, err := migrateOne(ctx, db, d)
		if err != nil || done {
			return err
		}
	}
}

// madeAlready is whether err is PostgreSQL's "already exists" of a type
// (42710) or of a table (42P07).
func madeAlready(err error) bool {
	m := err.Error()
	return strings.Contains(m, "SQLSTATE 42710") || strings.Contains(m, "SQLSTATE 42P07")
}

// migrateOne runs the next migration, if any; done says there was none.
func migrateOne(ctx context.Context, db *sql.DB, d dialect) (done bool, err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	if d == postgres {
		// Two nodes starting at once migrate one after the other.
		if _, err := tx.ExecContext(ctx, `LOCK TABLE schema_version IN EXCLUSIVE MODE`); err != nil {
			return false, err
		}
	}
	var v int
	switch err := tx.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v); err {
	case nil:
	case sql.ErrNoRows:
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (0)`); err != nil {
			return false, err
		}
	default:
		return false, err
	}
	switch {
	case v > SchemaVersion:
		return false, fmt.Errorf("the database has schema version %d, and this program knows versions up to %d", v, SchemaVersion)
	case v == SchemaVersion:
		return true, tx.Commit()
	}
	for _, stmt := range strings.Split(d.spell(migrations[v+1]), ";") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return false, fmt.Errorf("migration %d: %w", v+1, err)
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE schema_version SET version = $1`, v+1); err != nil {
		return false, err
	}
	return false, tx.Commit()
}
