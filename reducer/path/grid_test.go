package path

import "rogue/events"

// grid is a hand-drawn map for tests: '#' is a wall, anything else is
// passable; 'A' marks the walker and 'B' its target. A 'B' drawn on a
// wall square is not possible, so 'X' marks a target standing on a tile
// that is not passable.
type grid struct {
	w, h int
	wall []bool
}

func parse(rows ...string) (g grid, from, to events.Pos) {
	g = grid{w: len(rows[0]), h: len(rows)}
	for y, row := range rows {
		if len(row) != g.w {
			panic("ragged grid")
		}
		for x, c := range []byte(row) {
			g.wall = append(g.wall, c == '#' || c == 'X')
			switch c {
			case 'A':
				from = events.Pos{X: x, Y: y}
			case 'B', 'X':
				to = events.Pos{X: x, Y: y}
			}
		}
	}
	return g, from, to
}

func (g grid) passable(p events.Pos) bool {
	if p.X < 0 || p.X >= g.w || p.Y < 0 || p.Y >= g.h {
		panic("passable asked about a tile off the map")
	}
	return !g.wall[p.Y*g.w+p.X]
}

func pos(x, y int) events.Pos { return events.Pos{X: x, Y: y} }

// bits returns the grid's walls as a Finder reads them, one bit per tile,
// and an empty set of taken tiles.
func (g grid) bits() (walls, none []uint64) {
	n := (g.w*g.h + 63) / 64
	walls, none = make([]uint64, n), make([]uint64, n)
	for i, wall := range g.wall {
		if wall {
			walls[i>>6] |= 1 << (i & 63)
		}
	}
	return walls, none
}
