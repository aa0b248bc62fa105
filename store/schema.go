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
// auto-numbered key and {bytes} for a byte string, which each dialect
// spells its own way.
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
}

// SchemaVersion is the number of the last migration this program has.
var SchemaVersion = len(migrations) - 1

// dialect is what differs between the databases.
type dialect struct {
	name  string
	id    string // an auto-numbered primary key
	bytes string // a byte string
}

var (
	sqlite   = dialect{name: "sqlite", id: "INTEGER PRIMARY KEY AUTOINCREMENT", bytes: "BLOB"}
	postgres = dialect{name: "postgres", id: "BIGSERIAL PRIMARY KEY", bytes: "BYTEA"}
)

func (d dialect) spell(step string) string {
	return strings.NewReplacer("{id}", d.id, "{bytes}", d.bytes).Replace(step)
}

// migrate runs the migrations the database has not run yet, each in its
// own transaction with the new version number. A database of a newer
// schema than this program's is refused.
func migrate(ctx context.Context, db *sql.DB, d dialect) error {
	// Two nodes starting at once on an empty PostgreSQL schema may both
	// create the table: the one that loses finds it made, the next time.
	for try := 0; ; try++ {
		_, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`)
		if err == nil {
			break
		}
		if !unique(err) || try == 2 {
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
