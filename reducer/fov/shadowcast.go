package fov

import "rogue/events"

// Compute clears dst and marks every tile visible from origin within
// radius on dst's map: origin itself, every transparent tile seen
// symmetrically, and the opaque tiles (walls) that bound the view.
// opaque tells which tiles block sight; it is called for tiles on and
// near the map (a map usually answers true outside itself). An origin
// outside dst's map sees nothing; a radius of 0 or less sees only the
// origin.
//
// The view is limited to a disc: the tile (dx, dy) away is within radius r
// when dx*dx + dy*dy <= r*r + r, which for integers is the same as
// dx*dx + dy*dy < (r + 1/2)^2 — tiles whose centre lies within r + 1/2.
// That gives a rounder disc than dx*dx + dy*dy <= r*r, which leaves a
// single-tile nub at each of the four compass points. The disc is
// symmetric, so the limited view stays symmetric.
//
// Compute does not allocate.
func Compute(dst *Set, opaque func(events.Pos) bool, origin events.Pos, radius int) {
	compute(dst, opaque, nil, origin, radius)
}

// ComputeWalls is Compute where the opaque tiles are those outside dst's
// map and those whose bit is set in walls (one bit per tile of dst's map:
// tile i = y*width + x is bit i%64 of word i/64; tiles past the end of
// walls count as opaque): the same view as Compute asking that, without a
// call per tile.
func ComputeWalls(dst *Set, walls []uint64, origin events.Pos, radius int) {
	compute(dst, nil, walls, origin, radius)
}

func compute(dst *Set, opaque func(events.Pos) bool, walls []uint64, origin events.Pos, radius int) {
	dst.Clear()
	addQuadrants(dst, opaque, walls, origin, radius, AllQuadrants)
}

// AllQuadrants is every quadrant of a view (see AddQuadrants).
const AllQuadrants = 1<<len(quadrants) - 1

// Quadrants are the quadrants of a view from origin that hold p, as bits
// for AddQuadrants: bit k for the k-th of north, east, south and west,
// each the tiles within 45 degrees of its direction (those on a diagonal
// are in two). Only the tiles of those quadrants (and the origin) can
// put p in the view; p == origin is in none.
func Quadrants(origin, p events.Pos) uint8 {
	dx, dy := p.X-origin.X, p.Y-origin.Y
	var q uint8
	if -dy >= 1 && abs(dx) <= -dy {
		q |= 1
	}
	if dx >= 1 && abs(dy) <= dx {
		q |= 2
	}
	if dy >= 1 && abs(dx) <= dy {
		q |= 4
	}
	if -dx >= 1 && abs(dy) <= -dx {
		q |= 8
	}
	return q
}

// AddQuadrants adds to dst the part of ComputeWalls's view that lies in
// the quadrants of quads (see Quadrants), and the origin: a view can be
// computed a quadrant at a time, in any order, as it is asked about; all
// four quadrants added to an empty set make ComputeWalls's view.
func AddQuadrants(dst *Set, walls []uint64, origin events.Pos, radius int, quads uint8) {
	addQuadrants(dst, nil, walls, origin, radius, quads)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// addQuadrants adds the view's tiles of the quadrants quads, and its
// origin, to dst. The quadrants' scans are independent: each adds only
// tiles of its own quadrant.
func addQuadrants(dst *Set, opaque func(events.Pos) bool, walls []uint64, origin events.Pos, radius int, quads uint8) {
	if !dst.inBounds(origin) {
		return
	}
	dst.Add(origin)
	if radius <= 0 {
		return
	}
	// Every tile of the map is within w+h of the origin (which also keeps
	// r*r from overflowing), and no row deeper than the map's longer side
	// holds a tile of the map, nor can shade one.
	radius = min(radius, dst.w+dst.h)
	c := caster{
		dst:      dst,
		opaque:   opaque,
		walls:    walls,
		origin:   origin,
		disc:     radius*radius + radius,
		maxDepth: min(radius, max(dst.w, dst.h)-1),
	}
	for k, q := range quadrants {
		if quads&(1<<k) != 0 {
			c.q = q
			c.scan(1, -1, 1, 1, 1)
		}
	}
}

// quadrant maps a (depth, col) position of the scan to a map offset:
// dx = col*colX + depth*depthX, dy = col*colY + depth*depthY.
type quadrant struct{ colX, colY, depthX, depthY int }

// The four quadrants, in scan order: north, east, south, west.
var quadrants = [4]quadrant{
	{colX: 1, depthY: -1},
	{colY: 1, depthX: 1},
	{colX: 1, depthY: 1},
	{colY: 1, depthX: -1},
}

// caster holds one Compute's state. Slopes are the exact fractions
// num/den (den > 0) of Ford's algorithm, col/depth measured from the
// origin's centre; they are always of the form (2*col-1)/(2*depth) or ±1.
type caster struct {
	dst      *Set
	opaque   func(events.Pos) bool
	walls    []uint64 // when opaque is nil (see ComputeWalls)
	origin   events.Pos
	q        quadrant
	disc     int // r*r + r
	maxDepth int
}

func (c *caster) pos(depth, col int) events.Pos {
	return events.Pos{
		X: c.origin.X + col*c.q.colX + depth*c.q.depthX,
		Y: c.origin.Y + col*c.q.colY + depth*c.q.depthY,
	}
}

// isOpaque reports whether p blocks sight.
func (c *caster) isOpaque(p events.Pos) bool {
	if c.opaque != nil {
		return c.opaque(p)
	}
	if uint(p.X) >= uint(c.dst.w) || uint(p.Y) >= uint(c.dst.h) {
		return true
	}
	i := p.Y*c.dst.w + p.X
	return i>>6 >= len(c.walls) || c.walls[i>>6]&(1<<(i&63)) != 0
}

// scan looks at the row at depth between the slopes startNum/startDen and
// endNum/endDen, then at the rows behind it through each gap it leaves.
// The recursion is at most maxDepth deep.
func (c *caster) scan(depth, startNum, startDen, endNum, endDen int) {
	if depth > c.maxDepth {
		return
	}
	// Ford's round_ties_up(depth*start) and round_ties_down(depth*end).
	minCol := floorDiv(2*depth*startNum+startDen, 2*startDen)
	maxCol := ceilDiv(2*depth*endNum-endDen, 2*endDen)
	first, prevWall := true, false
	for col := minCol; col <= maxCol; col++ {
		p := c.pos(depth, col)
		wall := c.isOpaque(p)
		// Floor is seen only when the tile's centre lies within the
		// slopes, which is what makes the view symmetric.
		if (wall || (col*startDen >= depth*startNum && col*endDen <= depth*endNum)) &&
			col*col+depth*depth <= c.disc {
			c.dst.Add(p)
		}
		if !first && prevWall && !wall {
			startNum, startDen = 2*col-1, 2*depth
		}
		if !first && !prevWall && wall {
			c.scan(depth+1, startNum, startDen, 2*col-1, 2*depth)
		}
		first, prevWall = false, wall
	}
	if !first && !prevWall {
		c.scan(depth+1, startNum, startDen, endNum, endDen)
	}
}

// floorDiv is a/b rounded down, for b > 0.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// ceilDiv is a/b rounded up, for b > 0.
func ceilDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a > 0 {
		q++
	}
	return q
}
