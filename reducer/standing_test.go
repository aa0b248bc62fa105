package reducer

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/content"
	"rogue/reducer/dungeon"
)

// standingAgrees reports whether the index of the working copy Decide
// last used on s (if it has one) marks exactly the tiles its actors stand
// on.
func standingAgrees(t testing.TB, s *State) bool {
	t.Helper()
	c := s.spare
	if c == nil || !c.standingOK {
		return false
	}
	kept := append([]uint64(nil), c.standing...)
	c.buildStanding()
	require.True(t, c.standingOK)
	require.Equal(t, c.standing, kept, "turn %d: the index kept fact by fact differs from one built anew", s.Turn)
	return true
}

func TestTheIndexOfActorsFollowsEveryFact(t *testing.T) {
	s := arena(t)
	s.Wizard = true // the player outlasts the orc
	orc := put(t, s, "Orc", at(5, 2), 0, events.SlotNone)
	put(t, s, "Dagger", at(0, 0), orc, events.MainHand)
	put(t, s, "Goblin", at(14, 4), 0, events.SlotNone)
	// The orc steps in (its path searched on the index), the player
	// fights it until it dies and drops its dagger.
	checked := 0
	for i := 0; i < 500 && s.Get(orc) != nil && !s.Over; i++ {
		cmd := events.Command(&events.Wait{})
		if o := s.Get(orc); chebyshev(o.Pos, s.Player().Pos) == 1 {
			cmd = &events.Move{Dir: dirTo(s.Player().Pos, o.Pos)}
		}
		turn, err := Decide(s, cmd)
		require.NoError(t, err)
		if standingAgrees(t, s) {
			checked++
		}
		require.NoError(t, s.ApplyTurn(&turn))
	}
	assert.Nil(t, s.Get(orc), "the orc died")
	assert.Positive(t, checked)
}

// Games of random steps (taking the stairs when on them) through many
// levels, monsters chasing, fighting and dying.
func TestTheIndexOfActorsFollowsWholeGames(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 12; seed++ {
		s := New(seed, content.Default())
		s.Wizard = true
		x := seed * 0x9e3779b97f4a7c15
		cmd := events.Command(&events.Begin{})
		for s.Turn < 400 {
			turn, err := Decide(s, cmd)
			var refusal *Refusal
			if errors.As(err, &refusal) {
				turn, err = Decide(s, &events.Wait{})
			}
			require.NoError(t, err, "seed %d turn %d", seed, s.Turn)
			if standingAgrees(t, s) {
				checked++
			}
			require.NoError(t, s.ApplyTurn(&turn))
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			cmd = &events.Move{Dir: events.Dir(x % uint64(events.NumDirs))}
			if s.Map.At(s.Player().Pos) == dungeon.DownStairs {
				cmd = &events.Descend{}
			}
		}
	}
	assert.Greater(t, checked, 1000)
}

func dirTo(from, to events.Pos) events.Dir {
	for d := events.Dir(0); d < events.NumDirs; d++ {
		if from.Add(d) == to {
			return d
		}
	}
	return 0
}

// A journal can put two actors on one tile; the rules then look at every
// entity, as they did before the index, and find the first.
func TestActorsSharingATileAreStillFound(t *testing.T) {
	s := arena(t)
	first := put(t, s, "Goblin", at(3, 2), 0, events.SlotNone)
	put(t, s, "Orc", at(3, 2), 0, events.SlotNone)
	turn := decide(t, s, &events.Move{Dir: events.East}, 1, 1, 1)
	require.NotEmpty(t, turn.Facts)
	require.IsType(t, &events.Attacked{}, turn.Facts[0])
	assert.Equal(t, first, turn.Facts[0].(*events.Attacked).Target)
	assert.False(t, s.spare.standingOK, "no index where two actors share a tile")
}
