package store

import (
	"context"
	"database/sql"
	"time"
)

// checkpointEvery is how often the checkpointer copies SQLite's log
// (the WAL) back into the database file.
const checkpointEvery = time.Second

// On SQLite, a commit appends to the log and fsyncs it: that is what
// makes a turn durable. Left to itself, SQLite also copies the log back
// into the database file (a checkpoint, with an fsync of its own) inside
// whichever commit takes the log past a thousand pages: that commit,
// and every turn of its group, then waits for the copy. So the writers'
// connections do not checkpoint (wal_autocheckpoint(0) in sqliteDSN),
// and the checkpointer does, on a connection of its own, beside the
// writer: a passive checkpoint never takes the write lock, and a commit
// goes on appending to the log while it copies. It changes nothing of
// what is durable when: a committed transaction is in the fsynced log
// whether or not it was copied yet, and SQLite reads it from there.

// checkpointer checkpoints every checkpointEvery until the store is
// closed, then closes db (its own connection).
func (s *Store) checkpointer(db *sql.DB) {
	defer close(s.ckptDone)
	defer db.Close()
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-s.quit:
			return
		case <-t.C:
		}
		// A pass that fails (the disk is full, say) is tried again at
		// the next tick: the log only grows meanwhile, nothing is lost.
		s.checkpoint(db)
	}
}

// checkpoint copies what it can of the log into the database file.
func (s *Store) checkpoint(db *sql.DB) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var busy, log, copied int
	if err := db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &log, &copied); err != nil {
		return err
	}
	s.checkpoints.Add(1)
	return nil
}
