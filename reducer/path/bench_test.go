package path

import (
	"testing"

	"rogue/events"
	"rogue/reducer/dice"
	"rogue/reducer/dungeon"
)

// farRooms returns a generated 80x50 level and the centres of its two
// rooms farthest apart.
func farRooms(b *testing.B) (*dungeon.Map, events.Pos, events.Pos) {
	l := dungeon.Generate(dice.New(1, 0), 80, 50)
	m, err := dungeon.Carve(l.Width, l.Height, l.Rooms, l.Corridors, l.Stairs)
	if err != nil {
		b.Fatal(err)
	}
	var from, to events.Pos
	best := -1
	for i, a := range l.Rooms {
		for _, c := range l.Rooms[i+1:] {
			if d := heuristic(a.Center(), c.Center()); d > best {
				best, from, to = d, a.Center(), c.Center()
			}
		}
	}
	return m, from, to
}

func BenchmarkFinderNextStep(b *testing.B) {
	m, from, to := farRooms(b)
	f := NewFinder(m.Width, m.Height)
	passable := m.Walkable
	if _, ok := f.NextStep(passable, from, to, 0); !ok {
		b.Fatal("no path")
	}
	b.ReportAllocs()
	for b.Loop() {
		f.NextStep(passable, from, to, 0)
	}
}

// BenchmarkNextStep is the convenience function, which allocates a Finder
// per call.
func BenchmarkNextStep(b *testing.B) {
	m, from, to := farRooms(b)
	passable := m.Walkable
	b.ReportAllocs()
	for b.Loop() {
		NextStep(m.Width, m.Height, passable, from, to, 0)
	}
}

// BenchmarkFinderNextStepInSight is the common case: a monster chasing a
// player it sees, across one room.
func BenchmarkFinderNextStepInSight(b *testing.B) {
	l := dungeon.Generate(dice.New(1, 0), 80, 50)
	m, err := dungeon.Carve(l.Width, l.Height, l.Rooms, l.Corridors, l.Stairs)
	if err != nil {
		b.Fatal(err)
	}
	r := l.Rooms[0]
	from, to := events.Pos{X: r.X, Y: r.Y}, events.Pos{X: r.X + r.W - 1, Y: r.Y + r.H - 1}
	f := NewFinder(m.Width, m.Height)
	passable := m.Walkable
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := f.NextStep(passable, from, to, 0); !ok {
			b.Fatal("no path")
		}
	}
}

// BenchmarkFinderNewLevel is a search on a level other than the last
// search's, as after the player takes the stairs: the finder's bits of
// the map change nearly everywhere.
func BenchmarkFinderNewLevel(b *testing.B) {
	var walls [2][]uint64
	for k := range walls {
		l := dungeon.Generate(dice.New(uint64(k+1), 0), 80, 50)
		m, err := dungeon.Carve(l.Width, l.Height, l.Rooms, l.Corridors, l.Stairs)
		if err != nil {
			b.Fatal(err)
		}
		walls[k] = m.Walls()
	}
	taken := make([]uint64, len(walls[0]))
	f := NewFinder(80, 50)
	from, to := events.Pos{X: 1, Y: 1}, events.Pos{X: 78, Y: 48}
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		f.NextStepBits(walls[k], taken, from, to, 1)
		k ^= 1
	}
}
