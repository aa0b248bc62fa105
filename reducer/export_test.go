package reducer

import (
	"fmt"

	"rogue/events"
)

// CheckHolding reports an error if an actor's count of the items it holds
// is not the count of the items naming it as their holder.
func CheckHolding(s *State) error {
	want := make(map[int]int, len(s.Entity))
	for i := range s.Entity {
		if h := s.Entity[i].Holder; h != 0 {
			want[s.find(h)]++
		}
	}
	for i := range s.Entity {
		if e := &s.Entity[i]; e.holding != want[i] {
			return fmt.Errorf("entity %d holds %d items, its count says %d", e.ID, want[i], e.holding)
		}
	}
	return nil
}

// Holding returns how many items the fold counts actor id as holding.
func Holding(s *State, id events.EntityID) int { return s.Get(id).holding }
