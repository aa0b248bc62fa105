package auto

import (
	"testing"

	"rogue/events"
)

// BenchmarkExploreNext is one step of exploring: the walk to the nearest
// unexplored place planned afresh, as the play loop asks after each turn.
func BenchmarkExploreNext(b *testing.B) {
	s := begun(b, 7)
	alone(b, s)
	mem := &Memory{}
	j, why := Start(Explore, 0, s, mem)
	if j == nil {
		b.Fatal(why)
	}
	b.ReportAllocs()
	for b.Loop() {
		j.steps, j.entered = 0, nil
		if cmd, reason := j.Next(s); cmd == nil {
			b.Fatal(reason)
		} else if _, ok := cmd.(*events.Move); !ok {
			b.Fatalf("%T", cmd)
		}
	}
}
