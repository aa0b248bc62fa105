package reducer

import "rogue/events"

// Decider decides turn after turn (see Decide). It keeps the working copy
// of the state that its last decision was made on, with the rules'
// scratch memory: when the next decision is asked of that same state once
// it folded exactly the turn decided, the copy is the state's
// rules-relevant self again, and the decision starts from it as it is
// instead of copying every entity. The zero Decider is ready to use; it
// is not safe for concurrent use, and the states it decides on are never
// changed by it.
type Decider struct {
	w  *State // the working copy of the last decision; nil before the first
	of *State // the state it was made on
}

// copyOf returns the working copy to decide on s: the last decision's,
// when s folded exactly that decision's facts since (then it holds what s
// holds, as far as the rules read), else a fresh copy of s in the last
// copy's storage. The copy keeps no memory of the level (the rules never
// read it, and copying it would cost more than the rest of the state on a
// long level): it does not fold viewpoints, and its Explored is not the
// game's. s is not changed.
func (d *Decider) copyOf(s *State) *State {
	c := d.w
	if c != nil && d.of == s && caughtUp(c, s) {
		c.Draws, c.Turn = s.Draws, s.Turn
		c.decision = decision{}
		if s.visibleOK && s.visible != nil {
			c.takeView(s)
		}
		return c
	}
	d.of = s
	if c == nil {
		c = &State{}
		d.w = c
	}
	ents, vis, movers, standing, index, monsters, rules := c.entity[:0], c.visible, c.movers, c.standing, c.index, c.monsters, c.rules
	*c = *s
	c.rules = rules
	if rules != nil {
		rules.forget()
	}
	// The copy shares s's map and never carves into it (nor into s's
	// spare): a level it enters is carved anew.
	c.ownMap, c.spareMap = false, nil
	c.visible = vis
	c.index, c.indexOK = index, false
	c.monsters, c.monstersOK = monsters[:0], false
	c.entity, c.ndead = s.liveInto(ents), 0
	c.explored, c.merged, c.viewed, c.scratch = nil, nil, nil, nil
	c.npending = 0
	c.forgetful = true
	c.decision = decision{}
	c.movers, c.standing, c.standingOK = movers, standing, false
	c.takeView(s)
	return c
}

// caughtUp reports whether s, the state the working copy c decided on,
// has folded exactly the turn c decided and nothing else since: then c
// holds what s holds, as far as the rules read. (Not across a new level:
// each carved its own map, and s's holds its memory.)
func caughtUp(c, s *State) bool {
	dc := &c.decision
	return dc.made && s.Turn == dc.turn+1 && s.applied == dc.from+uint64(len(dc.facts)) &&
		c.Map == s.Map && sameFacts(s.lastFacts, dc.facts)
}

// ShareView gives s, which has just folded the turn d decided on it, the
// field of view d's working copy computed deciding it, when it is the view
// from where s's player now stands: the screen then need not compute it
// again. It changes only s's cache of its view.
func (d *Decider) ShareView(s *State) {
	c := d.w
	if c == nil || d.of != s || c.Map != s.Map || !c.visibleOK || c.visible == nil {
		return
	}
	if p := s.Player(); p == nil || p.Pos != c.visibleAt || !caughtUp(c, s) {
		return
	}
	// Swapped, so that the next working copy reuses s's old set.
	s.visible, c.visible = c.visible, s.visible
	s.visibleAt, s.visibleOK = c.visibleAt, true
	c.visibleOK = false
}

// sameFacts reports whether a and b are the very same facts.
func sameFacts(a, b []events.Fact) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
