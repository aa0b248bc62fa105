package fov

import (
	"testing"

	"rogue/events"
	"rogue/reducer/dice"
	"rogue/reducer/dungeon"
)

// BenchmarkCompute is one radius-8 view from each room centre of a
// generated 80x50 level, in turn.
func BenchmarkCompute(b *testing.B) {
	l := dungeon.Generate(dice.New(1, 0), 80, 50)
	m, err := dungeon.Carve(l.Width, l.Height, l.Rooms, l.Corridors, l.Stairs)
	if err != nil {
		b.Fatal(err)
	}
	var origins []events.Pos
	for _, r := range l.Rooms {
		origins = append(origins, r.Center())
	}
	s := NewSet(m.Width, m.Height)
	opaque := m.Opaque
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Compute(s, opaque, origins[i%len(origins)], 8)
	}
}
