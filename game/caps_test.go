package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/journal"
	"rogue/reducer/content"
)

// The fold's caps (events.MaxLevelsPerTurn and the others) refuse only
// what the rules never make: the bot's games, wizard ones that go deep
// included, stay far below each.
func TestBotGamesStayFarBelowTheFoldsCaps(t *testing.T) {
	t.Parallel()
	type most struct{ levels, steps, held, entities, area int }
	var seen most
	for seed := uint64(1); seed <= 6; seed++ {
		m, err := journal.NewMemory(NewHeader(seed, "bot", journal.Options{Wizard: seed%2 == 0}))
		require.NoError(t, err)
		g, err := Start(m.Header(), content.Default(), m)
		require.NoError(t, err)
		for g.State.Turn < 3000 && !g.State.Over {
			require.NoError(t, g.PlayerTurn(bot.Strong{}))
			s := g.State
			seen.held = max(seen.held, len(s.Held(events.PlayerID)))
			seen.entities = max(seen.entities, s.NumEntities())
			seen.area = max(seen.area, s.Map.Width*s.Map.Height)
		}
		r, err := m.Reader()
		require.NoError(t, err)
		var turn events.Turn
		for r.Next(&turn) == nil {
			levels, steps := 0, 0
			for _, f := range turn.Facts {
				switch f := f.(type) {
				case *events.LevelEntered:
					levels++
				case *events.Moved:
					if f.Actor == events.PlayerID {
						steps++
					}
				case *events.Staggered:
					if f.Actor == events.PlayerID && !f.Blocked {
						steps++
					}
				}
			}
			seen.levels, seen.steps = max(seen.levels, levels), max(seen.steps, steps)
		}
	}
	t.Logf("the most seen: %+v", seen)
	for _, c := range []struct {
		name       string
		seen, capN int
		margin     int // the cap is at least margin times the most seen
	}{
		{"levels a turn", seen.levels, events.MaxLevelsPerTurn, 1},
		{"player steps a turn", seen.steps, events.MaxPlayerSteps, 2},
		{"items the player holds", seen.held, events.MaxHeld, 2},
		{"entities in the game", seen.entities, events.MaxEntities, 8},
		{"tiles of a map", seen.area, events.MaxMapArea, 2},
	} {
		assert.LessOrEqual(t, c.seen*c.margin, c.capN, fmt.Sprintf("%s: %d seen, cap %d", c.name, c.seen, c.capN))
	}
	// What the content allows, whatever the bot did.
	rules := content.Default().Rules
	assert.LessOrEqual(t, 2*rules.Width*rules.Height, events.MaxMapArea, "the rules' map, twice over")
	assert.LessOrEqual(t, 2*(rules.Backpack+int(events.NumSlots)-1), events.MaxHeld, "a full backpack and every slot worn, twice over")
}
