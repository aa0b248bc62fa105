package bot

import (
	"sync"

	"rogue/events"
)

// walkTo returns the first step of a shortest walk (breadth-first, 8-way,
// over tiles seen, around the monsters in view) to the nearest tile where
// goal holds. A nil goal holds nowhere.
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
	if goal == nil {
		return 0, false
	}
	m := b.s.Map
	w, h := m.Width, m.Height
	words, tiles := b.s.Explored().Words(), m.Tiles
	start := m.Index(b.p.Pos)
	sc := walkScratches.Get().(*walkScratch)
	defer walkScratches.Put(sc)
	gen, mark, first, queue := sc.reset(w * h)
	// A tile is reached when mark[i] == gen, and blocked when mark[i] ==
	// gen+1 (walk bumps gen by two each time).
	blocked := gen + 1
	if around {
		for _, e := range b.visibleFoes() {
			mark[m.Index(e.Pos)] = blocked
		}
	}
	for i, a := range avoid {
		if a {
			mark[i] = blocked
		}
	}
	var step [events.NumDirs]int // the index offset of a step in each direction
	for d := range step {
		dx, dy := events.Dir(d).Delta()
		step[d] = dy*w + dx
	}
	queue = append(queue, int32(start))
	mark[start] = gen
	first[start] = int8(events.NumDirs) // the start itself
	for head := 0; head < len(queue); head++ {
		qi := int(queue[head])
		x, y := qi%w, qi/w
		if qi != start && goal(events.Pos{X: x, Y: y}) {
			sc.queue = queue
			return events.Dir(first[qi]), true
		}
		// Off the map's edge is wall; only a tile on the edge needs to check.
		edge := x == 0 || y == 0 || x == w-1 || y == h-1
		for d := events.Dir(0); d < events.NumDirs; d++ {
			if edge {
				dx, dy := d.Delta()
				if x+dx < 0 || x+dx >= w || y+dy < 0 || y+dy >= h {
					continue
				}
			}
			ni := qi + step[d]
			if mark[ni] == gen || !seenAt(words, ni) || !tiles[ni].Walkable() {
				continue
			}
			if mark[ni] == blocked {
				dx, dy := d.Delta()
				if !goal(events.Pos{X: x + dx, Y: y + dy}) {
					continue
				}
			}
			mark[ni] = gen
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

// seenAt reports whether the tile of map index i is in the set of seen
// tiles whose words are given (fov.Set.Words): Has without the bounds
// check, for loops over indices already on the map.
func seenAt(words []uint64, i int) bool { return words[i>>6]>>(i&63)&1 != 0 }

// walkScratch is walk's working memory, reused from call to call (the
// pool keeps bots playing in parallel apart). Its marks are stamped with
// a generation, so that a walk need not clear them.
type walkScratch struct {
	gen   uint32
	mark  []uint32
	first []int8 // the first step toward each tile reached
	queue []int32
}

var walkScratches = sync.Pool{New: func() any { return new(walkScratch) }}

// reset readies the scratch for a map of n tiles: a new generation, in
// which no tile is marked.
func (sc *walkScratch) reset(n int) (uint32, []uint32, []int8, []int32) {
	if cap(sc.first) < n || sc.gen >= 1<<31 {
		sc.mark, sc.first, sc.queue, sc.gen = make([]uint32, n), make([]int8, n), make([]int32, 0, n), 0
	}
	sc.gen += 2
	return sc.gen, sc.mark[:n], sc.first[:n], sc.queue[:0]
}
