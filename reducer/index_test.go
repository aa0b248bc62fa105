package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// Every lookup through the index answers what the search does, whatever
// happened to the entities since it was built: spawns, deaths, the dead
// cleared out, a copy, ids far apart.
func TestTheIndexAnswersAsTheSearchDoes(t *testing.T) {
	t.Parallel()
	s := arena(t)
	agree := func(s *State, what string) {
		t.Helper()
		for id := events.EntityID(0); id <= s.NextID+2; id++ {
			want := s.search(id)
			require.Equal(t, want, s.slot(id), "%s: id %d", what, id)
		}
		// The ids below the index's are found among the entities it
		// leaves out, not by the fallback.
		require.True(t, s.indexOK, what)
		for id := events.EntityID(0); id < s.indexBase; id++ {
			require.Equal(t, s.search(id), s.searchBelow(id), "%s: id %d, below the index's %d", what, id, s.indexBase)
		}
		span := 0
		if len(s.entity) > 0 {
			span = indexSpan(len(s.entity))
		}
		assert.LessOrEqual(t, len(s.index), span+1, "%s: the index covers at most indexSpan ids", what)
	}
	agree(s, "the arena")
	var rats []events.EntityID
	for x := 1; x <= 8; x++ {
		rats = append(rats, put(t, s, "Rat", events.Pos{X: x, Y: 4}, 0, events.SlotNone))
		agree(s, "a rat spawned")
	}
	agree(s.Clone(), "a copy")
	for _, id := range rats[:6] {
		require.NoError(t, s.Apply(&events.Died{Actor: id, Cause: events.CauseMelee, Killer: playerID}))
		agree(s, "a rat died")
		assert.Nil(t, s.Get(id))
	}
	// Ids far beyond the rest: the index does not grow to cover the gap.
	s.NextID += 100_000
	far := put(t, s, "Rat", events.Pos{X: 1, Y: 5}, 0, events.SlotNone)
	agree(s, "an id far from the others")
	assert.Equal(t, far, s.Get(far).ID)
	assert.Equal(t, len(s.entity)-1, s.indexBelow, "all but the far one are below the index")
	for x := 2; x <= 8; x++ {
		put(t, s, "Rat", events.Pos{X: x, Y: 5}, 0, events.SlotNone)
	}
	agree(s, "rats spawned after the far one")
	require.NoError(t, s.Apply(&events.Died{Actor: rats[6], Cause: events.CauseMelee, Killer: playerID}))
	agree(s, "a rat below the index died")
	agree(new(Decider).copyOf(s), "a working copy")
}
