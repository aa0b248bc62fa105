package reducer

import (
	"testing"

	"rogue/events"
)

// BenchmarkFoldLevel folds the turn that enters a level and fills it: the
// level carved into the last one's storage, then 54 rats and 54 daggers
// spawned on its second room, in ns a spawn (the level's entry shared
// among them). On a deep level of a long game this is most of the fold.
func BenchmarkFoldLevel(b *testing.B) {
	s := arena(b)
	rat, dagger := code(b, "Rat"), code(b, "Dagger")
	lv := s.Level
	lv.Depth = 2
	facts := []events.Fact{&lv}
	var spawns []*events.Spawned
	for y := 1; y < 10; y++ {
		for x := 12; x < 18; x++ {
			spawns = append(spawns, &events.Spawned{Kind: rat, Pos: at(x, y), HP: 3}, &events.Spawned{Kind: dagger, Pos: at(x, y)})
		}
	}
	for _, f := range spawns {
		facts = append(facts, f)
	}
	t := events.Turn{Command: &events.Wait{}, Facts: facts}
	for b.Loop() {
		for k, f := range spawns {
			f.ID = s.NextID + events.EntityID(k)
		}
		if err := s.ApplyTurn(&t); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(spawns)), "ns/spawn")
}
