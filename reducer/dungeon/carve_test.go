package dungeon

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/dice"
)

func TestCarveDrawsRoomsCorridorsAndStairs(t *testing.T) {
	t.Parallel()
	rooms := []events.Rect{{X: 1, Y: 1, W: 3, H: 2}, {X: 8, Y: 4, W: 4, H: 3}, {X: 2, Y: 6, W: 2, H: 1}}
	corridors := []events.Corridor{
		{From: events.Pos{X: 2, Y: 1}, To: events.Pos{X: 9, Y: 5}, HorizontalFirst: true},
		{From: events.Pos{X: 9, Y: 5}, To: events.Pos{X: 3, Y: 6}, HorizontalFirst: false},
	}
	m, err := Carve(13, 8, rooms, corridors, events.Pos{X: 10, Y: 6})
	require.NoError(t, err)
	assert.Equal(t, strings.Join([]string{
		"#############",
		"#.........###",
		"#...#####.###",
		"#########.###",
		"########....#",
		"########....#",
		"##........>.#",
		"#############",
	}, "\n")+"\n", m.String())
}

func TestCarveRunsEachLegOrderTheWayItSays(t *testing.T) {
	t.Parallel()
	from, to := events.Pos{X: 1, Y: 1}, events.Pos{X: 3, Y: 3}
	carve := func(horizontalFirst bool) string {
		m, err := Carve(5, 5, nil, []events.Corridor{{From: from, To: to, HorizontalFirst: horizontalFirst}}, to)
		require.NoError(t, err)
		return m.String()
	}
	assert.Equal(t, "#####\n#...#\n###.#\n###>#\n#####\n", carve(true))
	assert.Equal(t, "#####\n#.###\n#.###\n#..>#\n#####\n", carve(false))
}

func TestCarveAcceptsOverlapsAndTheSmallestUsefulMap(t *testing.T) {
	t.Parallel()
	m, err := Carve(3, 3, []events.Rect{{X: 1, Y: 1, W: 1, H: 1}, {X: 1, Y: 1, W: 1, H: 1}},
		[]events.Corridor{{From: events.Pos{X: 1, Y: 1}, To: events.Pos{X: 1, Y: 1}}}, events.Pos{X: 1, Y: 1})
	require.NoError(t, err)
	assert.Equal(t, "###\n#>#\n###\n", m.String())
}

func TestCarveRefusesBadDescriptions(t *testing.T) {
	t.Parallel()
	room := events.Rect{X: 1, Y: 1, W: 3, H: 3}
	stairs := events.Pos{X: 2, Y: 2}
	tooMany := make([]events.Rect, events.MaxRooms+1)
	for i := range tooMany {
		tooMany[i] = room
	}
	tooManyCorridors := make([]events.Corridor, events.MaxRooms+1)
	for i := range tooManyCorridors {
		tooManyCorridors[i] = events.Corridor{From: stairs, To: stairs}
	}
	corridor := func(from, to events.Pos) []events.Corridor {
		return []events.Corridor{{From: from, To: to, HorizontalFirst: true}}
	}
	tests := []struct {
		name          string
		width, height int
		rooms         []events.Rect
		corridors     []events.Corridor
		stairs        events.Pos
		want          string
	}{
		{"a map of width zero is refused", 0, 10, nil, nil, stairs,
			"map size 0x10 is not within 1x1..255x255"},
		{"a map of negative height is refused", 10, -3, nil, nil, stairs,
			"map size 10x-3 is not within 1x1..255x255"},
		{"a map taller than 255 is refused", 10, 256, nil, nil, stairs,
			"map size 10x256 is not within 1x1..255x255"},
		{"more rooms than a level may hold are refused", 10, 10, tooMany, nil, stairs,
			"65 rooms, at most 64 allowed"},
		{"more corridors than a level may hold are refused", 10, 10, []events.Rect{room}, tooManyCorridors, stairs,
			"65 corridors, at most 64 allowed"},
		{"a room of no width is refused", 10, 10, []events.Rect{room, {X: 5, Y: 5, W: 0, H: 2}}, nil, stairs,
			"rooms[1] {X:5 Y:5 W:0 H:2}: width W=0 is below 1"},
		{"a room of negative height is refused", 10, 10, []events.Rect{{X: 5, Y: 5, W: 2, H: -1}}, nil, stairs,
			"rooms[0] {X:5 Y:5 W:2 H:-1}: height H=-1 is below 1"},
		{"a room on the left border is refused", 10, 10, []events.Rect{{X: 0, Y: 1, W: 3, H: 3}}, nil, stairs,
			"rooms[0] {X:0 Y:1 W:3 H:3}: X=0 is on or beyond the left border"},
		{"a room above the top border is refused", 10, 10, []events.Rect{{X: 1, Y: -4, W: 3, H: 3}}, nil, stairs,
			"rooms[0] {X:1 Y:-4 W:3 H:3}: Y=-4 is on or beyond the top border"},
		{"a room reaching the right border is refused", 10, 10, []events.Rect{{X: 6, Y: 1, W: 4, H: 3}}, nil, stairs,
			"rooms[0] {X:6 Y:1 W:4 H:3}: X=6 W=4 reach the right border (X+W must be at most 9)"},
		{"a room starting past the right edge is refused", 10, 10, []events.Rect{{X: math.MaxInt, Y: 1, W: math.MaxInt, H: 3}}, nil, stairs,
			strings.ReplaceAll("rooms[0] {X:MAX Y:1 W:MAX H:3}: X=MAX W=MAX reach the right border (X+W must be at most 9)", "MAX", strconv.Itoa(math.MaxInt))},
		{"a room reaching the bottom border is refused", 10, 10, []events.Rect{{X: 1, Y: 2, W: 3, H: 8}}, nil, stairs,
			"rooms[0] {X:1 Y:2 W:3 H:8}: Y=2 H=8 reach the bottom border (Y+H must be at most 9)"},
		{"a room too tall for any map is refused", 10, 10, []events.Rect{{X: 1, Y: 1, W: 3, H: math.MaxInt}}, nil, stairs,
			strings.ReplaceAll("rooms[0] {X:1 Y:1 W:3 H:MAX}: Y=1 H=MAX reach the bottom border (Y+H must be at most 9)", "MAX", strconv.Itoa(math.MaxInt))},
		{"a corridor starting on the border is refused", 10, 10, []events.Rect{room}, corridor(events.Pos{X: 0, Y: 2}, stairs), stairs,
			"corridors[0] {From:{X:0 Y:2} To:{X:2 Y:2} HorizontalFirst:true}: From (0,2) is not inside the border (x in 1..8, y in 1..8)"},
		{"a corridor ending outside the map is refused", 10, 10, []events.Rect{room}, corridor(stairs, events.Pos{X: 4, Y: 99}), stairs,
			"corridors[0] {From:{X:2 Y:2} To:{X:4 Y:99} HorizontalFirst:true}: To (4,99) is not inside the border (x in 1..8, y in 1..8)"},
		{"stairs outside the map are refused", 10, 10, []events.Rect{room}, nil, events.Pos{X: -1, Y: 2},
			"stairs (-1,2) are outside the 10x10 map"},
		{"stairs in the rock are refused", 10, 10, []events.Rect{room}, nil, events.Pos{X: 5, Y: 5},
			"stairs (5,5) are on wall, not on carved floor"},
		{"stairs on the border are refused", 10, 10, []events.Rect{room}, nil, events.Pos{X: 9, Y: 0},
			"stairs (9,0) are on wall, not on carved floor"},
		{"a map too small to carve has nowhere for the stairs", 2, 2, nil, nil, events.Pos{X: 1, Y: 1},
			"stairs (1,1) are on wall, not on carved floor"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Carve(tt.width, tt.height, tt.rooms, tt.corridors, tt.stairs)
			assert.Nil(t, m)
			require.Error(t, err)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

// FuzzCarve feeds Carve arbitrary small descriptions: it must never panic,
// and whatever it accepts keeps its border wall, has its stairs, and is
// the map the difference array gives.
func FuzzCarve(f *testing.F) {
	f.Add(20, 10, []byte{1, 1, 5, 5, 8, 2, 4, 4}, []byte{3, 3, 9, 4, 1}, 2, 2)
	f.Add(0, 0, []byte{}, []byte{}, 0, 0)
	f.Add(255, 255, []byte{0xff, 0x80, 0x7f, 1}, []byte{0x80, 0x80, 0x7f, 0x7f, 0}, 3, 3)
	f.Fuzz(func(t *testing.T, width, height int, rs, cs []byte, sx, sy int) {
		var rooms []events.Rect
		for ; len(rs) >= 4; rs = rs[4:] {
			rooms = append(rooms, events.Rect{X: int(int8(rs[0])), Y: int(int8(rs[1])), W: int(int8(rs[2])), H: int(int8(rs[3]))})
		}
		var corridors []events.Corridor
		for ; len(cs) >= 5; cs = cs[5:] {
			corridors = append(corridors, events.Corridor{
				From:            events.Pos{X: int(int8(cs[0])), Y: int(int8(cs[1]))},
				To:              events.Pos{X: int(int8(cs[2])), Y: int(int8(cs[3]))},
				HorizontalFirst: cs[4]&1 == 1,
			})
		}
		m, err := Carve(width, height, rooms, corridors, events.Pos{X: sx, Y: sy})
		if err != nil {
			return
		}
		assert.Equal(t, DownStairs, m.At(events.Pos{X: sx, Y: sy}))
		assertBorderIsWall(t, m)
		summed := &Map{Width: width, Height: height, Tiles: make([]Tile, width*height)}
		summed.sumRects(rooms, corridors)
		summed.Tiles[summed.Index(events.Pos{X: sx, Y: sy})] = DownStairs
		assert.Equal(t, summed.String(), m.String(), "filled and summed")
	})
}

func assertBorderIsWall(t *testing.T, m *Map) {
	t.Helper()
	for x := 0; x < m.Width; x++ {
		for _, y := range []int{0, m.Height - 1} {
			if !assert.Equal(t, Wall, m.At(events.Pos{X: x, Y: y}), "border tile (%d,%d)", x, y) {
				return
			}
		}
	}
	for y := 0; y < m.Height; y++ {
		for _, x := range []int{0, m.Width - 1} {
			if !assert.Equal(t, Wall, m.At(events.Pos{X: x, Y: y}), "border tile (%d,%d)", x, y) {
				return
			}
		}
	}
}

func TestCarveAcceptsARoomFillingTheWholeInside(t *testing.T) {
	t.Parallel()
	m, err := Carve(6, 4, []events.Rect{{X: 1, Y: 1, W: 4, H: 2}}, nil, events.Pos{X: 4, Y: 2})
	require.NoError(t, err)
	assert.Equal(t, "######\n#....#\n#...>#\n######\n", m.String())
}

func TestFillingAndSummingRectsGiveTheSameMap(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 200; seed++ {
		l := Generate(dice.New(seed, 0), levelWidth, levelHeight)
		// Overlapping rooms and corridors too: each room again, shifted.
		rooms := slices.Clone(l.Rooms)
		for _, r := range l.Rooms {
			r.X, r.Y = max(1, r.X-3), max(1, r.Y-2)
			rooms = append(rooms, r)
		}
		filled := &Map{Width: l.Width, Height: l.Height, Tiles: make([]Tile, l.Width*l.Height)}
		summed := &Map{Width: l.Width, Height: l.Height, Tiles: make([]Tile, l.Width*l.Height)}
		filled.fillRects(rooms, l.Corridors)
		summed.sumRects(rooms, l.Corridors)
		if !assert.Equal(t, summed.String(), filled.String(), "seed %d", seed) {
			return
		}
	}
}

func TestCarveSumsWhenTheRectsCoverTheMapManyTimes(t *testing.T) {
	t.Parallel()
	whole := events.Rect{X: 1, Y: 1, W: 4, H: 2}
	rooms := []events.Rect{whole, whole, whole, whole, whole, {X: 2, Y: 1, W: 1, H: 1}}
	m, err := Carve(6, 4, rooms, nil, events.Pos{X: 4, Y: 2})
	require.NoError(t, err)
	assert.Equal(t, "######\n#....#\n#...>#\n######\n", m.String())
}

func TestCarveIntoReusesTheMapItIsGiven(t *testing.T) {
	t.Parallel()
	big, err := Carve(13, 8, []events.Rect{{X: 1, Y: 1, W: 11, H: 6}}, nil, events.Pos{X: 1, Y: 1})
	require.NoError(t, err)
	small, err := CarveInto(big, 6, 4, []events.Rect{{X: 1, Y: 1, W: 4, H: 2}}, nil, events.Pos{X: 4, Y: 2})
	require.NoError(t, err)
	assert.Same(t, big, small, "the tiles fit: the same map")
	assert.Equal(t, "######\n#....#\n#...>#\n######\n", small.String())

	tiny, err := Carve(3, 3, []events.Rect{{X: 1, Y: 1, W: 1, H: 1}}, nil, events.Pos{X: 1, Y: 1})
	require.NoError(t, err)
	grown, err := CarveInto(tiny, 6, 4, []events.Rect{{X: 1, Y: 1, W: 4, H: 2}}, nil, events.Pos{X: 4, Y: 2})
	require.NoError(t, err)
	assert.NotSame(t, tiny, grown, "the tiles do not fit: a new map")
	assert.Equal(t, "######\n#....#\n#...>#\n######\n", grown.String())
	assert.Equal(t, "###\n#>#\n###\n", tiny.String(), "the map given is untouched")
}

func TestCarveIntoLeavesTheMapAsItWasOnAnError(t *testing.T) {
	t.Parallel()
	m, err := Carve(6, 4, []events.Rect{{X: 1, Y: 1, W: 4, H: 2}}, nil, events.Pos{X: 4, Y: 2})
	require.NoError(t, err)
	before := m.String()
	_, err = CarveInto(m, 6, 4, []events.Rect{{X: 1, Y: 1, W: 1, H: 1}}, nil, events.Pos{X: 4, Y: 2})
	require.EqualError(t, err, "stairs (4,2) are on wall, not on carved floor")
	_, err = CarveInto(m, 6, 4, []events.Rect{{X: 1, Y: 1, W: 1, H: 1}}, nil, events.Pos{X: 9, Y: 2})
	require.EqualError(t, err, "stairs (9,2) are outside the 6x4 map")
	assert.Equal(t, before, m.String())
}
