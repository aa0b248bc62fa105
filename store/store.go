package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // the "sqlite" database/sql driver
)

// Errors a caller tells apart with errors.Is.
var (
	ErrNotFound = errors.New("not found")
	ErrExists   = errors.New("already exists")
	// ErrConflict: the turn appended is not the game's next one (another
	// node appended it, or it was appended already), or the game is over.
	ErrConflict = errors.New("not the game's next turn")
	// ErrClosed: the store was closed before the turn was committed.
	ErrClosed = errors.New("the store is closed")
)

// Store is the database. It is safe for concurrent use.
type Store struct {
	db *sql.DB
	d  dialect
	// appends are the turns waiting for the committer; quit tells it
	// to stop, and it closes stopped when it has.
	appends chan appendReq
	quit    chan struct{}
	stopped chan struct{}
	once    sync.Once
	// url is the database's (the listener opens its own connection);
	// notes tells other nodes of the turns committed (nil on SQLite).
	url   string
	notes *notifier
	// turns and commits count the turns committed and the transactions
	// that committed them (Commits).
	turns, commits atomic.Int64
	// pruned is when the tries were last pruned, in ms (store/tries.go).
	pruned atomic.Int64
	// local are the listeners in this process (store/notify.go): on
	// SQLite, the only ones.
	localMu sync.Mutex
	local   map[chan Notice]bool
	// On SQLite: write is held by whoever writes (see lockWrite), and
	// the checkpointer copies the log into the database file (see
	// checkpoint.go): checkpoints counts its passes, and ckptDone is
	// closed once it has stopped.
	write       sync.Mutex
	checkpoints atomic.Int64
	ckptDone    chan struct{}
}

// Commits is how many turns were committed since the store was opened,
// and in how many transactions (each one fsync of the database's log):
// the group commit's figure.
func (s *Store) Commits() (turns, transactions int64) {
	return s.turns.Load(), s.commits.Load()
}

// IsPostgres reports whether url names a PostgreSQL database.
func IsPostgres(url string) bool {
	return strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
}

// Open opens the database at url, a postgres:// URL or the path of a
// SQLite file (created if missing), and brings its schema up to date.
func Open(ctx context.Context, url string) (*Store, error) {
	d, driver, dsn := sqlite, "sqlite", sqliteDSN(url)
	if IsPostgres(url) {
		d, driver, dsn = postgres, "pgx", url
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		return nil, err
	}
	if d == sqlite {
		// One writer at a time in any case; a few readers beside it.
		db.SetMaxOpenConns(4)
	} else {
		db.SetMaxOpenConns(16)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("opening the database: %w", err)
	}
	if err := migrate(ctx, db, d); err != nil {
		db.Close()
		return nil, err
	}
	s := &Store{db: db, d: d, appends: make(chan appendReq, maxGroup),
		quit: make(chan struct{}), stopped: make(chan struct{}), url: url}
	if d == postgres {
		channel, err := channelOf(ctx, db)
		if err != nil {
			db.Close()
			return nil, err
		}
		s.notes = newNotifier(db, channel)
	}
	if d == sqlite {
		// The checkpointer's own connection (see checkpoint.go).
		ckpt, err := sql.Open(driver, dsn)
		if err != nil {
			db.Close()
			return nil, err
		}
		ckpt.SetMaxOpenConns(1)
		s.ckptDone = make(chan struct{})
		go s.checkpointer(ckpt)
	}
	go s.committer()
	return s, nil
}

// sqliteDSN is the driver's name for the file at path: WAL, writes that
// are durable at commit, no checkpoint inside a commit (the checkpointer
// does them, see checkpoint.go), a busy timeout, and write transactions
// that take the lock when they begin (so that two never deadlock
// upgrading).
func sqliteDSN(path string) string {
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "wal_autocheckpoint(0)")
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Set("_txlock", "immediate")
	return "file:" + path + "?" + q.Encode()
}

// Dialect is "sqlite" or "postgres".
func (s *Store) Dialect() string { return s.d.name }

// Close stops committing and closes the database: an Append still
// waiting then fails with ErrClosed (its turn is not acknowledged).
func (s *Store) Close() error {
	s.once.Do(func() {
		close(s.quit)
		if s.notes != nil {
			s.notes.stop()
		}
	})
	<-s.stopped
	if s.ckptDone != nil {
		<-s.ckptDone
	}
	// The last connection to close copies the whole log into the
	// database file.
	return s.db.Close()
}

// lockWrite holds the SQLite database's one write lock for this process's
// writers in turn; the returned func lets it go. SQLite would serialize
// them anyway, but a writer that finds the lock taken sleeps in SQLite's
// busy handler, 1, 2, 5, 10 ... 100 ms at a time, and the committer
// slept so behind a snapshot's write with every turn of its group
// waiting; here it waits for the lock's release and no longer. A no-op
// on PostgreSQL, whose writers lock rows, not the database.
func (s *Store) lockWrite() func() {
	if s.d != sqlite {
		return func() {}
	}
	s.write.Lock()
	return s.write.Unlock
}

// exec is s.db.ExecContext for a statement that writes.
func (s *Store) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	defer s.lockWrite()()
	return s.db.ExecContext(ctx, query, args...)
}

// inTx runs f in a transaction, committed if f returns nil.
func (s *Store) inTx(ctx context.Context, f func(*sql.Tx) error) error {
	defer s.lockWrite()()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return err
	}
	return tx.Commit()
}

func now() int64 { return time.Now().Unix() }

// unique reports whether err is a broken uniqueness constraint.
func unique(err error) bool {
	if err == nil {
		return false
	}
	m := err.Error()
	return strings.Contains(m, "UNIQUE constraint") || strings.Contains(m, "SQLSTATE 23505")
}
