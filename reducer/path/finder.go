package path

import (
	"math"
	"math/bits"

	"rogue/events"
)

// Finder holds the scratch memory of searches on a width x height map, so
// that many searches (one per monster per turn) allocate nothing. A Finder
// is not safe for concurrent use.
//
// Its searches run on the map framed by a border one tile wide, so that a
// tile's eight neighbours are always in its arrays: tile (x, y) is
// (y+1)*(width+2) + x+1 there, an order of tiles the same as the map's
// own row-major one, so ties break alike.
type Finder struct {
	w, h  int
	nodes []node
	open  openSet
	// search is the current search; nodes of other searches are stale.
	search uint32
	// closed lists the tiles the last search expanded, in order, and
	// sealed is whether it ended for want of tiles to expand (see
	// Reached).
	closed []int32
	sealed bool
	// shut holds, for each framed tile, a bit per direction whose
	// neighbour may not be entered (the border's tiles never may), as of
	// bits: the last search's walls and taken, ORed, less its goal's bit
	// (the goal may always be entered). They are kept from search to
	// search, and only the tiles of words that changed are written again
	// (see setBits).
	shut []uint8
	bits []uint64
	next []uint64 // setBits' scratch: the new bits
	// wall is, for each framed tile, 1 when it may not be entered as of
	// bits (the border's tiles never may): what rebuild reads.
	wall []uint8
	// framed is each tile's framed index, and at each framed tile.
	framed []int32
	at     []xy
	step   [events.NumDirs]int32 // each direction's change of framed index
	// links are, for each direction, the neighbour's change of framed
	// index and the bit of the way back in the neighbour's shut: what
	// setShutInside writes, looked up instead of derived.
	links [events.NumDirs]link
	// asked is NextStep's answers of its passable, one bit per tile (1:
	// may not be entered), for the search to read as NextStepBits reads
	// its bits; none is its empty second set.
	asked, none []uint64
}

// node is the search's knowledge of one tile, valid only when its stamp is
// the current search. Tiles that may not be entered never get one.
type node struct {
	g, h  int32      // cost from the start; heuristic to the goal
	stamp uint32     // the search that last touched the tile
	first events.Dir // first step of the best known path to it
}

// link is one neighbour of a tile: its change of framed index, and the
// bit, in its shut, of the step back to the tile.
type link struct {
	step int32
	back uint8
}

// xy is a tile's place on the map.
type xy struct{ x, y int32 }

// MaxTiles is the most tiles a Finder's map may have (a level has at most
// 255 x 255).
const MaxTiles = 1 << 18

// NewFinder returns a Finder for maps of w x h tiles. Every search fails
// on a map with a negative side or more than MaxTiles tiles.
func NewFinder(w, h int) *Finder {
	w, h = max(w, 0), max(h, 0)
	if w > MaxTiles || h > MaxTiles || w*h > MaxTiles {
		w, h = 0, 0
	}
	n := (w + 2) * (h + 2)
	f := &Finder{w: w, h: h, nodes: make([]node, n), shut: make([]uint8, n), at: make([]xy, n),
		bits: make([]uint64, (w*h+63)/64), next: make([]uint64, (w*h+63)/64), framed: make([]int32, w*h), wall: make([]uint8, n)}
	for d := events.Dir(0); d < events.NumDirs; d++ {
		dx, dy := d.Delta()
		f.step[d] = int32(dy*(w+2) + dx)
		f.links[d] = link{f.step[d], uint8(1) << ((d + events.NumDirs/2) % events.NumDirs)}
	}
	for i := range f.framed {
		x, y := i%w, i/w
		f.framed[i] = int32((y+1)*(w+2) + x + 1)
		f.at[f.framed[i]] = xy{int32(x), int32(y)}
	}
	for i := range n {
		if x, y := i%(w+2), i/(w+2); x == 0 || x == w+1 || y == 0 || y == h+1 {
			f.setShut(int32(i), true)
			f.wall[i] = 1
		}
	}
	return f
}

// setShut records in its neighbours' shut bits whether framed tile i may
// be entered.
func (f *Finder) setShut(i int32, shut bool) {
	for d := events.Dir(0); d < events.NumDirs; d++ {
		n := i + f.step[d]
		if uint(n) >= uint(len(f.shut)) {
			continue // off the frame: a border tile's neighbour
		}
		back := uint8(1) << ((d + events.NumDirs/2) % events.NumDirs) // from n to i
		if shut {
			f.shut[n] |= back
		} else {
			f.shut[n] &^= back
		}
	}
}

// setShutInside is setShut for a tile of the map (not of the border),
// whose eight neighbours are all in the frame: the same writes, without
// a check of bounds or a branch per neighbour.
func (f *Finder) setShutInside(i int32, shut bool) {
	var set uint8
	if shut {
		set = 0xff
	}
	s := f.shut
	for _, l := range &f.links {
		n := i + l.step
		s[n] = s[n]&^l.back | set&l.back
	}
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
// passable says which tiles may be entered; when both ends are on the
// map and differ it is asked once about every tile of the map, and about
// no tile off it. The goal is always enterable (it holds the target),
// and the start is where the walker already stands. Diagonal steps need
// only their destination to be passable. Steps cost OrthogonalCost or
// DiagonalCost.
//
// The answer is a function of the arguments alone: among equally short
// paths the search prefers, at every choice, the lowest f = g + h, then
// the lowest h, then the lowest tile index (row-major), and neighbours
// are examined in Dir order (north, clockwise).
func (f *Finder) NextStep(passable func(events.Pos) bool, from, to events.Pos, maxNodes int) (events.Dir, bool) {
	f.closed, f.sealed = f.closed[:0], false
	if !f.inBounds(from) || !f.inBounds(to) || from == to {
		return 0, false
	}
	n := (f.w*f.h + 63) / 64
	if len(f.asked) != n {
		f.asked, f.none = make([]uint64, n), make([]uint64, n)
	}
	clear(f.asked)
	for y := range f.h {
		for x := range f.w {
			if !passable(events.Pos{X: x, Y: y}) {
				i := y*f.w + x
				f.asked[i>>6] |= 1 << (i & 63)
			}
		}
	}
	return f.nextStep(f.asked, f.none, from, to, maxNodes)
}

// NextStepBits is NextStep where a tile may be entered when its bit is
// 0 in both walls and taken (one bit per tile: tile i = y*width + x is
// bit i%64 of word i/64): the same answer as NextStep with that passable,
// without a call per tile. Slices shorter than the map's tiles need give
// no step.
func (f *Finder) NextStepBits(walls, taken []uint64, from, to events.Pos, maxNodes int) (events.Dir, bool) {
	f.closed, f.sealed = f.closed[:0], false
	if n := (f.w*f.h + 63) / 64; len(walls) < n || len(taken) < n {
		return 0, false
	}
	if !f.inBounds(from) || !f.inBounds(to) || from == to {
		return 0, false
	}
	return f.nextStep(walls, taken, from, to, maxNodes)
}

// blocked reports whether tile i may not be entered: its bit is 1 in
// walls or in taken.
func blocked(walls, taken []uint64, i int32) bool {
	return (walls[i>>6]|taken[i>>6])&(1<<(i&63)) != 0
}

// setBits brings shut up to date with walls and taken, where tile goal
// (y*width + x) may always be entered: only the tiles of words that
// changed since the last search are written.
func (f *Finder) setBits(walls, taken []uint64, goal int) {
	next := f.next
	walls, taken = walls[:len(next)], taken[:len(next)]
	// The count of bits that changed only chooses the way shut is
	// written, either way to the same bits: it may leave out the
	// fixes below.
	changed := 0
	for k, old := range f.bits {
		now := walls[k] | taken[k]
		next[k] = now
		changed += bits.OnesCount64(now ^ old)
	}
	if tail := f.w * f.h % 64; tail != 0 {
		next[len(next)-1] &= 1<<tail - 1 // no bit for a tile off the map
	}
	next[goal>>6] &^= 1 << (goal & 63)
	if changed > len(f.framed)/rebuildShare {
		copy(f.bits, next)
		f.rebuild()
		return
	}
	for k, old := range f.bits {
		now := next[k]
		if now == old {
			continue
		}
		f.bits[k] = now
		for diff := now ^ old; diff != 0; diff &= diff - 1 {
			j := bits.TrailingZeros64(diff)
			fi := f.framed[k<<6+j]
			f.wall[fi] = uint8(now >> j & 1)
			f.setShutInside(fi, now>>j&1 != 0)
		}
	}
}

// rebuildShare is the share of the map's tiles (one in rebuildShare)
// past which setBits writes every tile's shut bits afresh (see rebuild)
// rather than those of the tiles that changed: a new level changes about
// half of them, and one lookup per tile (see rebuild) costs less than
// eight writes per tile changed.
const rebuildShare = 8

// rebuild is setBits writing every tile of the map, once bits are set:
// wall from bits, then each tile's shut from its eight neighbours' wall. The same shut bits as setBits writes tile by tile,
// for every tile a search may expand (those of the border are never
// expanded, nor read).
func (f *Finder) rebuild() {
	wall, shut, b := f.wall, f.shut, f.bits
	for y := range f.h { // row by row: tile i is framed tile fi
		i, fi := y*f.w, (y+1)*(f.w+2)+1
		for range f.w {
			wall[fi] = uint8(b[i>>6] >> (i & 63) & 1)
			i, fi = i+1, fi+1
		}
	}
	// Each tile's shut from the 3x3 block around it, read column by
	// column: the block's nine walls are an index into shutOf.
	fw := f.w + 2
	for y := 1; y <= f.h; y++ {
		n, c, so := wall[(y-1)*fw:y*fw], wall[y*fw:(y+1)*fw], wall[(y+1)*fw:(y+2)*fw]
		row := shut[y*fw : (y+1)*fw]
		block := uint(n[0]|c[0]<<1|so[0]<<2) | uint(n[1]|c[1]<<1|so[1]<<2)<<3
		for x := 1; x <= f.w; x++ {
			block |= uint(n[x+1]|c[x+1]<<1|so[x+1]<<2) << 6
			row[x] = shutOf[block]
			block >>= 3
		}
	}
}

// nextStep is NextStepBits for ends on the map that differ.
func (f *Finder) nextStep(walls, taken []uint64, from, to events.Pos, maxNodes int) (events.Dir, bool) {
	if d, ok := f.clearLine(walls, taken, from, to, maxNodes); ok {
		return d, true
	}
	return f.astar(walls, taken, from, to, maxNodes)
}

// astar is NextStep's A*, for ends on the map that differ.
//
// Its open set passes over stale entries instead of moving a tile up when
// a cheaper path reaches it (see openSet): a tile's stale entries have
// its index and h but a higher g, so its current entry, of lower key,
// comes out first and expands it, and each stale one comes out after,
// its g no longer the tile's, and is passed over; the tiles expanded,
// and their order, are those of a set that moves the tile up.
func (f *Finder) astar(walls, taken []uint64, from, to events.Pos, maxNodes int) (events.Dir, bool) {
	f.begin()
	f.setBits(walls, taken, to.Y*f.w+to.X)
	return f.expand(from, to, maxNodes)
}

// expand is astar's loop, once shut is set for the search.
func (f *Finder) expand(from, to events.Pos, maxNodes int) (events.Dir, bool) {
	start, goal := f.framedIndex(from), f.framedIndex(to)
	gx, gy := int32(to.X), int32(to.Y)
	n := &f.nodes[start]
	*n = node{h: int32(heuristic(from, to)), stamp: f.search, first: events.NumDirs}
	f.open.reset(n.h)
	f.open.push(key(start, 0, n.h), n.h)
	search, nodes, shut, at := f.search, f.nodes, f.shut, f.at
	for expanded := 0; ; {
		if f.open.len() == 0 {
			f.sealed = true
			return 0, false
		}
		k := f.open.pop()
		cur := int32(k & indexMask)
		c := &nodes[cur]
		if keyG(k) != c.g {
			continue // a stale entry: its tile was expanded at a lower g
		}
		if cur == goal {
			return c.first, true
		}
		if maxNodes > 0 && expanded >= maxNodes {
			return 0, false
		}
		expanded++
		f.closed = append(f.closed, cur)
		cx, cy, cf := at[cur].x, at[cur].y, c.g+c.h
		for m := ^shut[cur]; m != 0; m &= m - 1 {
			d := events.Dir(bits.TrailingZeros8(m))
			qi := cur + f.step[d]
			st := &steps[d]
			g := c.g + st.cost
			first := c.first
			if first == events.NumDirs { // the start
				first = d
			}
			nb := &nodes[qi]
			switch {
			case nb.stamp != search:
				*nb = node{g: g, h: octile(cx+st.dx-gx, cy+st.dy-gy), stamp: search, first: first}
			case g >= nb.g:
				// No cheaper: always so of an expanded tile, whose g is
				// final (the heuristic is consistent).
				continue
			default:
				nb.g, nb.first = g, first
			}
			if qi == goal && g == cf {
				// The goal's f is the lowest any tile open can have, and
				// its h, 0, is lower than any other tile's: it comes out
				// next, with this path.
				return first, true
			}
			f.open.push(key(qi, g, nb.h), g+nb.h)
		}
	}
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
	for _, fi := range f.closed {
		p := f.at[fi]
		i := int(p.y)*f.w + int(p.x)
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
func (f *Finder) clearLine(walls, taken []uint64, from, to events.Pos, maxNodes int) (events.Dir, bool) {
	n := max(abs(to.X-from.X), abs(to.Y-from.Y)) // the line's steps
	if maxNodes > 0 && n > maxNodes {
		return 0, false
	}
	p := from
	for range n - 1 {
		p.X += sign(to.X - p.X)
		p.Y += sign(to.Y - p.Y)
		if blocked(walls, taken, int32(p.Y*f.w+p.X)) {
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

// shutOf is a tile's shut bits from the walls of the 3x3 block around it
// (1: may not be entered), the wall at dx, dy from the tile being bit
// 3*(dx+1) + dy+1 of the index: what rebuild looks up.
var shutOf = func() (out [512]uint8) {
	for block := range out {
		for d := events.Dir(0); d < events.NumDirs; d++ {
			dx, dy := d.Delta()
			out[block] |= uint8(block>>(3*(dx+1)+dy+1)&1) << d
		}
	}
	return out
}()

// steps are the eight steps in Dir order: the offset and the cost of
// each, looked up once per neighbour instead of derived.
var steps = func() (out [events.NumDirs]struct{ dx, dy, cost int32 }) {
	for d := events.Dir(0); d < events.NumDirs; d++ {
		dx, dy := d.Delta()
		out[d].dx, out[d].dy = int32(dx), int32(dy)
		out[d].cost = int32(stepCost(d))
	}
	return out
}()

func (f *Finder) inBounds(p events.Pos) bool {
	return p.X >= 0 && p.X < f.w && p.Y >= 0 && p.Y < f.h
}

func (f *Finder) framedIndex(p events.Pos) int32 { return int32((p.Y+1)*(f.w+2) + p.X + 1) }

// begin starts a new search: every node becomes stale without a pass over
// them, except once every 2^32 searches.
func (f *Finder) begin() {
	if f.search == math.MaxUint32 {
		for i := range f.nodes {
			f.nodes[i].stamp = 0
		}
		f.search = 0
	}
	f.search++
}
