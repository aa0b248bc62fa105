package reducer

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// The dead stay in the slice, unseen, until they are half of it: every
// lookup and every copy sees only the living, in id order.
func TestTheDeadAreUnseenAndClearedWhenHalf(t *testing.T) {
	t.Parallel()
	s := arena(t)
	var rats []events.EntityID
	for x := 1; x <= 8; x++ {
		rats = append(rats, put(t, s, "Rat", events.Pos{X: x, Y: 4}, 0, events.SlotNone))
	}
	living := func(s *State) []events.EntityID {
		var ids []events.EntityID
		for e := range s.Entities() {
			ids = append(ids, e.ID)
		}
		return ids
	}
	want := append([]events.EntityID{playerID, daggerID, armorID}, rats...)
	require.Equal(t, want, living(s))

	kill := func(id events.EntityID) {
		t.Helper()
		require.NoError(t, s.Apply(&events.Died{Actor: id, Cause: events.CauseMelee, Killer: playerID}))
		want = slices.DeleteFunc(want, func(x events.EntityID) bool { return x == id })
	}
	for _, id := range []events.EntityID{rats[3], rats[0], rats[7], rats[5]} {
		kill(id)
		assert.Nil(t, s.Get(id))
		assert.Equal(t, want, living(s))
		assert.Equal(t, len(want), s.NumEntities())
		assert.Equal(t, want, living(s.Clone()), "a copy takes the living")
		assert.Equal(t, len(want), len(s.Clone().entity))
	}
	assert.Equal(t, 4, s.ndead, "4 of 11 dead: still in place")
	assert.Equal(t, 11, len(s.entity))
	for _, id := range want[3:] { // the rats left
		assert.Equal(t, id, s.Get(id).ID)
	}
	kill(rats[1]) // 5 of 11, then 6 of 11: more than half
	kill(rats[2])
	assert.Equal(t, []int{0, 5}, []int{s.ndead, len(s.entity)}, "cleared out")
	assert.Equal(t, want, living(s))
	assert.Nil(t, s.ActorAt(events.Pos{X: 1, Y: 4}))
	assert.Equal(t, rats[4], s.ActorAt(events.Pos{X: 5, Y: 4}).ID)
}
