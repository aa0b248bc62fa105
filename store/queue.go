package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The queue: jobs that workers on any node sharing the database take,
// one worker a job at a time. A worker takes a job with a lease (the
// node and until when); a job whose lease lapses (its worker was killed,
// or its node lost) is taken again by the next worker that asks. Taking
// counts the job's tries, and the count is the lease's token: a worker
// finishes a job only with the count it took it with, so a worker that
// was thought dead and comes back finds its job taken again and its
// result refused (ErrConflict). Each job is finished once.
//
// On PostgreSQL a job is taken by `SELECT ... FOR UPDATE SKIP LOCKED`:
// workers asking at once each get another job, none waits on another's
// lock. On SQLite, which has one writer at a time, the job is taken in
// a write transaction (BEGIN IMMEDIATE): the same single statement,
// serialized.

// Job kinds.
const (
	// JobUpload is an offline game's journal, listed if it verifies.
	JobUpload = "upload"
	// JobReverify is a stored game's journal re-verified for a run.
	JobReverify = "reverify"
)

// Job states.
const (
	Queued = "queued"
	Taken  = "taken"
	Done   = "done"
)

// Job is a row of the queue.
type Job struct {
	ID      int64
	Kind    string
	Account string // who uploaded it (a run's: whose game it is)
	Name    string // the name its lines give the journal
	SHA256  string // an upload's bytes' SHA-256, in hex
	// Journal is an upload's bytes, kept until its job is done and
	// never after (a refused journal is stored nowhere).
	Journal []byte
	Game    int64 // a run's job: the game re-verified; an upload: the game it was listed as (0 if not)
	Run     int64 // the run a re-verification belongs to (0 for an upload)
	State   string
	// Tries is how many times the job was taken: the lease's token,
	// which Finish and List take back.
	Tries     int
	LeaseNode string
	Result    string // once done: "listed", "verified", or the refusal's kind
	Line      string // once done: the line its uploader or the run's report reads
	Build     string // the build that did it
	Created   time.Time
	Finished  time.Time
}

const jobColumns = `id, kind, account, name, sha256, journal, game, run, state, tries, lease_node, result, line, build, created, finished`

func scanJob(row interface{ Scan(...any) error }) (Job, error) {
	var j Job
	var created, finished int64
	err := row.Scan(&j.ID, &j.Kind, &j.Account, &j.Name, &j.SHA256, &j.Journal, &j.Game, &j.Run, &j.State, &j.Tries,
		&j.LeaseNode, &j.Result, &j.Line, &j.Build, &created, &finished)
	j.Created = time.UnixMilli(created)
	if finished != 0 {
		j.Finished = time.UnixMilli(finished)
	}
	return j, err
}

func nowMilli() int64 { return time.Now().UnixMilli() }

// Take gives the oldest job waiting, or one whose lease has lapsed, to
// node for lease; ErrNotFound when there is none.
func (s *Store) Take(ctx context.Context, node string, lease time.Duration) (Job, error) {
	lock := ""
	if s.d == postgres {
		lock = ` FOR UPDATE SKIP LOCKED`
	}
	var j Job
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		at := nowMilli()
		// Waiting jobs first, in their order (the index on state and id
		// walks straight to the first one not locked), then lapsed ones.
		for _, where := range []string{`state = 'queued'`, `state = 'taken' AND lease_until < $3`} {
			q := `UPDATE jobs SET state = 'taken', lease_node = $1, lease_until = $2, tries = tries + 1
				WHERE id = (SELECT id FROM jobs WHERE ` + where + ` ORDER BY state, id LIMIT 1` + lock + `)
				RETURNING ` + jobColumns
			args := []any{node, at + lease.Milliseconds()}
			if where != `state = 'queued'` {
				args = append(args, at)
			}
			var err error
			j, err = scanJob(tx.QueryRowContext(ctx, q, args...))
			if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
		}
		return ErrNotFound
	})
	return j, err
}

// Renew holds a taken job for lease more; ErrConflict if the worker no
// longer holds it.
func (s *Store) Renew(ctx context.Context, j Job, lease time.Duration) error {
	res, err := s.exec(ctx, `UPDATE jobs SET lease_until = $1 WHERE id = $2 AND state = 'taken' AND tries = $3 AND lease_node = $4`,
		nowMilli()+lease.Milliseconds(), j.ID, j.Tries, j.LeaseNode)
	return held(res, err, j)
}

func held(res sql.Result, err error, j Job) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return fmt.Errorf("job %d (try %d): %w: its lease lapsed and another worker took it", j.ID, j.Tries, ErrConflict)
	}
	return nil
}

// Finish ends a job the worker holds (j as Take gave it) with its result
// and line, and lets go of an upload's bytes; ErrConflict if its lease
// lapsed and it was taken again (the result is not kept).
func (s *Store) Finish(ctx context.Context, j Job, result, line, build string) error {
	return s.inTx(ctx, func(tx *sql.Tx) error { return finishTx(ctx, tx, j, result, line, build, 0) })
}

func finishTx(ctx context.Context, tx *sql.Tx, j Job, result, line, build string, game int64) error {
	if game == 0 {
		game = j.Game
	}
	res, err := tx.ExecContext(ctx, `UPDATE jobs SET state = 'done', result = $1, line = $2, build = $3, finished = $4, journal = NULL, game = $5
		WHERE id = $6 AND state = 'taken' AND tries = $7 AND lease_node = $8`,
		result, line, build, nowMilli(), game, j.ID, j.Tries, j.LeaseNode)
	return held(res, err, j)
}

// GetJob is the job's row, or ErrNotFound.
func (s *Store) GetJob(ctx context.Context, id int64) (Job, error) {
	j, err := scanJob(s.db.QueryRowContext(ctx, `SELECT `+jobColumns+` FROM jobs WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, ErrNotFound
	}
	return j, err
}

// QueueRun queues every stored journal of a game that is over (online
// or uploaded) for re-verification by build, as one run, and returns
// the run's id and how many it queued.
func (s *Store) QueueRun(ctx context.Context, build string) (run int64, queued int, err error) {
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		at := nowMilli()
		if err := tx.QueryRowContext(ctx, `INSERT INTO runs (build, created) VALUES ($1, $2) RETURNING id`, build, at).Scan(&run); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO jobs (kind, account, name, sha256, journal, game, run, state, tries, lease_node, lease_until, result, line, build, created, finished)
			SELECT 'reverify', account, CAST(id AS TEXT) || '.rogue', sha256, NULL, id, $1, 'queued', 0, '', 0, '', '', '', $2, 0
			FROM games WHERE status <> 'live' ORDER BY id`, run, at)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		queued = int(n)
		return err
	})
	return run, queued, err
}

// RunReport is what a run's jobs found so far.
type RunReport struct {
	Run     int64
	Jobs    int // queued in all
	Done    int // finished
	Checked int // of them, those re-simulated ("verified" or diverged)
	// Verified are the jobs whose journal re-simulated as recorded;
	// Diverged and Unchecked the others, in the order of their games.
	Verified  int
	Diverged  []Job
	Unchecked []Job
}

// Run reports on run's jobs.
func (s *Store) Run(ctx context.Context, run int64) (RunReport, error) {
	rep := RunReport{Run: run}
	rows, err := s.db.QueryContext(ctx, `SELECT state, result, COUNT(*) FROM jobs WHERE run = $1 GROUP BY state, result ORDER BY state, result`, run)
	if err != nil {
		return rep, err
	}
	defer rows.Close()
	for rows.Next() {
		var state, result string
		var n int
		if err := rows.Scan(&state, &result, &n); err != nil {
			return rep, err
		}
		rep.Jobs += n
		if state == Done {
			rep.Done += n
			if result == "verified" {
				rep.Verified += n
			}
		}
	}
	if err := rows.Err(); err != nil {
		return rep, err
	}
	failed, err := s.db.QueryContext(ctx, `SELECT `+jobColumns+` FROM jobs WHERE run = $1 AND state = 'done' AND result <> 'verified' ORDER BY game`, run)
	if err != nil {
		return rep, err
	}
	defer failed.Close()
	for failed.Next() {
		j, err := scanJob(failed)
		if err != nil {
			return rep, err
		}
		if j.Result == "diverged" {
			rep.Diverged = append(rep.Diverged, j)
		} else {
			rep.Unchecked = append(rep.Unchecked, j)
		}
	}
	rep.Checked = rep.Verified + len(rep.Diverged)
	return rep, failed.Err()
}
