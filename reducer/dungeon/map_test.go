package dungeon

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"rogue/events"
)

func TestTileNames(t *testing.T) {
	assert.Equal(t, []string{"wall", "floor", "down stairs", "tile(9)"},
		[]string{Wall.String(), Floor.String(), DownStairs.String(), Tile(9).String()})
}

func TestMapQueriesTreatOutsideAsWall(t *testing.T) {
	m := &Map{Width: 3, Height: 2, Tiles: []Tile{Wall, Floor, DownStairs, Floor, Wall, Wall}}
	type probe struct {
		Pos      events.Pos
		InBounds bool
		Index    int
		At       Tile
		Walkable bool
		Opaque   bool
	}
	var got []probe
	for _, p := range []events.Pos{pos(0, 0), pos(1, 0), pos(2, 0), pos(0, 1), pos(-1, 0), pos(3, 0), pos(0, 2), pos(0, -1)} {
		got = append(got, probe{p, m.InBounds(p), m.Index(p), m.At(p), m.Walkable(p), m.Opaque(p)})
	}
	assert.Equal(t, []probe{
		{pos(0, 0), true, 0, Wall, false, true},
		{pos(1, 0), true, 1, Floor, true, false},
		{pos(2, 0), true, 2, DownStairs, true, false},
		{pos(0, 1), true, 3, Floor, true, false},
		{pos(-1, 0), false, -1, Wall, false, true},
		{pos(3, 0), false, -1, Wall, false, true},
		{pos(0, 2), false, -1, Wall, false, true},
		{pos(0, -1), false, -1, Wall, false, true},
	}, got)
}

func TestStringDrawsEveryTile(t *testing.T) {
	m := &Map{Width: 3, Height: 2, Tiles: []Tile{Wall, Floor, DownStairs, Floor, Tile(7), Wall}}
	assert.Equal(t, "#.>\n.?#\n", m.String())
}

func pos(x, y int) events.Pos { return events.Pos{X: x, Y: y} }
