package dungeon

import (
	"testing"

	"rogue/reducer/dice"
)

func BenchmarkGenerate(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Generate(dice.New(uint64(i), 0), levelWidth, levelHeight)
	}
}

func BenchmarkCarve(b *testing.B) {
	l := Generate(dice.New(1, 0), levelWidth, levelHeight)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Carve(l.Width, l.Height, l.Rooms, l.Corridors, l.Stairs); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCarveInto carves a level into the storage of the one before,
// as the fold does when it enters a level.
func BenchmarkCarveInto(b *testing.B) {
	l := Generate(dice.New(1, 0), levelWidth, levelHeight)
	m, err := Carve(l.Width, l.Height, l.Rooms, l.Corridors, l.Stairs)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if m, err = CarveInto(m, l.Width, l.Height, l.Rooms, l.Corridors, l.Stairs); err != nil {
			b.Fatal(err)
		}
	}
}
