package reducer

import (
	"fmt"
	"slices"

	"rogue/events"
	"rogue/reducer/fov"
)

// ScratchChecks counts the caches CheckDeciderScratch compared.
type ScratchChecks struct{ View, Notes, Sealed int }

// CheckDeciderScratch compares what the decider of s's last decision kept
// in its scratch memory with the same computed afresh, and adds to checked
// the caches that held something to compare: the view from where the
// player stood when the turn began, the monsters' notes (and their
// spots), and the sealed tiles of a search that gave up.
func CheckDeciderScratch(s *State, checked *ScratchChecks) error {
	c := workingCopy(s)
	if c == nil || c.rules == nil || c.Map == nil {
		return nil
	}
	d := c.rules
	for _, v := range []*lazyView{&d.view, &d.fromView} {
		if !v.ok || v.m != c.Map {
			continue
		}
		want := fov.NewSet(c.Map.Width, c.Map.Height)
		fov.Compute(want, c.Map.Opaque, v.at, v.r)
		// A view lies within its radius: the tiles around it are all
		// there is to compare (and all the kept set holds).
		seen := 0
		for y := v.at.Y - v.r - 1; y <= v.at.Y+v.r+1; y++ {
			for x := v.at.X - v.r - 1; x <= v.at.X+v.r+1; x++ {
				p := events.Pos{X: x, Y: y}
				if v.set.Has(p) {
					seen++
				}
				if p != v.at && fov.Quadrants(v.at, p)&^v.quads != 0 {
					continue // not computed
				}
				if want.Has(p) != v.set.Has(p) {
					return fmt.Errorf("the view kept from %v (quadrants %04b) says %v is seen: %t", v.at, v.quads, p, v.set.Has(p))
				}
			}
		}
		if seen != v.set.Count() {
			return fmt.Errorf("the view kept from %v holds tiles beyond its radius", v.at)
		}
		checked.View++
	}
	if d.notesOK && d.notesMap == c.Map {
		var want []monsterNote
		for e := range c.Entities() {
			if e.ID != events.PlayerID && e.Holder == 0 && c.IsActor(e) {
				want = append(want, noteOf(e))
			}
		}
		if !slices.Equal(want, d.notes) {
			return fmt.Errorf("the monsters' notes are %v, the entities say %v", d.notes, want)
		}
		spots := make([]spot, len(want))
		for i := range want {
			spots[i] = spotOf(&want[i])
		}
		if !slices.Equal(spots, d.spots) {
			return fmt.Errorf("the monsters' spots are %v, the notes say %v", d.spots, spots)
		}
		checked.Notes++
	}
	if d.sealedOK {
		if err := checkSealed(c, d); err != nil {
			return err
		}
		checked.Sealed++
	}
	return nil
}

// checkSealed reports an error unless the sealed tiles are closed: none
// next to the goal, and every tile next to one that may be entered now
// (but the goal) sealed too.
func checkSealed(c *State, d *decider) error {
	walls, w, h := c.Map.Walls(), c.Map.Width, c.Map.Height
	if walls == nil || !c.standingOK {
		return fmt.Errorf("sealed tiles without wall bits or the index of where actors stand")
	}
	bit := func(b []uint64, i int) bool { return b[i>>6]&(1<<(i&63)) != 0 }
	for i := range w * h {
		if !bit(d.sealed, i) {
			continue
		}
		t := events.Pos{X: i % w, Y: i / w}
		if chebyshev(t, d.sealedGoal) <= 1 {
			return fmt.Errorf("sealed tile %v is next to the goal %v", t, d.sealedGoal)
		}
		for dir := events.Dir(0); dir < events.NumDirs; dir++ {
			u := t.Add(dir)
			if !c.Map.InBounds(u) || u == d.sealedGoal {
				continue
			}
			j := u.Y*w + u.X
			if !bit(walls, j) && !bit(c.standing, j) && !bit(d.sealed, j) {
				return fmt.Errorf("sealed tile %v has %v next to it, free and not sealed", t, u)
			}
		}
	}
	return nil
}

// CheckActorAt reports an error unless the decider of s's last decision,
// looking among its notes, finds on every tile of the level the actor
// State.ActorAt finds there.
func CheckActorAt(s *State) error {
	c := workingCopy(s)
	if c == nil || c.rules == nil || c.Map == nil || !c.rules.notesOK || c.rules.notesMap != c.Map {
		return nil
	}
	d := c.rules
	for y := range c.Map.Height {
		for x := range c.Map.Width {
			p := events.Pos{X: x, Y: y}
			if got, want := d.actorAt(p), c.ActorAt(p); got != want {
				return fmt.Errorf("at %v the notes find %v, the entities %v", p, got, want)
			}
		}
	}
	return nil
}

// CheckHeld reports an error unless, for every entity of the working copy
// of s's last decision, what the decider finds it holds is what
// State.Held lists; it returns how many of them held something.
func CheckHeld(s *State) (int, error) {
	c := workingCopy(s)
	if c == nil || c.rules == nil {
		return 0, nil
	}
	holders := 0
	for e := range c.Entities() {
		var want []events.EntityID
		for _, it := range c.Held(e.ID) {
			want = append(want, it.ID)
		}
		got := slices.Clone(c.rules.held(e.ID))
		if len(want) > 0 {
			holders++
		}
		if !slices.Equal(want, got) && len(want)+len(got) > 0 {
			return holders, fmt.Errorf("entity %d: the decider finds it holds %v, State.Held %v", e.ID, got, want)
		}
	}
	return holders, nil
}
