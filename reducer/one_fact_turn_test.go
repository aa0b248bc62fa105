package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// ApplyTurn folds a turn of one step or one heal of the player in one go
// (see ApplyTurn): whatever the turn and the state, it ends as the whole
// fold (ApplyTurnMessages, which tells each fact) ends it: the same
// refusal, or the same state and explored memory.
func TestATurnOfOneFactFoldsAsTheWholeFoldFoldsIt(t *testing.T) {
	t.Parallel()
	withRat := func(t testing.TB) *State {
		s := arena(t)
		put(t, s, "Rat", at(3, 2), 0, events.SlotNone)
		return s
	}
	dead := func(t testing.TB) *State {
		s := arena(t)
		require.NoError(t, s.Apply(&events.Died{Actor: playerID, Cause: events.CauseMelee}))
		return s
	}
	step := func(d events.Dir) []events.Fact { return []events.Fact{&events.Moved{Actor: playerID, Dir: d}} }
	heal := func(id events.EntityID) []events.Fact { return []events.Fact{&events.Healed{Actor: id, Amount: 2}} }
	for _, tt := range []struct {
		name  string
		state func(t testing.TB) *State
		facts []events.Fact
		want  string
	}{
		{"a step onto floor", arena, step(events.East), ""},
		{"a step onto floor looked from before", func(t testing.TB) *State {
			s := arena(t)
			require.NoError(t, s.ApplyTurn(&events.Turn{Command: &events.Wait{}, Facts: step(events.East)}))
			return s
		}, step(events.West), ""},
		{"a step into a wall", func(t testing.TB) *State {
			s := arena(t)
			require.NoError(t, s.ApplyTurn(&events.Turn{Command: &events.Wait{}, Facts: step(events.West)}))
			return s
		}, step(events.West), "turn 2: fact 0 (Moved) field Dir: (0,2) is wall, not floor"},
		{"a step onto a rat", withRat, step(events.East), "turn 1: fact 0 (Moved) field Dir: (3,2) is taken: actor 4 stands there"},
		{"a step in no direction", arena, step(events.NumDirs), "turn 1: fact 0 (Moved) field Dir: (2,2) is taken"},
		{"a step of a rat", withRat, []events.Fact{&events.Moved{Actor: 4, Dir: events.East}}, ""},
		{"a step after the player died", dead, step(events.East), "turn 1: a turn after the player died"},
		{"a heal of the player", arena, heal(playerID), ""},
		{"a heal of a rat", withRat, heal(4), ""},
		{"a heal of an item", arena, heal(daggerID), "turn 1: fact 0 (Healed) field Actor: entity 2 is an item, not an actor"},
		{"a heal of nobody", arena, heal(9), "turn 1: fact 0 (Healed) field Actor: entity 9 does not exist"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			quick, whole := tt.state(t), tt.state(t)
			turn := events.Turn{Command: &events.Wait{}, Facts: tt.facts, Draws: 3}
			err := quick.ApplyTurn(&turn)
			_, wholeErr := whole.ApplyTurnMessages(&turn)
			if tt.want != "" {
				require.Error(t, err)
				assert.Equal(t, tt.want, err.Error())
				require.Error(t, wholeErr)
				assert.Equal(t, wholeErr.Error(), err.Error())
				return
			}
			require.NoError(t, err)
			require.NoError(t, wholeErr)
			assert.Equal(t, whole.Digest(), quick.Digest())
			assert.Equal(t, whole.liveInto(nil), quick.liveInto(nil))
			assert.Equal(t, []int{whole.Turn, int(whole.Draws), int(whole.applied)}, []int{quick.Turn, int(quick.Draws), int(quick.applied)})
			assert.Equal(t, whole.Explored().Words(), quick.Explored().Words())
		})
	}
}
