package reducer

import (
	"fmt"

	"rogue/events"
)

// Decide asks again and again whether an actor stands on a tile: every
// step the player or a monster takes, and every tile of every monster's
// path search; Apply asks it of every step and every actor spawned, to
// refuse two actors on one tile. Both answer from an index, one bit per
// tile (State.standing), built from the entities once a level (or once a
// copy) and kept by Apply as actors move, arrive and die.
//
// Apply refuses what would break the index (an actor off the map or in a
// wall, two on one tile), so it holds for every state the fold makes. The
// rules answer from it on their working copy only, which nothing outside
// the reducer changes between the facts; on other states they look at
// every entity, as a state changed by hand may disagree with its index.

// buildStanding builds the index on a working copy, if it can.
func (s *State) buildStanding() {
	if !s.forgetful || s.Map == nil {
		s.standingOK = false
		return
	}
	_ = s.indexStanding()
}

// indexStanding builds the index from the entities; it fails, leaving
// standingOK false, when an actor stands off the map or on another's
// tile (a state restored or changed from outside the fold).
func (s *State) indexStanding() error {
	s.standingOK = false
	if s.Map == nil {
		return errNoLevel
	}
	n := (s.Map.Width*s.Map.Height + 63) / 64
	if cap(s.standing) < n {
		s.standing = make([]uint64, n)
	} else {
		s.standing = s.standing[:n]
		clear(s.standing)
	}
	for e := range s.Entities() {
		if e.Holder != 0 || !s.IsActor(e) {
			continue
		}
		if !s.Map.InBounds(e.Pos) {
			return fmt.Errorf("actor %d stands off the map, at (%d,%d)", e.ID, e.Pos.X, e.Pos.Y)
		}
		if s.stands(e.Pos) {
			return fmt.Errorf("actor %d stands on (%d,%d), where another actor stands", e.ID, e.Pos.X, e.Pos.Y)
		}
		s.setStanding(e.Pos, true)
	}
	s.standingOK = true
	return nil
}

// stands reports whether p, on the map, is marked in the index.
func (s *State) stands(p events.Pos) bool {
	i := p.Y*s.Map.Width + p.X
	return s.standing[i>>6]&(1<<(i&63)) != 0
}

func (s *State) setStanding(p events.Pos, on bool) {
	i := p.Y*s.Map.Width + p.X
	if on {
		s.standing[i>>6] |= 1 << (i & 63)
	} else {
		s.standing[i>>6] &^= 1 << (i & 63)
	}
}

// freeOfActors reports whether the index says no actor stands on p; false
// when it cannot tell (no index, or p off the map).
func (s *State) freeOfActors(p events.Pos) bool {
	if !s.forgetful {
		return false
	}
	if !s.standingOK {
		s.buildStanding()
		if !s.standingOK {
			return false
		}
	}
	return s.Map.InBounds(p) && !s.stands(p)
}
