package bot

import (
	"rogue/events"
	"rogue/reducer"
)

// Rules 3: the goal, and the monsters that do not come for us.

// goalLevel reports whether the goal lies on this level: the stairs down
// are sealed until it is held (not in wizard mode, which has no goal).
func (b *brain) goalLevel() bool { return b.s.GoalHere() != nil }

// goalSeen returns a test for "the goal lies on q", once seen.
func (b *brain) goalSeen() (func(events.Pos) bool, bool) {
	if !b.goalLevel() {
		return nil, false
	}
	s := b.s
	for e := range s.Entities() {
		if e.OnMap() && !s.IsActor(e) && e.Kind == b.c.Rules.GoalItem.Code && s.Explored().Has(e.Pos) {
			at := e.Pos
			return func(q events.Pos) bool { return q == at }, true
		}
	}
	return nil, false
}

// coming reports whether a monster in view comes for us: not asleep, not
// fleeing, and not one that shoots from afar rather than close in.
func (b *brain) coming(m *reducer.Entity) bool {
	if m.Mood == events.Asleep || m.Mood == events.Fleeing {
		return false
	}
	k := b.c.Monster(m.Kind)
	return k == nil || k.Ranged == nil
}
