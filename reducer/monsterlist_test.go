package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// The working copy's list of monsters follows spawns and deaths, and is
// the living monsters on the level in id order, as Monsters finds them by
// looking at every entity.
func TestTheListOfMonstersFollowsSpawnsAndDeaths(t *testing.T) {
	t.Parallel()
	s := arena(t)
	w := new(Decider).copyOf(s)
	ids := func(es []*Entity) []events.EntityID {
		out := []events.EntityID{}
		for _, e := range es {
			out = append(out, e.ID)
		}
		return out
	}
	agree := func(what string) {
		t.Helper()
		require.True(t, w.monstersOK, what)
		assert.Equal(t, ids(w.Monsters()), append([]events.EntityID{}, w.monsters...), what)
	}
	w.listMonsters()
	agree("no monster yet")
	var rats []events.EntityID
	for x := 1; x <= 5; x++ {
		rats = append(rats, put(t, w, "Rat", events.Pos{X: x, Y: 4}, 0, events.SlotNone))
		put(t, w, "Dagger", events.Pos{X: x, Y: 3}, 0, events.SlotNone)
		agree("a rat and a dagger spawned")
	}
	for _, id := range []events.EntityID{rats[2], rats[0], rats[4], rats[1]} {
		require.NoError(t, w.Apply(&events.Died{Actor: id, Cause: events.CauseMelee, Killer: playerID}))
		agree("a rat died")
	}
	assert.Equal(t, []events.EntityID{rats[3]}, w.monsters)
	assert.False(t, w.Clone().monstersOK, "a copy lists them anew")
}
