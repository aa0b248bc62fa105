package fov

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/dice"
	"rogue/reducer/dungeon"
)

func open(w, h int) grid {
	row := strings.Repeat(".", w)
	rows := make([]string, h)
	for i := range rows {
		rows[i] = row
	}
	g, _ := parse(rows...)
	return g
}

func TestAnOpenFloorShowsADisc(t *testing.T) {
	t.Parallel()
	g := open(11, 11)
	assert.Equal(t, lines(
		"           ",
		"   .....   ",
		"  .......  ",
		" ......... ",
		" ......... ",
		" ....@.... ",
		" ......... ",
		" ......... ",
		"  .......  ",
		"   .....   ",
		"           ",
	), g.see(events.Pos{X: 5, Y: 5}, 4))
}

func TestTheDiscHoldsExactlyTheTilesWithinRadiusAndAHalf(t *testing.T) {
	t.Parallel()
	g := open(41, 41)
	origin := events.Pos{X: 20, Y: 20}
	for _, r := range []int{1, 2, 3, 5, 8, 13, 19} {
		s := NewSet(g.w, g.h)
		Compute(s, g.opaque, origin, r)
		want := NewSet(g.w, g.h)
		for y := 0; y < g.h; y++ {
			for x := 0; x < g.w; x++ {
				dx, dy := x-origin.X, y-origin.Y
				if dx*dx+dy*dy <= r*r+r {
					want.Add(events.Pos{X: x, Y: y})
				}
			}
		}
		assert.Equal(t, want, s, "radius %d", r)
	}
}

func TestTheRadiusLimitsTheView(t *testing.T) {
	t.Parallel()
	g := open(41, 41)
	o := events.Pos{X: 20, Y: 20}
	s := NewSet(g.w, g.h)
	Compute(s, g.opaque, o, 8)
	tests := []struct {
		name   string
		dx, dy int
		want   bool
	}{
		{"eight tiles east is in view", 8, 0, true},
		{"nine tiles east is out of view", 9, 0, false},
		{"(8,2) away, 68 <= 72, is in view", 8, 2, true},
		{"(8,3) away, 73 > 72, is out of view", 8, 3, false},
		{"(6,6) away, 72 <= 72, is in view", -6, 6, true},
		{"(7,5) away, 74 > 72, is out of view", 7, -5, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, s.Has(events.Pos{X: o.X + tt.dx, Y: o.Y + tt.dy}))
		})
	}
}

func TestARadiusOfZeroOrLessSeesOnlyTheViewer(t *testing.T) {
	t.Parallel()
	g := open(5, 5)
	o := events.Pos{X: 2, Y: 2}
	for _, r := range []int{0, -1, math.MinInt} {
		s := NewSet(5, 5)
		Compute(s, g.opaque, o, r)
		assert.Equal(t, 1, s.Count(), "radius %d", r)
		assert.True(t, s.Has(o))
	}
}

func TestAHugeRadiusSeesTheWholeOpenMap(t *testing.T) {
	t.Parallel()
	g := open(7, 3)
	s := NewSet(7, 3)
	Compute(s, g.opaque, events.Pos{X: 0, Y: 0}, math.MaxInt)
	assert.Equal(t, 21, s.Count())
}

func TestAViewerOffTheMapSeesNothingAndTheOldViewIsCleared(t *testing.T) {
	t.Parallel()
	g := open(5, 5)
	s := NewSet(5, 5)
	Compute(s, g.opaque, events.Pos{X: 2, Y: 2}, 3)
	assert.NotZero(t, s.Count())
	Compute(s, g.opaque, events.Pos{X: 5, Y: 2}, 3)
	assert.Zero(t, s.Count())
}

func TestAPillarCastsAShadow(t *testing.T) {
	t.Parallel()
	g, o := parse(
		"...........",
		"...........",
		"...........",
		"...........",
		"...@.#.....",
		"...........",
		"...........",
		"...........",
		"...........",
	)
	assert.Equal(t, lines(
		"...........",
		"...........",
		"...........",
		"........   ",
		"...@.#     ",
		"........   ",
		"...........",
		"...........",
		"...........",
	), g.see(o, 20))
}

func TestWallsBlockTheViewAndAreSeen(t *testing.T) {
	t.Parallel()
	g, o := parse(
		"##########",
		"#........#",
		"#..@.....#",
		"##########",
		"#........#",
		"##########",
	)
	assert.Equal(t, lines(
		"##########",
		"#........#",
		"#..@.....#",
		"##########",
		"          ",
		"          ",
	), g.see(o, 20))
}

// Symmetric shadowcasting is narrow through a gap: a floor tile is seen
// only when its centre lies within the beam.
func TestADoorwayLetsANarrowBeamThrough(t *testing.T) {
	t.Parallel()
	g, o := parse(
		"##########",
		"#........#",
		"#..@.....#",
		"#........#",
		"######.###",
		"#........#",
		"#........#",
		"##########",
	)
	assert.Equal(t, lines(
		"##########",
		"#........#",
		"#..@.....#",
		"#........#",
		"######.###",
		"       .  ",
		"         #",
		"          ",
	), g.see(o, 20))
}

func TestTheViewerSeesAlongACorridorButNotRoundItsCorner(t *testing.T) {
	t.Parallel()
	g, o := parse(
		"#########",
		"#@......#",
		"#######.#",
		"#######.#",
		"#########",
	)
	assert.Equal(t, lines(
		"#########",
		"#@......#",
		"####### #",
		"         ",
		"         ",
	), g.see(o, 20))
}

func TestTheViewIsSymmetric(t *testing.T) {
	t.Parallel()
	// Property: on random maps, for floor tiles A and B, A sees B exactly
	// when B sees A. Maps of varied density, sizes and radii.
	rng := dice.New(2024, 0)
	for m := 0; m < 40; m++ {
		w, h := rng.Range(8, 40), rng.Range(8, 30)
		density := rng.Range(5, 45) // percent of walls
		g := grid{w: w, h: h, wall: make([]bool, w*h)}
		for i := range g.wall {
			g.wall[i] = rng.Intn(100) < density
		}
		radius := rng.Range(2, 12)
		views := make([]*Set, w*h)
		for i := range views {
			if !g.wall[i] {
				views[i] = NewSet(w, h)
				Compute(views[i], g.opaque, events.Pos{X: i % w, Y: i / w}, radius)
			}
		}
		for a := range views {
			for b := range views {
				if views[a] == nil || views[b] == nil {
					continue
				}
				pa, pb := events.Pos{X: a % w, Y: a / w}, events.Pos{X: b % w, Y: b / w}
				if views[a].Has(pb) != views[b].Has(pa) {
					t.Fatalf("map %d (%dx%d, radius %d): %v sees %v is %t, but %v sees %v is %t",
						m, w, h, radius, pa, pb, views[a].Has(pb), pb, pa, views[b].Has(pa))
				}
			}
		}
	}
}

func TestTheViewIsSymmetricOnGeneratedLevels(t *testing.T) {
	t.Parallel()
	for seed := uint64(0); seed < 3; seed++ {
		l := dungeon.Generate(dice.New(seed, 0), 80, 50)
		m, err := dungeon.Carve(l.Width, l.Height, l.Rooms, l.Corridors, l.Stairs)
		require.NoError(t, err)
		views := make([]*Set, len(m.Tiles))
		for i := range views {
			if p := (events.Pos{X: i % m.Width, Y: i / m.Width}); m.Walkable(p) {
				views[i] = NewSet(m.Width, m.Height)
				Compute(views[i], m.Opaque, p, 8)
			}
		}
		for a := range views {
			for b := range views {
				if views[a] == nil || views[b] == nil {
					continue
				}
				pa, pb := events.Pos{X: a % m.Width, Y: a / m.Width}, events.Pos{X: b % m.Width, Y: b / m.Width}
				if views[a].Has(pb) != views[b].Has(pa) {
					t.Fatalf("seed %d: %v sees %v is %t, but %v sees %v is %t",
						seed, pa, pb, views[a].Has(pb), pb, pa, views[b].Has(pa))
				}
			}
		}
	}
}

// Property: from every tile of random maps and of generated levels (and
// from off the map), the view through wall bits is the view through the
// question, at every radius.
func TestTheViewThroughWallBitsIsTheViewThroughTheQuestion(t *testing.T) {
	t.Parallel()
	rng := dice.New(77, 0)
	for m := 0; m < 30; m++ {
		w, h := rng.Range(1, 70), rng.Range(1, 30)
		g := grid{w: w, h: h, wall: make([]bool, w*h)}
		walls := make([]uint64, (w*h+63)/64)
		density := rng.Range(0, 50)
		for i := range g.wall {
			if g.wall[i] = rng.Intn(100) < density; g.wall[i] {
				walls[i>>6] |= 1 << (i & 63)
			}
		}
		radius := rng.Range(-1, 14)
		want, got := NewSet(w, h), NewSet(w, h)
		for y := -1; y <= h; y++ {
			for x := -1; x <= w; x++ {
				o := events.Pos{X: x, Y: y}
				Compute(want, g.opaque, o, radius)
				ComputeWalls(got, walls, o, radius)
				require.Equal(t, want.Words(), got.Words(), "map %d (%dx%d), from %v, radius %d", m, w, h, o, radius)
			}
		}
	}
	for seed := uint64(0); seed < 3; seed++ {
		l := dungeon.Generate(dice.New(seed, 0), 80, 50)
		m, err := dungeon.Carve(l.Width, l.Height, l.Rooms, l.Corridors, l.Stairs)
		require.NoError(t, err)
		want, got := NewSet(m.Width, m.Height), NewSet(m.Width, m.Height)
		for i := range m.Tiles {
			o := events.Pos{X: i % m.Width, Y: i / m.Width}
			Compute(want, m.Opaque, o, 8)
			ComputeWalls(got, m.Walls(), o, 8)
			require.Equal(t, want.Words(), got.Words(), "seed %d, from %v", seed, o)
		}
	}
}

func TestMissingWallBitsAreWalls(t *testing.T) {
	t.Parallel()
	// A 10x10 map with one word of bits, all 0: its first 64 tiles are
	// floor, the other 36 walls.
	opaque := func(p events.Pos) bool {
		return p.X < 0 || p.X >= 10 || p.Y < 0 || p.Y >= 10 || p.Y*10+p.X >= 64
	}
	want, got := NewSet(10, 10), NewSet(10, 10)
	for _, o := range []events.Pos{{X: 3, Y: 3}, {X: 5, Y: 6}, {X: 8, Y: 8}} {
		Compute(want, opaque, o, 6)
		ComputeWalls(got, []uint64{0}, o, 6)
		assert.Equal(t, want.Words(), got.Words(), "from %v", o)
	}
}

// Property: on random maps, a view built a quadrant at a time, in a
// random order, is ComputeWalls's view once all four are in; and asking
// about one tile needs only the quadrants Quadrants names: with those in,
// the tile is in the view exactly when it is in the whole view.
func TestAViewBuiltAQuadrantAtATimeIsTheWholeView(t *testing.T) {
	t.Parallel()
	rng := dice.New(5, 0)
	for m := 0; m < 15; m++ {
		w, h := rng.Range(1, 50), rng.Range(1, 30)
		walls := make([]uint64, (w*h+63)/64)
		density := rng.Range(0, 50)
		for i := range w * h {
			if rng.Intn(100) < density {
				walls[i>>6] |= 1 << (i & 63)
			}
		}
		radius := rng.Range(-1, 12)
		whole, part := NewSet(w, h), NewSet(w, h)
		for k := 0; k < 8; k++ {
			o := events.Pos{X: rng.Range(-1, w), Y: rng.Range(-1, h)}
			ComputeWalls(whole, walls, o, radius)
			part.Clear()
			order := []uint8{1, 2, 4, 8}
			for i := len(order) - 1; i > 0; i-- {
				j := rng.Intn(i + 1)
				order[i], order[j] = order[j], order[i]
			}
			for _, q := range order {
				AddQuadrants(part, walls, o, radius, q)
			}
			require.Equal(t, whole.Words(), part.Words(), "map %d (%dx%d), from %v, radius %d", m, w, h, o, radius)
			for y := range h {
				for x := range w {
					p := events.Pos{X: x, Y: y}
					part.Clear()
					AddQuadrants(part, walls, o, radius, Quadrants(o, p))
					require.Equal(t, whole.Has(p), part.Has(p), "map %d, from %v, tile %v", m, o, p)
				}
			}
		}
	}
}

func TestEachTileButTheOriginIsInOneOrTwoQuadrants(t *testing.T) {
	t.Parallel()
	o := events.Pos{X: 5, Y: 5}
	tests := []struct {
		name string
		p    events.Pos
		want uint8
	}{
		{"the origin is in none", o, 0},
		{"a tile due north is in the north one", events.Pos{X: 5, Y: 1}, 1},
		{"a tile north-east on the diagonal is in north and east", events.Pos{X: 8, Y: 2}, 1 | 2},
		{"a tile east, a little south, is in the east one", events.Pos{X: 9, Y: 7}, 2},
		{"a tile south-west on the diagonal is in south and west", events.Pos{X: 3, Y: 7}, 4 | 8},
		{"a tile west, a little north, is in the west one", events.Pos{X: 0, Y: 3}, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Quadrants(o, tt.p))
		})
	}
}
