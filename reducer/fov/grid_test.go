package fov

import (
	"strings"

	"rogue/events"
)

// grid is a hand-drawn map for tests: '#' is a wall, anything else is
// transparent, and '@' marks the viewer. Outside the grid is wall.
type grid struct {
	w, h int
	wall []bool
}

func parse(rows ...string) (grid, events.Pos) {
	g := grid{w: len(rows[0]), h: len(rows)}
	var origin events.Pos
	for y, row := range rows {
		if len(row) != g.w {
			panic("ragged grid")
		}
		for x, c := range []byte(row) {
			g.wall = append(g.wall, c == '#')
			if c == '@' {
				origin = events.Pos{X: x, Y: y}
			}
		}
	}
	return g, origin
}

func (g grid) opaque(p events.Pos) bool {
	if p.X < 0 || p.X >= g.w || p.Y < 0 || p.Y >= g.h {
		return true
	}
	return g.wall[p.Y*g.w+p.X]
}

// see computes the view from origin and draws it: the visible tiles as
// '#', '.' or '@' (the origin), the others as spaces.
func (g grid) see(origin events.Pos, radius int) string {
	s := NewSet(g.w, g.h)
	Compute(s, g.opaque, origin, radius)
	return draw(g, s, origin)
}

func draw(g grid, s *Set, origin events.Pos) string {
	var b strings.Builder
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			p := events.Pos{X: x, Y: y}
			switch {
			case !s.Has(p):
				b.WriteByte(' ')
			case p == origin:
				b.WriteByte('@')
			case g.opaque(p):
				b.WriteByte('#')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteString("|\n")
	}
	return b.String()
}

func lines(rows ...string) string { return strings.Join(rows, "|\n") + "|\n" }
