package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
)

// maxGroup is the most turns one transaction commits.
const maxGroup = 256

// appendReq is a turn waiting to be committed.
type appendReq struct {
	ctx    context.Context
	id     int64
	turn   int
	record []byte
	p      Progress
	done   chan error
}

// committer commits the turns of every game in groups: one transaction,
// one fsync, for all the turns that arrived while the last group was
// being committed. Each turn's caller waits for its group's commit, so a
// turn is acknowledged only once it is durable, and an idle server
// commits a lone turn at once.
func (s *Store) committer() {
	defer close(s.stopped)
	for {
		var first appendReq
		select {
		case first = <-s.appends:
		case <-s.quit:
			return
		}
		group := []appendReq{first}
	more:
		for len(group) < maxGroup {
			select {
			case r := <-s.appends:
				group = append(group, r)
			default:
				break more
			}
		}
		s.commitGroup(group)
	}
}

// commitGroup commits the group in one transaction; if that fails (one
// turn conflicts, say), each turn is committed on its own, so that one
// game's conflict never fails another's turn.
func (s *Store) commitGroup(group []appendReq) {
	if len(group) > 1 {
		err := s.inTx(context.Background(), func(tx *sql.Tx) error {
			for _, r := range group {
				if err := r.ctx.Err(); err != nil {
					return err
				}
			}
			if s.d == postgres {
				return appendGroupTx(tx, group)
			}
			return appendPreparedTx(tx, group)
		})
		if err == nil {
			s.turns.Add(int64(len(group)))
			s.commits.Add(1)
			for _, r := range group {
				r.done <- nil
			}
			return
		}
	}
	for _, r := range group {
		err := s.inTx(r.ctx, func(tx *sql.Tx) error {
			return appendTx(r.ctx, tx, r.id, r.turn, r.record, r.p)
		})
		if err == nil {
			s.turns.Add(1)
			s.commits.Add(1)
		}
		r.done <- err
	}
}

// appendPreparedTx is appendTx for every turn of the group, each of its
// two statements parsed once for the group rather than once a turn: on
// SQLite, where a statement costs no round trip but its parse was an
// eighth of the server's CPU under load.
func appendPreparedTx(tx *sql.Tx, group []appendReq) error {
	ctx := context.Background()
	upd, err := tx.PrepareContext(ctx, `UPDATE games SET turns = $1, depth = $2, digest = $3, status = $4, outcome = $5
		WHERE id = $6 AND turns = $7 AND status = 'live' AND (lease_node = $8 OR $8 = '')`)
	if err != nil {
		return err
	}
	defer upd.Close()
	ins, err := tx.PrepareContext(ctx, `INSERT INTO records (game, turn, bytes) VALUES ($1, $2, $3)`)
	if err != nil {
		return err
	}
	defer ins.Close()
	for _, r := range group {
		status := "live"
		if r.p.Over {
			status = "over"
		}
		res, err := upd.ExecContext(ctx, r.turn+1, r.p.Depth, r.p.Digest, status, r.p.Outcome, r.id, r.turn, r.p.Node)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			return fmt.Errorf("game %d, turn %d: %w", r.id, r.turn, ErrConflict)
		}
		if _, err := ins.ExecContext(ctx, r.id, r.turn, r.record); unique(err) {
			return fmt.Errorf("game %d, turn %d: %w", r.id, r.turn, ErrConflict)
		} else if err != nil {
			return err
		}
	}
	return groupBoardRows(ctx, tx, group)
}

// groupBoardRows puts the games the group ends on their boards, as
// appendTx does for a turn alone.
func groupBoardRows(ctx context.Context, tx *sql.Tx, group []appendReq) error {
	for _, r := range group {
		if r.p.Over && len(r.p.Boards) > 0 {
			if err := insertBoardRows(ctx, tx, r.id, r.p.Boards); err != nil {
				return err
			}
		}
	}
	return nil
}

// appendGroupTx is appendTx for every turn of the group at once: two
// statements, not two a turn, so that a group costs PostgreSQL four
// round trips (with its begin and commit) whatever its size. The games
// move only if each is at the turn its record is for and held by the
// node that appends (Progress.Node): else ErrConflict, and the caller
// commits the turns one by one to find which.
func appendGroupTx(tx *sql.Tx, group []appendReq) error {
	var upd, ins strings.Builder
	upd.WriteString(`UPDATE games SET turns = v.column3, depth = v.column4, digest = v.column5, status = v.column6, outcome = v.column7 FROM (VALUES `)
	ins.WriteString(`INSERT INTO records (game, turn, bytes) VALUES `)
	uargs := make([]any, 0, 8*len(group))
	iargs := make([]any, 0, 3*len(group))
	for i, r := range group {
		if i > 0 {
			upd.WriteString(", ")
			ins.WriteString(", ")
		}
		n := len(uargs)
		upd.WriteString("(")
		for k, typ := range [...]string{"BIGINT", "BIGINT", "BIGINT", "BIGINT", "TEXT", "TEXT", "TEXT", "TEXT"} {
			if k > 0 {
				upd.WriteString(", ")
			}
			upd.WriteString("CAST($" + strconv.Itoa(n+k+1) + " AS " + typ + ")")
		}
		upd.WriteString(")")
		status := "live"
		if r.p.Over {
			status = "over"
		}
		uargs = append(uargs, r.id, r.turn, r.turn+1, r.p.Depth, r.p.Digest, status, r.p.Outcome, r.p.Node)
		m := len(iargs)
		ins.WriteString("($" + strconv.Itoa(m+1) + ", $" + strconv.Itoa(m+2) + ", $" + strconv.Itoa(m+3) + ")")
		iargs = append(iargs, r.id, r.turn, r.record)
	}
	upd.WriteString(`) AS v WHERE games.id = v.column1 AND games.turns = v.column2 AND games.status = 'live'
		AND (games.lease_node = v.column8 OR v.column8 = '')`)
	ctx := context.Background()
	res, err := tx.ExecContext(ctx, upd.String(), uargs...)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != int64(len(group)) {
		return fmt.Errorf("%d of a group of %d turns: %w", len(group)-int(n), len(group), ErrConflict)
	}
	if _, err := tx.ExecContext(ctx, ins.String(), iargs...); unique(err) {
		return fmt.Errorf("a group of %d turns: %w", len(group), ErrConflict)
	} else if err != nil {
		return err
	}
	return groupBoardRows(ctx, tx, group)
}
