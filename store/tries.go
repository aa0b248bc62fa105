package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Rate limits that hold across every node sharing the database: each
// try is counted in the tries table, in fixed buckets of the limit's
// window, and a try is let in while the bucket now, plus the bucket
// before weighted by how much of it the sliding window still covers,
// holds fewer than the limit's tries. That is two rows a subject and a
// kind at most at once, whatever the rate of tries: a refused try is
// not counted (it writes nothing), and a row is pruned two windows after
// its bucket began.

// Limit is a rate: at most Max tries in any Window.
type Limit struct {
	Max    int
	Window time.Duration
}

// pruneEvery is how often a store prunes the tries whose buckets are
// over; each prune deletes at most the rows written since the one before.
const pruneEvery = time.Minute

// Try counts a try of subject under the limit kind at the time at, and
// reports whether it was within l; a try refused is not counted. The
// count is the database's, so every node sharing it counts the same
// tries.
func (s *Store) Try(ctx context.Context, kind, subject string, l Limit, at time.Time) (bool, error) {
	w := l.Window.Milliseconds()
	if w <= 0 || l.Max <= 0 {
		return false, errors.New("a limit has a window and tries")
	}
	ms := at.UnixMilli()
	bucket, elapsed := ms/w, ms%w
	s.pruneTries(ctx, ms)
	var in bool
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if s.d == postgres {
			// A try need not be durable: a crash forgets the few tries
			// of its last moment, and a try spares the fsync its commit
			// would wait for (SQLite's synchronous is per connection).
			if _, err := tx.ExecContext(ctx, `SET LOCAL synchronous_commit TO OFF`); err != nil {
				return err
			}
		}
		var prev int64
		err := tx.QueryRowContext(ctx, `SELECT n FROM tries WHERE kind = $1 AND subject = $2 AND bucket = $3`, kind, subject, bucket-1).Scan(&prev)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		// Let the try in if, counted, n+1 + prev*(w-elapsed)/w <= Max:
		// that is (n+1)*w <= room.
		room := int64(l.Max)*w - prev*(w-elapsed)
		if room < w {
			return nil
		}
		var n int64
		err = tx.QueryRowContext(ctx, `INSERT INTO tries (kind, subject, bucket, n, expires) VALUES ($1, $2, $3, 1, $4)
			ON CONFLICT (kind, subject, bucket) DO UPDATE SET n = tries.n + 1
			WHERE (CAST(tries.n AS BIGINT) + 1) * CAST($5 AS BIGINT) <= CAST($6 AS BIGINT) RETURNING n`,
			kind, subject, bucket, (bucket+2)*w, w, room).Scan(&n)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // the conflict's update was refused: the bucket is full
		}
		in = err == nil
		return err
	})
	return in, err
}

// pruneTries deletes the tries whose buckets are over, once a pruneEvery
// at most; a prune that fails is tried again at the next.
func (s *Store) pruneTries(ctx context.Context, ms int64) {
	last := s.pruned.Load()
	if ms-last < pruneEvery.Milliseconds() || !s.pruned.CompareAndSwap(last, ms) {
		return
	}
	if _, err := s.exec(ctx, `DELETE FROM tries WHERE expires < $1`, ms); err != nil {
		s.pruned.Store(last)
	}
}
