package reducer

import "rogue/events"

// Decide asks again and again whether an actor stands on a tile: every
// step the player or a monster takes, and every tile of every monster's
// path search. Its working copy answers from an index, one bit per tile
// (State.standing), built once per decision and kept by Apply as actors
// move, arrive and die. Only the working copy has one: nothing outside the
// reducer changes it between the facts, so it cannot go stale.
//
// The rules never put two actors on one tile, nor one off the map; a
// journal can, and then the index is not used (standingOK stays false)
// and every question looks at every entity, as it does on other states.

// buildStanding builds the index on a working copy, if it can.
func (s *State) buildStanding() {
	s.standingOK = false
	if !s.forgetful || s.Map == nil {
		return
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
		if !s.Map.InBounds(e.Pos) || s.stands(e.Pos) {
			return
		}
		s.setStanding(e.Pos, true)
	}
	s.standingOK = true
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

// standingMoved keeps the index as an actor steps from one tile of the map
// to another.
func (s *State) standingMoved(from, to events.Pos) {
	if !s.standingOK {
		return
	}
	s.setStanding(from, false)
	if s.stands(to) {
		s.standingOK = false // two on one tile
		return
	}
	s.setStanding(to, true)
}

// standingArrived keeps the index as an actor appears on p, on the map.
func (s *State) standingArrived(p events.Pos) {
	if !s.standingOK {
		return
	}
	if s.stands(p) {
		s.standingOK = false
		return
	}
	s.setStanding(p, true)
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
