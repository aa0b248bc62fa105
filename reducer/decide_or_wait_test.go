package reducer

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"rogue/events"
)

// DecideOrWait decides cmd on s, or a Wait when the rules refuse cmd, as
// the long games of these tests play: the bot, or a script of commands,
// may ask for what the rules refuse (a step into a wall, say), and a
// refused command is never journaled. Anything else Decide returns fails
// the test.
func DecideOrWait(t testing.TB, s *State, cmd events.Command) events.Turn {
	t.Helper()
	turn, err := Decide(s, cmd)
	var refusal *Refusal
	if errors.As(err, &refusal) {
		turn, err = Decide(s, &events.Wait{})
	}
	require.NoError(t, err, "turn %d", s.Turn)
	return turn
}
