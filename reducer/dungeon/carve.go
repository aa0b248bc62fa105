package dungeon

import (
	"fmt"

	"rogue/events"
)

// MaxSide is the largest width or height of a map; a map has at most
// MaxSide*MaxSide tiles.
const MaxSide = 255

// Carve turns a level's description into its tiles: every room (its Rect
// is the floor area) and every corridor becomes floor, and the stairs tile
// becomes DownStairs. A corridor is an L: when HorizontalFirst it runs
// along row From.Y from From.X to To.X, then along column To.X to To.Y;
// otherwise along column From.X to To.Y, then along row To.Y to To.X.
//
// The description may come from an untrusted journal, so Carve refuses,
// with an error naming the offending room, corridor or field: a width or
// height outside 1..MaxSide; more than events.MaxRooms rooms or corridors;
// a room of no area; a room or corridor end that lies outside the map or
// on its outermost border (the border stays wall, so nothing can walk off
// the map); stairs that are not on carved floor. Overlapping rooms and
// corridors are fine. Carve never panics, and its cost is linear in the
// map's area plus the number of rooms and corridors: when the rooms and
// corridor legs cover at most a few times the map's area in all, each is
// filled row by row straight into the tiles; otherwise (many large
// overlapping rooms, only from a hostile journal) each is marked in
// constant time on a difference array, then one prefix-sum pass fills the
// tiles. Both give the same map.
func Carve(width, height int, rooms []events.Rect, corridors []events.Corridor, stairs events.Pos) (*Map, error) {
	return CarveInto(nil, width, height, rooms, corridors, stairs)
}

// CarveInto is Carve reusing dst's storage when dst is not nil and its
// tiles can hold the new map: it then returns dst, carved anew (otherwise
// a new map). Nothing else may be using dst. On an error dst is left as
// it was.
func CarveInto(dst *Map, width, height int, rooms []events.Rect, corridors []events.Corridor, stairs events.Pos) (*Map, error) {
	if width < 1 || width > MaxSide || height < 1 || height > MaxSide {
		return nil, fmt.Errorf("map size %dx%d is not within 1x1..%dx%d", width, height, MaxSide, MaxSide)
	}
	if len(rooms) > events.MaxRooms {
		return nil, fmt.Errorf("%d rooms, at most %d allowed", len(rooms), events.MaxRooms)
	}
	if len(corridors) > events.MaxRooms {
		return nil, fmt.Errorf("%d corridors, at most %d allowed", len(corridors), events.MaxRooms)
	}
	area := 0 // of every room and corridor leg, overlaps counted again
	for i, r := range rooms {
		if err := checkRoom(width, height, r); err != nil {
			return nil, fmt.Errorf("rooms[%d] %+v: %s", i, r, err)
		}
		area += r.W * r.H
	}
	for i, k := range corridors {
		if err := checkEnd(width, height, "From", k.From); err != nil {
			return nil, fmt.Errorf("corridors[%d] %+v: %s", i, k, err)
		}
		if err := checkEnd(width, height, "To", k.To); err != nil {
			return nil, fmt.Errorf("corridors[%d] %+v: %s", i, k, err)
		}
		area += abs(k.To.X-k.From.X) + abs(k.To.Y-k.From.Y) + 2
	}
	if !insideRects(stairs, rooms, corridors) {
		if stairs.X < 0 || stairs.X >= width || stairs.Y < 0 || stairs.Y >= height {
			return nil, fmt.Errorf("stairs (%d,%d) are outside the %dx%d map", stairs.X, stairs.Y, width, height)
		}
		return nil, fmt.Errorf("stairs (%d,%d) are on %s, not on carved floor", stairs.X, stairs.Y, Wall)
	}
	// Everything is checked: now the tiles may be written.
	n := width * height
	m := dst
	if m == nil || cap(m.Tiles) < n {
		m = &Map{Tiles: make([]Tile, n)}
	} else {
		m.Tiles = m.Tiles[:n]
		clear(m.Tiles)
	}
	m.Width, m.Height = width, height
	if area <= 4*n {
		m.fillRects(rooms, corridors)
	} else {
		m.sumRects(rooms, corridors)
	}
	m.Tiles[m.Index(stairs)] = DownStairs
	m.wallsDue = true
	return m, nil
}

// insideRects reports whether p lies in one of the rooms or on one of the
// corridors: whether Carve makes it floor (or the stairs).
func insideRects(p events.Pos, rooms []events.Rect, corridors []events.Corridor) bool {
	for _, r := range rooms {
		if inside(p, r) {
			return true
		}
	}
	for _, k := range corridors {
		if a, b := legs(k); inside(p, a) || inside(p, b) {
			return true
		}
	}
	return false
}

func inside(p events.Pos, r events.Rect) bool {
	return p.X >= r.X && p.X-r.X < r.W && p.Y >= r.Y && p.Y-r.Y < r.H
}

// floorRow is a row of floor as long as the longest, copied to fill rows.
var floorRow = func() (row [MaxSide]Tile) {
	for i := range row {
		row[i] = Floor
	}
	return row
}()

// fillRects makes every room and corridor leg floor, row by row; they
// must lie on the map. Its cost is their area.
func (m *Map) fillRects(rooms []events.Rect, corridors []events.Corridor) {
	for _, r := range rooms {
		m.fill(r)
	}
	for _, k := range corridors {
		a, b := legs(k)
		m.fill(a)
		m.fill(b)
	}
}

// sumRects is fillRects on a difference array, for a cleared m: its cost
// is the map's area however much the rooms and legs overlap.
func (m *Map) sumRects(rooms []events.Rect, corridors []events.Corridor) {
	c := newCarver(m.Width, m.Height)
	for _, r := range rooms {
		c.mark(r)
	}
	for _, k := range corridors {
		a, b := legs(k)
		c.mark(a)
		c.mark(b)
	}
	c.tiles(m)
}

// fill makes r floor; r must lie on the map.
func (m *Map) fill(r events.Rect) {
	if r.W == 1 { // a corridor's column: a tile a row, no copy call
		for at, end := r.Y*m.Width+r.X, (r.Y+r.H)*m.Width; at < end; at += m.Width {
			m.Tiles[at] = Floor
		}
		return
	}
	for y := r.Y; y < r.Y+r.H; y++ {
		at := y*m.Width + r.X
		copy(m.Tiles[at:at+r.W], floorRow[:r.W])
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// carver marks rectangles of floor on a 2D difference array: a rectangle
// adds 1 at its top-left corner, and the matching -1/+1 past its other
// corners, so that the prefix sums count, for each tile, how many
// rectangles cover it.
type carver struct {
	w, h int
	diff []int32 // (w+1) x (h+1), row-major
}

func newCarver(w, h int) carver {
	return carver{w: w, h: h, diff: make([]int32, (w+1)*(h+1))}
}

// mark marks r, which must lie on the map.
func (c *carver) mark(r events.Rect) {
	s := c.w + 1
	x0, y0, x1, y1 := r.X, r.Y, r.X+r.W, r.Y+r.H
	c.diff[y0*s+x0]++
	c.diff[y0*s+x1]--
	c.diff[y1*s+x0]--
	c.diff[y1*s+x1]++
}

// legs are the two legs of k, in the order it runs them.
func legs(k events.Corridor) (events.Rect, events.Rect) {
	if k.HorizontalFirst {
		return row(k.From.Y, k.From.X, k.To.X), column(k.To.X, k.From.Y, k.To.Y)
	}
	return column(k.From.X, k.From.Y, k.To.Y), row(k.To.Y, k.From.X, k.To.X)
}

// row is the one-tile-high rectangle on row y between columns a and b.
func row(y, a, b int) events.Rect {
	lo, hi := min(a, b), max(a, b)
	return events.Rect{X: lo, Y: y, W: hi - lo + 1, H: 1}
}

// column is the one-tile-wide rectangle on column x between rows a and b.
func column(x, a, b int) events.Rect {
	lo, hi := min(a, b), max(a, b)
	return events.Rect{X: x, Y: lo, W: 1, H: hi - lo + 1}
}

// tiles sums the difference array into m, a cleared map of the same
// size, row by row: floor where anything was marked, wall elsewhere.
func (c *carver) tiles(m *Map) {
	w, h, s := c.w, c.h, c.w+1
	var prev []int32 // the previous row's sums
	for y := 0; y < h; y++ {
		row, out := c.diff[y*s:y*s+w], m.Tiles[y*w:(y+1)*w]
		run := int32(0)
		for x, v := range row {
			run += v
			row[x] = run
		}
		if prev != nil {
			for x := range row {
				row[x] += prev[x]
			}
		}
		for x, v := range row {
			if v > 0 {
				out[x] = Floor
			}
		}
		prev = row
	}
}

// checkRoom says what is wrong with r, or nil if it lies inside the
// border. No sum is computed that an absurd field could overflow.
func checkRoom(w, h int, r events.Rect) error {
	switch {
	case r.W < 1:
		return fmt.Errorf("width W=%d is below 1", r.W)
	case r.H < 1:
		return fmt.Errorf("height H=%d is below 1", r.H)
	case r.X < 1:
		return fmt.Errorf("X=%d is on or beyond the left border", r.X)
	case r.Y < 1:
		return fmt.Errorf("Y=%d is on or beyond the top border", r.Y)
	case r.X > w-2 || r.W > w-1-r.X:
		return fmt.Errorf("X=%d W=%d reach the right border (X+W must be at most %d)", r.X, r.W, w-1)
	case r.Y > h-2 || r.H > h-1-r.Y:
		return fmt.Errorf("Y=%d H=%d reach the bottom border (Y+H must be at most %d)", r.Y, r.H, h-1)
	}
	return nil
}

// checkEnd says what is wrong with a corridor's end p, or nil if it lies
// inside the border. Then the whole L does: it stays within the box of
// its two ends.
func checkEnd(w, h int, name string, p events.Pos) error {
	if p.X < 1 || p.X > w-2 || p.Y < 1 || p.Y > h-2 {
		return fmt.Errorf("%s (%d,%d) is not inside the border (x in 1..%d, y in 1..%d)", name, p.X, p.Y, w-2, h-2)
	}
	return nil
}
