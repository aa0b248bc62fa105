package store

import (
	"context"
	"database/sql"
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
				if err := appendTx(r.ctx, tx, r.id, r.turn, r.record, r.p); err != nil {
					return err
				}
			}
			return nil
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
