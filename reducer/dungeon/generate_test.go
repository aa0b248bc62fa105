package dungeon

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/dice"
)

// The game's level size (reducer/content/data/rules.json).
const levelWidth, levelHeight = 80, 50

func TestGeneratedLevelsKeepTheirPromises(t *testing.T) {
	t.Parallel()
	for seed := uint64(0); seed < 500; seed++ {
		rng := dice.New(seed, 0)
		l := Generate(rng, levelWidth, levelHeight)
		if !checkLayout(t, seed, l) {
			return
		}
		// 30 attempts of four draws, one more per corridor: nothing else.
		assert.Equal(t, uint64(4*RoomAttempts+len(l.Corridors)), rng.Drawn, "seed %d", seed)
	}
}

func TestGenerateWorksOnTheSmallestMapsItAccepts(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{MinGenLong, MinGenSide}, {MinGenSide, MinGenLong}} {
		for seed := uint64(0); seed < 300; seed++ {
			rng := dice.New(seed, 0)
			l := Generate(rng, size[0], size[1])
			if !checkLayout(t, seed, l) {
				return
			}
			extra := rng.Drawn > uint64(4*RoomAttempts+len(l.Corridors))
			if extra {
				// Attempts beyond 30 stop at the second room.
				assert.Len(t, l.Rooms, 2, "seed %d", seed)
				assert.Equal(t, uint64(1), rng.Drawn%4, "seed %d: whole attempts plus one corridor", seed)
			}
		}
	}
}

// checkLayout asserts every invariant of a generated layout; it reports
// whether they all held.
func checkLayout(t *testing.T, seed uint64, l Layout) bool {
	t.Helper()
	ok := assert.GreaterOrEqual(t, len(l.Rooms), 2, "seed %d: rooms", seed) &&
		assert.LessOrEqual(t, len(l.Rooms), RoomAttempts, "seed %d: rooms", seed) &&
		assert.LessOrEqual(t, len(l.Rooms), events.MaxRooms, "seed %d: rooms", seed) &&
		assert.Len(t, l.Corridors, len(l.Rooms)-1, "seed %d: corridors", seed)
	if !ok {
		return false
	}
	for i, r := range l.Rooms {
		ok = ok && assert.True(t, r.W >= MinRoomSide && r.W <= MaxRoomSide && r.H >= MinRoomSide && r.H <= MaxRoomSide,
			"seed %d: room %d is %dx%d", seed, i, r.W, r.H)
		for j := range i {
			ok = ok && assert.False(t, touches(r, l.Rooms[j]), "seed %d: rooms %d and %d touch", seed, j, i)
		}
	}
	for i, c := range l.Corridors {
		ok = ok && assert.Equal(t, l.Rooms[i].Center(), c.From, "seed %d: corridor %d", seed, i) &&
			assert.Equal(t, l.Rooms[i+1].Center(), c.To, "seed %d: corridor %d", seed, i)
	}
	ok = ok && assert.Equal(t, l.Rooms[0].Center(), l.Start, "seed %d", seed) &&
		assert.Equal(t, l.Rooms[len(l.Rooms)-1].Center(), l.Stairs, "seed %d", seed)
	m, err := Carve(l.Width, l.Height, l.Rooms, l.Corridors, l.Stairs)
	if !assert.NoError(t, err, "seed %d", seed) {
		return false
	}
	ok = ok && assert.Equal(t, Floor, m.At(l.Start), "seed %d: start", seed) &&
		assert.Equal(t, DownStairs, m.At(l.Stairs), "seed %d: stairs", seed)
	assertBorderIsWall(t, m)
	reached, walkable := floodFill(m, l.Start)
	return ok && assert.Equal(t, walkable, reached, "seed %d: walkable tiles reached from the start\n%s", seed, m) && !t.Failed()
}

// floodFill counts the walkable tiles reachable from start by 8-way
// steps, and all the walkable tiles.
func floodFill(m *Map, start events.Pos) (reached, walkable int) {
	seen := make([]bool, len(m.Tiles))
	stack := []events.Pos{start}
	seen[m.Index(start)] = true
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		reached++
		for d := events.Dir(0); d < events.NumDirs; d++ {
			q := p.Add(d)
			if m.Walkable(q) && !seen[m.Index(q)] {
				seen[m.Index(q)] = true
				stack = append(stack, q)
			}
		}
	}
	for _, tile := range m.Tiles {
		if tile.Walkable() {
			walkable++
		}
	}
	return reached, walkable
}

func TestTheSameSeedGivesTheSameLevel(t *testing.T) {
	t.Parallel()
	for seed := uint64(0); seed < 20; seed++ {
		assert.Equal(t, Generate(dice.New(seed, 0), levelWidth, levelHeight), Generate(dice.New(seed, 0), levelWidth, levelHeight))
	}
	assert.NotEqual(t, Generate(dice.New(1, 0), levelWidth, levelHeight), Generate(dice.New(2, 0), levelWidth, levelHeight))
	// The stream's position matters, not only its seed.
	assert.NotEqual(t, Generate(dice.New(1, 0), levelWidth, levelHeight), Generate(dice.New(1, 1), levelWidth, levelHeight))
}

// A pinned level: the draw order defines every game, so a change to it
// must show up here (and bump the rules version).
func TestGenerateIsPinnedForOneSeed(t *testing.T) {
	t.Parallel()
	l := Generate(dice.New(42, 0), 40, 20)
	assert.Equal(t, Layout{
		Width: 40, Height: 20,
		Rooms: []events.Rect{{X: 9, Y: 5, W: 9, H: 6}, {X: 21, Y: 3, W: 8, H: 8}, {X: 22, Y: 13, W: 8, H: 6}, {X: 8, Y: 13, W: 10, H: 6}},
		Corridors: []events.Corridor{
			{From: events.Pos{X: 13, Y: 7}, To: events.Pos{X: 24, Y: 6}, HorizontalFirst: false},
			{From: events.Pos{X: 24, Y: 6}, To: events.Pos{X: 25, Y: 15}, HorizontalFirst: false},
			{From: events.Pos{X: 25, Y: 15}, To: events.Pos{X: 12, Y: 15}, HorizontalFirst: true},
		},
		Stairs: events.Pos{X: 12, Y: 15},
		Start:  events.Pos{X: 13, Y: 7},
	}, l)
	m, err := Carve(l.Width, l.Height, l.Rooms, l.Corridors, l.Stairs)
	require.NoError(t, err)
	assert.Equal(t, strings.Join([]string{
		"########################################",
		"########################################",
		"########################################",
		"#####################........###########",
		"#####################........###########",
		"#########.........###........###########",
		"#########....................###########",
		"#########.........###........###########",
		"#########.........###........###########",
		"#########.........###........###########",
		"#########.........###........###########",
		"########################.###############",
		"########################.###############",
		"########..........####........##########",
		"########..........####........##########",
		"########....>.................##########",
		"########..........####........##########",
		"########..........####........##########",
		"########..........####........##########",
		"########################################",
	}, "\n")+"\n", m.String())
}

func TestGenerateRefusesSizesWhereTwoRoomsMayNotFit(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{24, 24}, {11, 80}, {80, 11}, {256, 50}, {0, 0}} {
		assert.False(t, CanGenerate(size[0], size[1]), "%dx%d", size[0], size[1])
		assert.PanicsWithValue(t, fmt.Sprintf("dungeon.Generate: cannot generate a %dx%d map", size[0], size[1]), func() {
			Generate(dice.New(1, 0), size[0], size[1])
		})
	}
	for _, size := range [][2]int{{25, 12}, {12, 25}, {80, 50}, {255, 255}} {
		assert.True(t, CanGenerate(size[0], size[1]), "%dx%d", size[0], size[1])
	}
}

func TestRoomsTouchWhenNoWallLiesBetweenThem(t *testing.T) {
	t.Parallel()
	a := events.Rect{X: 5, Y: 5, W: 3, H: 3} // tiles 5..7
	tests := []struct {
		name string
		b    events.Rect
		want bool
	}{
		{"a room overlapping it touches it", events.Rect{X: 6, Y: 6, W: 3, H: 3}, true},
		{"a room right beside it touches it", events.Rect{X: 8, Y: 5, W: 3, H: 3}, true},
		{"a room right above it touches it", events.Rect{X: 5, Y: 2, W: 3, H: 3}, true},
		{"a room diagonally against its corner touches it", events.Rect{X: 8, Y: 8, W: 2, H: 2}, true},
		{"a room one wall away to the right does not touch it", events.Rect{X: 9, Y: 5, W: 3, H: 3}, false},
		{"a room one wall away to the left does not touch it", events.Rect{X: 1, Y: 5, W: 3, H: 3}, false},
		{"a room one wall away diagonally does not touch it", events.Rect{X: 9, Y: 9, W: 2, H: 2}, false},
		{"a room one wall away below does not touch it", events.Rect{X: 5, Y: 9, W: 3, H: 3}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, touches(a, tt.b))
			assert.Equal(t, tt.want, touches(tt.b, a), "touching is symmetric")
		})
	}
}
