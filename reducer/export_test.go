package reducer

import (
	"fmt"
	"reflect"
	"slices"

	"rogue/events"
)

// CheckHolding reports an error if an actor's count of the items it holds
// is not the count of the items naming it as their holder, or an
// entity's actor flag is not what its kind says.
func CheckHolding(s *State) error {
	want := make(map[events.EntityID]int, s.NumEntities())
	for e := range s.Entities() {
		if e.Holder != 0 {
			want[e.Holder]++
		}
	}
	for e := range s.Entities() {
		if int(e.holding) != want[e.ID] {
			return fmt.Errorf("entity %d holds %d items, its count says %d", e.ID, want[e.ID], e.holding)
		}
		if actor := s.content.Monster(e.Kind) != nil; e.actor != actor {
			return fmt.Errorf("entity %d of kind %d: its actor flag says %v, its kind %v", e.ID, e.Kind, e.actor, actor)
		}
	}
	return nil
}

// CheckCaughtUp reports whether the working copy of s's last decision has
// caught up with s (the next Decide starts from it without copying), and
// if so, an error naming what it disagrees with s on.
func CheckCaughtUp(s *State) (bool, error) {
	c := workingCopy(s)
	if c == nil || !caughtUp(c, s) {
		return false, nil
	}
	// What the next decision's copyOf takes from s, the copy's folds
	// having no turn to count.
	c.Draws, c.Turn = s.Draws, s.Turn
	type rules struct {
		Seed, Draws        uint64
		Turn, Depth        int
		Level              events.LevelEntered
		NextID             events.EntityID
		Hunger             events.Hunger
		HungerUntil, Kills int
		Wizard, Over       bool
		Death              events.Died
		PackSeq            uint64
	}
	of := func(s *State) rules {
		return rules{s.Seed, s.Draws, s.Turn, s.Depth, s.Level, s.NextID, s.Hunger, s.HungerUntil, s.Kills, s.Wizard, s.Over, s.Death, s.packSeq}
	}
	if a, b := of(s), of(c); !reflect.DeepEqual(a, b) {
		return true, fmt.Errorf("the working copy has %+v, the state %+v", b, a)
	}
	if !reflect.DeepEqual(s.liveInto(nil), c.liveInto(nil)) {
		return true, fmt.Errorf("the working copy's entities differ from the state's")
	}
	if c.Map != s.Map {
		return true, fmt.Errorf("the working copy is on another map")
	}
	if c.standingOK {
		kept := slices.Clone(c.standing)
		c.buildStanding()
		if !slices.Equal(kept, c.standing) {
			return true, fmt.Errorf("the working copy's index of actors is not the one built anew")
		}
	}
	return true, nil
}

// Holding returns how many items the fold counts actor id as holding.
func Holding(s *State, id events.EntityID) int { return int(s.Get(id).holding) }
