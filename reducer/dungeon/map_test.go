package dungeon

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/dice"
)

func TestTileNames(t *testing.T) {
	t.Parallel()
	assert.Equal(t, []string{"wall", "floor", "down stairs", "tile(9)"},
		[]string{Wall.String(), Floor.String(), DownStairs.String(), Tile(9).String()})
}

func TestMapQueriesTreatOutsideAsWall(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
	m := &Map{Width: 3, Height: 2, Tiles: []Tile{Wall, Floor, DownStairs, Floor, Tile(7), Wall}}
	assert.Equal(t, "#.>\n.?#\n", m.String())
}

func pos(x, y int) events.Pos { return events.Pos{X: x, Y: y} }

// A carved map's wall bits are its tiles that are walls: Opaque, and not
// Walkable, tile by tile, on generated levels carved into fresh storage
// and into the storage of other levels (reused, of other sizes).
func TestACarvedMapsWallBitsAreItsWalls(t *testing.T) {
	t.Parallel()
	var m *Map
	for seed := uint64(1); seed <= 60; seed++ {
		w, h := 40+int(seed%7)*10, 30+int(seed%5)*8
		l := Generate(dice.New(seed, 0), w, h)
		var err error
		m, err = CarveInto(m, l.Width, l.Height, l.Rooms, l.Corridors, l.Stairs)
		require.NoError(t, err)
		bits := m.Walls()
		require.Len(t, bits, (w*h+63)/64, "seed %d", seed)
		for i := range w * h {
			p := events.Pos{X: i % w, Y: i / w}
			wall := bits[i>>6]&(1<<(i&63)) != 0
			require.Equal(t, m.Opaque(p), wall, "seed %d, tile (%d,%d)", seed, p.X, p.Y)
			require.Equal(t, !m.Walkable(p), wall, "seed %d, tile (%d,%d)", seed, p.X, p.Y)
		}
		if r := w * h % 64; r != 0 {
			assert.Zero(t, bits[len(bits)-1]>>r, "seed %d: the bits past the last tile", seed)
		}
	}
	assert.Nil(t, (&Map{Width: 1, Height: 1, Tiles: []Tile{Floor}}).Walls(), "a map not carved")
}
