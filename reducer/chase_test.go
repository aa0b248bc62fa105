package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/content"
)

// A chase on a map without wall bits, or in a state without the index of
// where actors stand, gives the path finder bits it builds itself: through
// a game, on its working copy, the tiles it finds not walkable are the
// carved map's wall bits, and the tiles it finds actors on are the index.
func TestTheBitsAChaseBuildsAreTheKeptOnes(t *testing.T) {
	t.Parallel()
	s := New(7, content.Default())
	s.Wizard = true
	compared := 0
	cmd := events.Command(&events.Begin{})
	for s.Turn < 2000 {
		if s.Turn > 0 {
			cmd = &events.Wait{}
			if s.Turn%3 != 0 {
				cmd = &events.Move{Dir: events.Dir(s.Turn % int(events.NumDirs))}
			}
		}
		turn := DecideOrWait(t, s, cmd)
		if c := workingCopy(s); c != nil && c.rules != nil && c.Map != nil && c.standingOK && s.Turn%10 == 0 {
			d := c.rules
			assert.Equal(t, c.Map.Walls(), d.walkBits(), "turn %d: the walls", s.Turn)
			assert.Equal(t, c.standing, d.standBits(), "turn %d: where actors stand", s.Turn)
			compared++
		}
		require.NoError(t, s.ApplyTurn(&turn))
	}
	assert.Greater(t, compared, 150, "turns compared")
}
