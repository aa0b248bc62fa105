package bot

import (
	"slices"

	"rogue/events"
	"rogue/reducer"
)

// What the bot knows is what a player at the screen knows: the monsters
// in view (with what look shows of them: kind, HP, confusion, gear), the
// tiles seen so far, the items seen lying on them (a player remembers
// where they saw a potion; the rules move no item but the player's), the
// stairs once seen, and its own status and pack. The content tables are
// the game's documented rules. It never looks at a monster out of view
// or a tile never seen.

// visibleFoes lists the monsters in view, nearest first.
func (b *brain) visibleFoes() []*reducer.Entity {
	if b.seen != nil {
		return b.seen
	}
	out := []*reducer.Entity{}
	for _, m := range b.s.Monsters() {
		if b.s.CanSee(m.Pos) {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(x, y *reducer.Entity) int {
		if c := dist2(b.p.Pos, x.Pos) - dist2(b.p.Pos, y.Pos); c != 0 {
			return c
		}
		return int(x.ID) - int(y.ID)
	})
	b.seen = out
	return out
}

// inRange keeps the foes near enough to see the player back (within the
// rules' vision): only those come for us. One farther off stands still;
// walking at it could step out of its sight and back into it forever,
// with the goal that drew us here pulling the other way. We meet it in
// range soon enough, or leave it behind.
func (b *brain) inRange(foes []*reducer.Entity) []*reducer.Entity {
	r := b.c.Rules.Vision
	var out []*reducer.Entity
	for _, m := range foes {
		if dist2(b.p.Pos, m.Pos) <= r*r {
			out = append(out, m)
		}
	}
	return out
}

// stairs returns a test for "the down stairs are on q", once they were
// seen.
func (b *brain) stairs() (func(events.Pos) bool, bool) {
	at := b.s.Level.Stairs
	if !b.s.Explored().Has(at) {
		return nil, false
	}
	return func(q events.Pos) bool { return q == at }, true
}

// frontier returns a test for "q is a floor tile seen, next to one not
// seen yet": where walking shows more of the level. It looks at q's
// neighbours when asked, as a walk reaches q, rather than at the whole
// map's first: a walk stops at the nearest.
func (b *brain) frontier() func(events.Pos) bool {
	m := b.s.Map
	w, h := m.Width, m.Height
	words := b.s.Explored().Words()
	return func(q events.Pos) bool {
		i := m.Index(q)
		if i < 0 || !seenAt(words, i) || !m.Tiles[i].Walkable() {
			return false
		}
		for d := events.Dir(0); d < events.NumDirs; d++ {
			dx, dy := d.Delta()
			if x, y := q.X+dx, q.Y+dy; x >= 0 && x < w && y >= 0 && y < h && !seenAt(words, i+dy*w+dx) {
				return true
			}
		}
		return false
	}
}

// monsterGoal returns a test for "a monster in view stands on q".
func (b *brain) monsterGoal() func(events.Pos) bool {
	m := b.s.Map
	at := make([]bool, m.Width*m.Height)
	for _, e := range b.visibleFoes() {
		at[m.Index(e.Pos)] = true
	}
	return func(q events.Pos) bool { return at[m.Index(q)] }
}

// itemGoal returns a test for "an item worth taking lies on q": an item
// worth having on a tile the player has seen, while the backpack has
// room; nil when there is none. The tiles are worked out once, not per
// tile the walk visits.
func (b *brain) itemGoal() func(events.Pos) bool {
	s, m := b.s, b.s.Map
	if len(b.backpack()) >= b.c.Rules.Backpack {
		return nil
	}
	var want []bool
	seen := s.Explored()
	for e := range s.Entities() {
		if e.OnMap() && !s.IsActor(e) && seen.Has(e.Pos) && b.worthHaving(e) {
			if want == nil {
				want = make([]bool, m.Width*m.Height)
			}
			want[m.Index(e.Pos)] = true
		}
	}
	if want == nil {
		return nil
	}
	return func(q events.Pos) bool { return want[m.Index(q)] }
}
