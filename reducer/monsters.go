package reducer

import (
	"rogue/events"
	"rogue/reducer/path"
)

// maxPathNodes bounds one monster's A* search.
const maxPathNodes = 1000

// monstersAct gives every monster on the level its turn, in id order. A
// confused monster staggers one random step; one that sees the player
// attacks when adjacent or steps along a shortest path toward the player;
// any other waits.
func (d *decider) monstersAct() {
	w := d.w
	ids := make([]events.EntityID, 0, 32)
	for _, m := range w.Monsters() {
		ids = append(ids, m.ID)
	}
	for _, id := range ids {
		if w.Over {
			return
		}
		m := w.Get(id)
		if m == nil {
			continue // died earlier this turn
		}
		if m.ConfusedUntil > d.turn {
			d.stagger(m)
			continue
		}
		p := d.player()
		if !w.CanSee(m.Pos) || !within(m.Pos, p.Pos, w.content.Rules.Vision) {
			continue
		}
		if chebyshev(m.Pos, p.Pos) == 1 {
			d.attack(m, p)
			continue
		}
		d.chase(m, p.Pos)
	}
}

// stagger is a confused actor's random step; it may bump into a wall or
// another actor and stay put. Draws: the direction.
func (d *decider) stagger(m *Entity) {
	dir := events.Dir(d.rng.Intn(int(events.NumDirs)))
	to := m.Pos.Add(dir)
	blocked := !d.w.Map.Walkable(to) || d.w.ActorAt(to) != nil
	d.emit(&events.Staggered{Actor: m.ID, Dir: dir, Blocked: blocked})
}

func (d *decider) chase(m *Entity, goal events.Pos) {
	w := d.w
	if w.finder == nil {
		w.finder = path.NewFinder(w.Map.Width, w.Map.Height)
	}
	passable := func(p events.Pos) bool { return w.Map.Walkable(p) && w.ActorAt(p) == nil }
	dir, ok := w.finder.NextStep(passable, m.Pos, goal, maxPathNodes)
	if !ok {
		return
	}
	if to := m.Pos.Add(dir); !w.Map.Walkable(to) || w.ActorAt(to) != nil {
		return
	}
	d.emit(&events.Moved{Actor: m.ID, Dir: dir})
}

func chebyshev(a, b events.Pos) int { return max(abs(a.X-b.X), abs(a.Y-b.Y)) }

// within reports whether b lies within radius r of a (Euclidean, in
// integers).
func within(a, b events.Pos, r int) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx+dy*dy <= r*r
}

func distance2(a, b events.Pos) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx + dy*dy
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
