package bot

import (
	"rogue/events"
)

// memo is what a strong player remembers from turn to turn to save
// work, never to choose otherwise: that on this depth, with this many
// tiles explored, no tile next to an unexplored one could be reached.
// The explored tiles only grow on a level, so while their count stays
// the same they are the same tiles, and the walk to the frontier would
// fail again. (After the level is explored, that walk searched every
// tile known on every turn until the player left the level.)
type memo struct {
	none            bool
	depth, explored int
}

// reachableFrontier is frontier, or nil when the memo knows that no
// frontier tile can be reached.
func (b *brain) reachableFrontier() func(events.Pos) bool {
	if m := b.memo; m != nil && m.none && m.depth == b.s.Depth && m.explored == b.s.Explored().Count() {
		return nil
	}
	return b.frontier()
}

// noFrontier notes that a walk to frontier found no way: with no monster
// in view to walk around, none can be reached until more is explored.
func (b *brain) noFrontier(frontier func(events.Pos) bool) {
	if b.memo == nil || frontier == nil || len(b.visibleFoes()) > 0 {
		return
	}
	*b.memo = memo{none: true, depth: b.s.Depth, explored: b.s.Explored().Count()}
}
