package fov

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"rogue/events"
)

// hasDiscByTiles is HasDisc tile by tile.
func hasDiscByTiles(s *Set, origin events.Pos, radius int) bool {
	radius = min(max(radius, 0), s.w+s.h)
	for y := range s.h {
		for x := range s.w {
			dx, dy := x-origin.X, y-origin.Y
			if dx*dx+dy*dy <= radius*radius+radius && !s.Has(pos(x, y)) {
				return false
			}
		}
	}
	return true
}

// HasDisc agrees with a test of every tile, on sets of every shape
// (rows across word boundaries, discs cut by the map's edges, origins
// off the map), full or with a tile missing at random, and a field of
// view is always within its disc.
func TestHasDiscIsEveryTileOfTheDiscOnTheMap(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		w, h := 1+rng.IntN(140), 1+rng.IntN(40)
		s := NewSet(w, h)
		origin := pos(rng.IntN(w+20)-10, rng.IntN(h+20)-10)
		radius := rng.IntN(12) - 1
		for y := range h {
			for x := range w {
				if rng.IntN(8) != 0 {
					s.Add(pos(x, y))
				}
			}
		}
		if rng.IntN(2) == 0 {
			Compute(s, func(events.Pos) bool { return false }, origin, radius)
		}
		if rng.IntN(3) == 0 {
			for y := range h {
				for x := range w {
					s.Add(pos(x, y))
				}
			}
			s.words[rng.IntN(len(s.words))] &^= 1 << rng.IntN(64)
		}
		assert.Equal(t, hasDiscByTiles(s, origin, radius), s.HasDisc(origin, radius), "%dx%d from %v radius %d", w, h, origin, radius)
	}
}

// A field of view is within its disc, which a view over open ground is
// all of: what lets a set holding the disc skip computing the view.
func TestAFieldOfViewIsWithinItsDisc(t *testing.T) {
	t.Parallel()
	g, origin := parse(
		"..........#......",
		"....#............",
		".................",
		"........@........",
		"...##............",
		".................",
	)
	for radius := -1; radius <= 10; radius++ {
		view, disc := NewSet(g.w, g.h), NewSet(g.w, g.h)
		Compute(view, g.opaque, origin, radius)
		Compute(disc, func(events.Pos) bool { return false }, origin, radius)
		assert.True(t, disc.HasDisc(origin, radius), "radius %d: open ground sees its whole disc", radius)
		want := disc.Count()
		disc.Union(view)
		assert.Equal(t, want, disc.Count(), "radius %d: the view adds nothing to its disc", radius)
	}
}

// AddDisc adds exactly the disc's tiles on the map, and that is the view
// from its centre over open ground: on maps of every shape, from origins
// on and off them, with tiles already there or not.
func TestAddDiscAddsTheViewOverOpenGround(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		w, h := 1+rng.IntN(140), 1+rng.IntN(40)
		origin := pos(rng.IntN(w+20)-10, rng.IntN(h+20)-10)
		radius := rng.IntN(12) - 1
		before := NewSet(w, h)
		for range rng.IntN(50) {
			before.Add(pos(rng.IntN(w), rng.IntN(h)))
		}
		got := before.Clone()
		got.AddDisc(origin, radius)
		want := NewSet(w, h)
		Compute(want, func(p events.Pos) bool { return p.X < 0 || p.X >= w || p.Y < 0 || p.Y >= h }, origin, radius)
		want.Union(before)
		assert.Equal(t, want.Words(), got.Words(), "%dx%d from %v radius %d", w, h, origin, radius)
	}
}

// Where every tile of a disc is transparent or on the map's outer ring
// (walls with no map behind them), the view from its centre is the disc:
// on open maps of every size from every tile, and on maps with walls
// about, from every tile whose disc holds none of them.
func TestTheViewOverADiscThatOnlyTheMapsEdgeBoundsIsTheDisc(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	checked := 0
	for i := range 1500 {
		w, h := 3+rng.IntN(40), 3+rng.IntN(30)
		density := 0
		if i%3 != 0 {
			density = 1 + rng.IntN(12) // walls in a hundred
		}
		wall := make([]bool, w*h)
		for k := range wall {
			wall[k] = rng.IntN(100) < density
		}
		edge := func(p events.Pos) bool { return p.X <= 0 || p.Y <= 0 || p.X >= w-1 || p.Y >= h-1 }
		opaque := func(p events.Pos) bool { return edge(p) || wall[p.Y*w+p.X] }
		clear := NewSet(w, h)
		for y := range h {
			for x := range w {
				if edge(pos(x, y)) || !opaque(pos(x, y)) {
					clear.Add(pos(x, y))
				}
			}
		}
		radius := rng.IntN(11)
		for y := 1; y < h-1; y++ {
			for x := 1; x < w-1; x++ {
				origin := pos(x, y)
				if opaque(origin) || !clear.HasDisc(origin, radius) {
					continue
				}
				checked++
				view, disc := NewSet(w, h), NewSet(w, h)
				Compute(view, opaque, origin, radius)
				disc.AddDisc(origin, radius)
				if !assert.Equal(t, disc.Words(), view.Words(), "%dx%d from %v radius %d", w, h, origin, radius) {
					return
				}
			}
		}
	}
	assert.Greater(t, checked, 100000)
}
