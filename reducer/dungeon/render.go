package dungeon

// String draws the map as text, one line per row ending in a newline:
// '#' wall, '.' floor, '>' down stairs, '?' anything else. Tests compare
// maps through it.
func (m *Map) String() string {
	if m.Width <= 0 || m.Height <= 0 || len(m.Tiles) != m.Width*m.Height {
		return ""
	}
	b := make([]byte, 0, (m.Width+1)*m.Height)
	for y := 0; y < m.Height; y++ {
		for _, t := range m.Tiles[y*m.Width : (y+1)*m.Width] {
			b = append(b, glyph(t))
		}
		b = append(b, '\n')
	}
	return string(b)
}

func glyph(t Tile) byte {
	switch t {
	case Wall:
		return '#'
	case Floor:
		return '.'
	case DownStairs:
		return '>'
	}
	return '?'
}
