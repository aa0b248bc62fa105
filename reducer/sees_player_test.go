package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/content"
)

// SeesPlayer says what the rules do: a lone Goblin put on any free tile
// the player sees, in a game of each rules version, chases or attacks on
// the next turn exactly when SeesPlayer says it sees the player; one at
// the edge of the player's view (further than Vision) stands still.
func TestSeesPlayerIsWhetherAMonsterInViewActs(t *testing.T) {
	t.Parallel()
	edges := 0
	for rules := 1; rules <= events.RulesVersion; rules++ {
		tables, err := content.ForRules(rules)
		require.NoError(t, err)
		for seed := uint64(1); seed <= 6; seed++ {
			s := New(seed, tables)
			begin := DecideOrWait(t, s, &events.Begin{})
			require.NoError(t, s.ApplyTurn(&begin))
			for _, m := range s.Monsters() {
				for _, it := range s.Held(m.ID) {
					require.NoError(t, s.Apply(&events.Dropped{Actor: m.ID, Item: it.ID}))
				}
				require.NoError(t, s.Apply(&events.Died{Actor: m.ID, Cause: events.CauseMelee, Killer: events.PlayerID}))
			}
			goblin, ok := tables.ByName("Goblin")
			require.True(t, ok)
			p := s.Player().Pos
			seen, unseen := 0, 0
			for y := p.Y - 9; y <= p.Y+9; y++ {
				for x := p.X - 9; x <= p.X+9; x++ {
					at := events.Pos{X: x, Y: y}
					if !s.Map.InBounds(at) || !s.Map.Walkable(at) || !s.CanSee(at) || s.ActorAt(at) != nil {
						continue
					}
					c := s.Clone()
					id := c.NextID
					require.NoError(t, c.Apply(&events.Spawned{ID: id, Kind: goblin, Pos: at, HP: 6}))
					turn, err := Decide(c, &events.Wait{})
					require.NoError(t, err)
					acted := false
					for _, f := range turn.Facts {
						switch f := f.(type) {
						case *events.Moved:
							acted = acted || f.Actor == id
						case *events.Attacked:
							acted = acted || f.Attacker == id
						}
					}
					sees := c.SeesPlayer(c.Get(id))
					assert.Equal(t, sees, acted, "rules %d, seed %d: a Goblin at %v, the player at %v", rules, seed, at, p)
					if sees {
						seen++
					} else {
						unseen++
					}
				}
			}
			require.Positive(t, seen, "rules %d, seed %d: some tile in view is seen from", rules, seed)
			edges += unseen
		}
	}
	assert.Positive(t, edges, "some games put a tile in view beyond Vision")
}
