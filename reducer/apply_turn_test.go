package reducer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// A turn that cannot be folded as a whole is refused before its facts,
// with one line naming the turn and what is wrong, whatever facts it
// holds.
func TestATurnThatCannotBeFoldedIsRefusedWithItsReason(t *testing.T) {
	t.Parallel()
	begun := func(t *testing.T) *reducer.State {
		s := reducer.New(1, content.Default())
		turn, err := reducer.Decide(s, &events.Begin{})
		require.NoError(t, err)
		require.NoError(t, s.ApplyTurn(&turn))
		return s
	}
	step := []events.Fact{&events.Moved{Actor: events.PlayerID, Dir: events.East}}
	for _, tt := range []struct {
		name  string
		state func(t *testing.T) *reducer.State
		turn  events.Turn
		want  string
	}{
		{"a turn without a command", begun, events.Turn{Facts: step}, "turn 1: no command"},
		{"a first turn that is not Begin", func(*testing.T) *reducer.State { return reducer.New(1, content.Default()) },
			events.Turn{Command: &events.Wait{}}, "turn 0: the first turn must be Begin, not Wait"},
		{"a second Begin", begun, events.Turn{Command: &events.Begin{}}, "turn 1: Begin after the game began"},
		{"a turn after the player died", func(t *testing.T) *reducer.State {
			s := begun(t)
			require.NoError(t, s.Apply(&events.Died{Actor: events.PlayerID, Cause: events.CauseMelee}))
			return s
		}, events.Turn{Command: &events.Wait{}, Facts: step}, "turn 1: a turn after the player died"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.state(t)
			err := s.ApplyTurn(&tt.turn)
			require.Error(t, err)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}
