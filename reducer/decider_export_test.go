package reducer

import (
	"fmt"
	"slices"

	"rogue/events"
	"rogue/reducer/fov"
)

// CheckDeciderScratch compares what the decider of s's last decision kept
// in its scratch memory with the same computed afresh, and reports how
// many of its caches held something to compare: the view from where the
// player stood when the turn began.
func CheckDeciderScratch(s *State) (int, error) {
	c := s.spare
	if c == nil || c.rules == nil || c.Map == nil {
		return 0, nil
	}
	d, checked := c.rules, 0
	if d.fromOK {
		want := fov.NewSet(c.Map.Width, c.Map.Height)
		fov.Compute(want, c.Map.Opaque, d.from, c.content.Rules.Vision)
		if !equalSets(want, d.fromView) {
			return checked, fmt.Errorf("the view kept from (%d,%d) is not the view from there", d.from.X, d.from.Y)
		}
		checked++
	}
	if d.notesOK && d.notesMap == c.Map {
		var want []monsterNote
		for e := range c.Entities() {
			if e.ID != events.PlayerID && e.Holder == 0 && c.IsActor(e) {
				want = append(want, noteOf(e))
			}
		}
		if !slices.Equal(want, d.notes) {
			return checked, fmt.Errorf("the monsters' notes are %v, the entities say %v", d.notes, want)
		}
		checked++
	}
	return checked, nil
}

func equalSets(a, b *fov.Set) bool {
	if a.Width() != b.Width() || a.Height() != b.Height() {
		return false
	}
	for i, w := range a.Words() {
		if b.Words()[i] != w {
			return false
		}
	}
	return true
}
