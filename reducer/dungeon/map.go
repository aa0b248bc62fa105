package dungeon

import "rogue/events"

// Map is a level's tiles, row by row: the tile at (x, y) is
// Tiles[y*Width+x]. Everything outside the map counts as wall.
type Map struct {
	Width, Height int
	Tiles         []Tile
}

// InBounds reports whether p lies on the map.
func (m *Map) InBounds(p events.Pos) bool {
	return p.X >= 0 && p.X < m.Width && p.Y >= 0 && p.Y < m.Height
}

// Index is the position of p in Tiles, or -1 when p is outside the map.
func (m *Map) Index(p events.Pos) int {
	if !m.InBounds(p) {
		return -1
	}
	return p.Y*m.Width + p.X
}

// At is the tile at p; Wall outside the map.
func (m *Map) At(p events.Pos) Tile {
	if !m.InBounds(p) {
		return Wall
	}
	return m.Tiles[p.Y*m.Width+p.X]
}

// Walkable reports whether an actor may stand on p: floor or stairs.
func (m *Map) Walkable(p events.Pos) bool { return m.At(p).Walkable() }

// Opaque reports whether p blocks sight: a wall, or outside the map.
func (m *Map) Opaque(p events.Pos) bool { return m.At(p) == Wall }
