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
// map's area plus the number of rooms and corridors (each room or leg is
// marked in constant time on a difference array, then one prefix-sum pass
// fills the tiles).
func Carve(width, height int, rooms []events.Rect, corridors []events.Corridor, stairs events.Pos) (*Map, error) {
	if width < 1 || width > MaxSide || height < 1 || height > MaxSide {
		return nil, fmt.Errorf("map size %dx%d is not within 1x1..%dx%d", width, height, MaxSide, MaxSide)
	}
	if len(rooms) > events.MaxRooms {
		return nil, fmt.Errorf("%d rooms, at most %d allowed", len(rooms), events.MaxRooms)
	}
	if len(corridors) > events.MaxRooms {
		return nil, fmt.Errorf("%d corridors, at most %d allowed", len(corridors), events.MaxRooms)
	}
	c := newCarver(width, height)
	for i, r := range rooms {
		if err := c.checkRoom(r); err != nil {
			return nil, fmt.Errorf("rooms[%d] %+v: %s", i, r, err)
		}
		c.fill(r)
	}
	for i, k := range corridors {
		if err := c.checkEnd("From", k.From); err != nil {
			return nil, fmt.Errorf("corridors[%d] %+v: %s", i, k, err)
		}
		if err := c.checkEnd("To", k.To); err != nil {
			return nil, fmt.Errorf("corridors[%d] %+v: %s", i, k, err)
		}
		c.corridor(k)
	}
	m := c.tiles()
	if !m.InBounds(stairs) {
		return nil, fmt.Errorf("stairs (%d,%d) are outside the %dx%d map", stairs.X, stairs.Y, width, height)
	}
	i := m.Index(stairs)
	if m.Tiles[i] != Floor {
		return nil, fmt.Errorf("stairs (%d,%d) are on %s, not on carved floor", stairs.X, stairs.Y, m.Tiles[i])
	}
	m.Tiles[i] = DownStairs
	return m, nil
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

// fill marks r, which must lie on the map.
func (c *carver) fill(r events.Rect) {
	s := c.w + 1
	x0, y0, x1, y1 := r.X, r.Y, r.X+r.W, r.Y+r.H
	c.diff[y0*s+x0]++
	c.diff[y0*s+x1]--
	c.diff[y1*s+x0]--
	c.diff[y1*s+x1]++
}

// corridor marks both legs of k, whose ends must lie on the map.
func (c *carver) corridor(k events.Corridor) {
	if k.HorizontalFirst {
		c.fill(row(k.From.Y, k.From.X, k.To.X))
		c.fill(column(k.To.X, k.From.Y, k.To.Y))
	} else {
		c.fill(column(k.From.X, k.From.Y, k.To.Y))
		c.fill(row(k.To.Y, k.From.X, k.To.X))
	}
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

// tiles sums the difference array into a map, row by row: floor where
// anything was marked, wall elsewhere.
func (c *carver) tiles() *Map {
	w, h, s := c.w, c.h, c.w+1
	m := &Map{Width: w, Height: h, Tiles: make([]Tile, w*h)}
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
	return m
}

// checkRoom says what is wrong with r, or nil if it lies inside the
// border. No sum is computed that an absurd field could overflow.
func (c *carver) checkRoom(r events.Rect) error {
	switch {
	case r.W < 1:
		return fmt.Errorf("width W=%d is below 1", r.W)
	case r.H < 1:
		return fmt.Errorf("height H=%d is below 1", r.H)
	case r.X < 1:
		return fmt.Errorf("X=%d is on or beyond the left border", r.X)
	case r.Y < 1:
		return fmt.Errorf("Y=%d is on or beyond the top border", r.Y)
	case r.X > c.w-2 || r.W > c.w-1-r.X:
		return fmt.Errorf("X=%d W=%d reach the right border (X+W must be at most %d)", r.X, r.W, c.w-1)
	case r.Y > c.h-2 || r.H > c.h-1-r.Y:
		return fmt.Errorf("Y=%d H=%d reach the bottom border (Y+H must be at most %d)", r.Y, r.H, c.h-1)
	}
	return nil
}

// checkEnd says what is wrong with a corridor's end p, or nil if it lies
// inside the border. Then the whole L does: it stays within the box of
// its two ends.
func (c *carver) checkEnd(name string, p events.Pos) error {
	if p.X < 1 || p.X > c.w-2 || p.Y < 1 || p.Y > c.h-2 {
		return fmt.Errorf("%s (%d,%d) is not inside the border (x in 1..%d, y in 1..%d)", name, p.X, p.Y, c.w-2, c.h-2)
	}
	return nil
}
