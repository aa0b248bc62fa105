package dungeon

import "rogue/events"

// Map is a level's tiles, row by row: the tile at (x, y) is
// Tiles[y*Width+x]. Everything outside the map counts as wall.
type Map struct {
	Width, Height int
	Tiles         []Tile
	// walls marks the walls of a carved map (see Walls), once asked
	// for: wallsDue says they are still to be computed. Only the rules
	// ask; a replay folds level after level and never does.
	walls    []uint64
	wallsDue bool
}

// Walls marks the tiles of a map Carve made that are walls, one bit per
// tile: tile i = y*Width + x is bit i%64 of word i/64, and the bits past
// the last tile are 0. Carve writes only floor, stairs and walls, so on
// such a map a tile is Opaque exactly when it is not Walkable, and the
// bits answer both (path finding and field of view read them instead of
// asking tile by tile). nil for a map built otherwise. They are the map's
// own: read them, do not change them. They are computed the first time
// they are asked for (a pass over the tiles), not when the map is carved.
func (m *Map) Walls() []uint64 {
	if m.wallsDue {
		m.markWalls()
		m.wallsDue = false
	}
	return m.walls
}

// markWalls computes Walls from the tiles.
func (m *Map) markWalls() {
	n := (len(m.Tiles) + 63) / 64
	if cap(m.walls) < n {
		m.walls = make([]uint64, n)
	}
	m.walls = m.walls[:n]
	for k := range m.walls {
		tiles := m.Tiles[k*64 : min(k*64+64, len(m.Tiles))]
		var word uint64
		for j, t := range tiles {
			// 1 for a wall (the zero tile), 0 for any other: no branch
			// to mispredict at each room's edge.
			word |= (uint64(t) - 1) >> 63 << j
		}
		m.walls[k] = word
	}
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

// Clone returns a copy of m with storage of its own, that a later level
// may be carved into without touching m.
func (m *Map) Clone() *Map {
	c := *m
	c.Tiles = append([]Tile(nil), m.Tiles...)
	if m.walls != nil {
		c.walls = append([]uint64(nil), m.walls...)
	}
	return &c
}
