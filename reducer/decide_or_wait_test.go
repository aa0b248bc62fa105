package reducer

import (
	"errors"
	"sync"
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
	turn, err := DeciderOf(s).Decide(s, cmd)
	var refusal *Refusal
	if errors.As(err, &refusal) {
		turn, err = DeciderOf(s).Decide(s, &events.Wait{})
	}
	require.NoError(t, err, "turn %d", s.Turn)
	return turn
}

// deciders are the tests' Deciders, one for each state a test decides
// turn after turn on (see DeciderOf).
var deciders struct {
	sync.Mutex
	of map[*State]*Decider
}

// DeciderOf is the Decider the tests use on s, the same each time: its
// working copy is the one of the last decision on s, as a game's is.
func DeciderOf(s *State) *Decider {
	deciders.Lock()
	defer deciders.Unlock()
	if deciders.of == nil {
		deciders.of = map[*State]*Decider{}
	}
	d := deciders.of[s]
	if d == nil {
		d = &Decider{}
		deciders.of[s] = d
	}
	return d
}

// decideOn decides cmd on s with DeciderOf(s).
func decideOn(s *State, cmd events.Command) (events.Turn, error) { return DeciderOf(s).Decide(s, cmd) }

// workingCopy is the working copy of DeciderOf(s)'s last decision on s,
// nil before one.
func workingCopy(s *State) *State {
	d := DeciderOf(s)
	if d.of != s {
		return nil
	}
	return d.w
}
