package path

import (
	"math"

	"rogue/events"
)

// Finder holds the scratch memory of searches on a width x height map, so
// that many searches (one per monster per turn) allocate nothing. A Finder
// is not safe for concurrent use.
type Finder struct {
	w, h   int
	nodes  []node
	open   openSet
	search uint32 // the current search; nodes of other searches are stale
	// closed lists the tiles the last search expanded, in order, and
	// sealed is whether it ended for want of tiles to expand (see
	// Reached).
	closed []int32
	sealed bool
}

// node is the search's knowledge of one tile, valid only when its stamp is
// the current search.
type node struct {
	g, h    int32      // cost from the start; heuristic to the goal
	stamp   uint32     // the search that last touched the tile
	at      int32      // position in the open set, -1 when not in it
	blocked bool       // not passable (and not the goal)
	closed  bool       // expanded: its g is final
	first   events.Dir // first step of the best known path to it
}

// MaxTiles is the most tiles a Finder's map may have (a level has at most
// 255 x 255).
const MaxTiles = 1 << indexBits

// NewFinder returns a Finder for maps of w x h tiles. Every search fails
// on a map with a negative side or more than MaxTiles tiles.
func NewFinder(w, h int) *Finder {
	w, h = max(w, 0), max(h, 0)
	if w > MaxTiles || h > MaxTiles || w*h > MaxTiles {
		w, h = 0, 0
	}
	f := &Finder{w: w, h: h, nodes: make([]node, w*h)}
	f.open = openSet{items: make([]uint64, 0, w*h), nodes: f.nodes}
	return f
}

// NextStep is Finder.NextStep with a Finder of its own: simple, but it
// allocates one per call.
func NextStep(width, height int, passable func(events.Pos) bool, from, to events.Pos, maxNodes int) (events.Dir, bool) {
	return NewFinder(width, height).NextStep(passable, from, to, maxNodes)
}

// NextStep returns the first step of a shortest 8-way path from `from` to
// `to`, and true; or false when `to` cannot be reached, when finding out
// would expand more than maxNodes tiles (maxNodes <= 0 means no limit
// but the map), when either end is off the map, or when from == to
// (there is no step to take).
//
// passable says which tiles may be entered; it is asked once per tile per
// search, only for tiles on the map. The goal is always enterable (it
// holds the target), and the start is where the walker already stands.
// Diagonal steps need only their destination to be passable. Steps cost
// OrthogonalCost or DiagonalCost.
//
// The answer is a function of the arguments alone: among equally short
// paths the search prefers, at every choice, the lowest f = g + h, then
// the lowest h, then the lowest tile index (row-major), and neighbours
// are examined in Dir order (north, clockwise).
func (f *Finder) NextStep(passable func(events.Pos) bool, from, to events.Pos, maxNodes int) (events.Dir, bool) {
	return f.nextStep(&passability{fn: passable}, from, to, maxNodes)
}

// NextStepBits is NextStep where a tile may be entered when its bit is
// 0 in both walls and taken (one bit per tile: tile i = y*width + x is
// bit i%64 of word i/64): the same answer as NextStep with that passable,
// without a call per tile. Slices shorter than the map's tiles need give
// no step.
func (f *Finder) NextStepBits(walls, taken []uint64, from, to events.Pos, maxNodes int) (events.Dir, bool) {
	if n := (f.w*f.h + 63) / 64; len(walls) < n || len(taken) < n {
		return 0, false
	}
	return f.nextStep(&passability{walls: walls, taken: taken}, from, to, maxNodes)
}

// passability is which tiles may be entered: those passable says, or
// when it is nil, those whose bits are 0 in walls and taken.
type passability struct {
	fn           func(events.Pos) bool
	walls, taken []uint64
}

// at reports whether tile q, of index i, may be entered.
func (p *passability) at(q events.Pos, i int) bool {
	if p.fn != nil {
		return p.fn(q)
	}
	return (p.walls[i>>6]|p.taken[i>>6])&(1<<(i&63)) == 0
}

func (f *Finder) nextStep(passable *passability, from, to events.Pos, maxNodes int) (events.Dir, bool) {
	f.closed, f.sealed = f.closed[:0], false
	if !f.inBounds(from) || !f.inBounds(to) || from == to {
		return 0, false
	}
	if d, ok := f.clearLine(passable, from, to, maxNodes); ok {
		return d, true
	}
	return f.astar(passable, from, to, maxNodes)
}

// astar is NextStep's A*, for ends on the map that differ.
func (f *Finder) astar(passable *passability, from, to events.Pos, maxNodes int) (events.Dir, bool) {
	f.begin()
	start, goal := f.index(from), f.index(to)
	n := f.touch(start, from, to, false)
	n.first = events.NumDirs // the start has no first step
	f.open.push(start)
	for expanded := 0; f.open.len() > 0; expanded++ {
		cur := f.open.pop()
		if cur == goal {
			return f.nodes[goal].first, true
		}
		if maxNodes > 0 && expanded >= maxNodes {
			return 0, false
		}
		c := &f.nodes[cur]
		c.closed = true
		f.closed = append(f.closed, cur)
		px, py := int(cur)%f.w, int(cur)/f.w
		fromStart := cur == start
		for d := events.Dir(0); d < events.NumDirs; d++ {
			st := &steps[d]
			qx, qy := px+st.dx, py+st.dy
			if uint(qx) >= uint(f.w) || uint(qy) >= uint(f.h) {
				continue
			}
			qi := int32(qy*f.w + qx)
			g := c.g + st.cost
			first := c.first
			if fromStart {
				first = d
			}
			nb := &f.nodes[qi]
			switch {
			case nb.stamp != f.search:
				q := events.Pos{X: qx, Y: qy}
				nb = f.touch(qi, q, to, qi != goal && !passable.at(q, int(qi)))
				if nb.blocked {
					continue
				}
				nb.g, nb.first = g, first
				f.open.push(qi)
			case nb.blocked || nb.closed || g >= nb.g:
				continue
			default:
				nb.g, nb.first = g, first
				f.open.fix(qi)
			}
		}
	}
	f.sealed = true
	return 0, false
}

// Reached sets in dst (one bit per tile: tile i = y*width + x is bit i%64
// of word i/64) the tiles the last search expanded, and reports true,
// when it found no way because no tile was left to try. They are then
// every tile reachable from its start through tiles passable said could
// be entered (the start among them), and none is next to its goal. Any
// other last search (one that found its way, or stopped at its limit,
// or was not run) sets nothing and reports false. dst must hold a bit
// for every tile.
func (f *Finder) Reached(dst []uint64) bool {
	if !f.sealed {
		return false
	}
	for _, i := range f.closed {
		dst[i>>6] |= 1 << (i & 63)
	}
	return true
}

// clearLine answers NextStep without a search when the way A* tries
// first is clear, and reports whether it did. With nothing in the way the
// heuristic is exact, so every tile of a shortest path has the start's f;
// among them the search pops the one nearest the goal (lowest h), which
// is always the next tile of the line that goes diagonally toward the
// goal until level with it, then straight (a diagonal step lowers h by
// DiagonalCost, any other step by less). When every tile of that line
// but the goal is passable the search pops exactly the line's tiles, in
// order, and each takes its first step from the start's first: the
// line's first step, after expanding as many tiles as the line has but
// the goal, which maxNodes must allow. Otherwise the search must run.
func (f *Finder) clearLine(passable *passability, from, to events.Pos, maxNodes int) (events.Dir, bool) {
	n := max(abs(to.X-from.X), abs(to.Y-from.Y)) // the line's steps
	if maxNodes > 0 && n > maxNodes {
		return 0, false
	}
	p := from
	for range n - 1 {
		p.X += sign(to.X - p.X)
		p.Y += sign(to.Y - p.Y)
		if !passable.at(p, p.Y*f.w+p.X) {
			return 0, false
		}
	}
	return dirs[sign(to.Y-from.Y)+1][sign(to.X-from.X)+1], true
}

// dirs is the direction of each step, by its dy+1 and dx+1.
var dirs = [3][3]events.Dir{
	{events.NorthWest, events.North, events.NorthEast},
	{events.West, 0, events.East},
	{events.SouthWest, events.South, events.SouthEast},
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// steps are the eight steps in Dir order: the offset and the cost of
// each, looked up once per neighbour instead of derived.
var steps = func() (out [events.NumDirs]struct {
	dx, dy int
	cost   int32
}) {
	for d := events.Dir(0); d < events.NumDirs; d++ {
		out[d].dx, out[d].dy = d.Delta()
		out[d].cost = int32(stepCost(d))
	}
	return out
}()

func (f *Finder) inBounds(p events.Pos) bool {
	return p.X >= 0 && p.X < f.w && p.Y >= 0 && p.Y < f.h
}

func (f *Finder) index(p events.Pos) int32 { return int32(p.Y*f.w + p.X) }

// begin starts a new search: every node becomes stale without a pass over
// them, except once every 2^32 searches.
func (f *Finder) begin() {
	f.open.reset()
	if f.search == math.MaxUint32 {
		for i := range f.nodes {
			f.nodes[i].stamp = 0
		}
		f.search = 0
	}
	f.search++
}

// touch makes node i, at p, part of the current search.
func (f *Finder) touch(i int32, p, goal events.Pos, blocked bool) *node {
	n := &f.nodes[i]
	*n = node{h: int32(heuristic(p, goal)), stamp: f.search, at: -1, blocked: blocked}
	return n
}
