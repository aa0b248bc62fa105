package bot

import (
	"sync"

	"rogue/events"
)

// walkTo returns the first step of a shortest walk (breadth-first, 8-way,
// over tiles seen, around the monsters in view) to the nearest tile where
// goal holds.
func (b *brain) walkTo(goal func(events.Pos) bool) (events.Dir, bool) {
	return b.walk(goal, true, nil)
}

// walkThrough is walkTo for when the way around monsters is shut: it walks
// as if they were not there, so the first step may be an attack.
func (b *brain) walkThrough(goal func(events.Pos) bool) (events.Dir, bool) {
	return b.walk(goal, false, nil)
}

// walk is walkTo (around) or walkThrough, also keeping off the tiles
// avoid marks (by map index), when not nil, unless they are the goal.
func (b *brain) walk(goal func(events.Pos) bool, around bool, avoid []bool) (events.Dir, bool) {
	m := b.s.Map
	w, h := m.Width, m.Height
	seen := b.s.Explored()
	start := m.Index(b.p.Pos)
	sc := walkScratches.Get().(*walkScratch)
	defer walkScratches.Put(sc)
	blocked, first, queue := sc.reset(w * h)
	if around {
		for _, e := range b.visibleFoes() {
			blocked[m.Index(e.Pos)] = true
		}
	}
	for i, a := range avoid {
		blocked[i] = blocked[i] || a
	}
	var step [events.NumDirs]int // the index offset of a step in each direction
	for d := range step {
		dx, dy := events.Dir(d).Delta()
		step[d] = dy*w + dx
	}
	queue = append(queue, int32(start))
	first[start] = int8(events.NumDirs) // the start itself
	for head := 0; head < len(queue); head++ {
		qi := int(queue[head])
		q := events.Pos{X: qi % w, Y: qi / w}
		if qi != start && goal(q) {
			sc.queue = queue
			return events.Dir(first[qi]), true
		}
		// Off the map's edge is wall; only a tile on the edge needs to check.
		edge := q.X == 0 || q.Y == 0 || q.X == w-1 || q.Y == h-1
		for d := events.Dir(0); d < events.NumDirs; d++ {
			ni := qi + step[d]
			if edge && !m.InBounds(q.Add(d)) {
				continue
			}
			n := q.Add(d)
			if first[ni] != -1 || !seen.Has(n) || !m.Tiles[ni].Walkable() || (blocked[ni] && !goal(n)) {
				continue
			}
			if qi == start {
				first[ni] = int8(d)
			} else {
				first[ni] = first[qi]
			}
			queue = append(queue, int32(ni))
		}
	}
	sc.queue = queue
	return 0, false
}

// walkScratch is walk's working memory, reused from call to call (the
// pool keeps bots playing in parallel apart).
type walkScratch struct {
	blocked []bool
	first   []int8 // the first step toward each tile reached; -1: not reached
	queue   []int32
}

var walkScratches = sync.Pool{New: func() any { return new(walkScratch) }}

// reset readies the scratch for a map of n tiles.
func (sc *walkScratch) reset(n int) ([]bool, []int8, []int32) {
	if cap(sc.first) < n {
		sc.blocked, sc.first, sc.queue = make([]bool, n), make([]int8, n), make([]int32, 0, n)
	}
	blocked, first := sc.blocked[:n], sc.first[:n]
	clear(blocked)
	for i := range first {
		first[i] = -1
	}
	return blocked, first, sc.queue[:0]
}
