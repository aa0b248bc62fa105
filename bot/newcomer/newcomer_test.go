package newcomer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot/newcomer"
	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// discard is a journal that keeps nothing: these tests only watch the state.
type discard struct{}

func (discard) Append(*events.Turn) error { return nil }

// botGame starts a game of the given seed for a built-in player.
func botGame(t *testing.T, seed uint64, wizard bool) *game.Game {
	t.Helper()
	h := game.NewHeader(seed, "bot", journal.Options{Wizard: wizard})
	g, err := game.Start(h, content.Default(), discard{})
	require.NoError(t, err)
	return g
}

// monsterInView reports whether the player sees a monster.
func monsterInView(s *reducer.State) bool {
	for _, m := range s.Monsters() {
		if s.CanSee(m.Pos) {
			return true
		}
	}
	return false
}

// The newcomer drinks a healing potion only at a third of its HP or
// less, eats only when hungry, uses nothing else (no scroll, no gear:
// what it starts with stays on), waits only to rest, and with a monster
// in view it moves (charges) unless it drinks, eats or chooses a
// level-up.
func TestTheNewcomerUsesOnlyPotionsAndFoodAndChargesWhatItSees(t *testing.T) {
	t.Parallel()
	rests := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g := botGame(t, seed, false)
		n := newcomer.New()
		c := g.State.Content()
		for g.State.Turn < 2000 && !g.State.Over {
			s := g.State
			p := s.Player()
			cmd := n.Choose(s)
			switch cmd := cmd.(type) {
			case *events.Use:
				it := s.Get(cmd.Item)
				require.NotNil(t, it)
				use := c.Item(it.Kind).Use
				require.NotNil(t, use, "seed %d turn %d: uses %s", seed, s.Turn, s.Name(it.ID))
				switch use.Effect {
				case content.Heal:
					assert.LessOrEqual(t, p.HP*3, s.MaxHP(p), "seed %d turn %d: drinks above a third of its HP", seed, s.Turn)
				case content.Feed:
					assert.GreaterOrEqual(t, s.Hunger, events.Hungry, "seed %d turn %d: eats when not hungry", seed, s.Turn)
				default:
					assert.Fail(t, "a use that is neither healing nor food", "seed %d turn %d: %s", seed, s.Turn, s.Name(it.ID))
				}
			case *events.Wait:
				rests++
				assert.Less(t, p.HP, s.MaxHP(p), "seed %d turn %d: waits at full health", seed, s.Turn)
				assert.False(t, monsterInView(s), "seed %d turn %d: waits with a monster in view", seed, s.Turn)
			case *events.PickUpItem:
				it := s.Get(cmd.Item)
				require.NotNil(t, it)
				def := c.Item(it.Kind)
				assert.True(t, def.Goal || def.Use != nil && (def.Use.Effect == content.Heal || def.Use.Effect == content.Feed),
					"seed %d turn %d: picks up %s", seed, s.Turn, s.Name(it.ID))
			case *events.Move, *events.ChooseAttribute, *events.PickUp, *events.Descend:
				if _, moved := cmd.(*events.Move); monsterInView(s) && !moved {
					_, chose := cmd.(*events.ChooseAttribute)
					assert.True(t, chose, "seed %d turn %d: %s with a monster in view", seed, s.Turn, game.FormatCommand(cmd))
				}
			default:
				assert.Fail(t, "a command the newcomer never gives", "seed %d turn %d: %s", seed, s.Turn, game.FormatCommand(cmd))
			}
			turn, err := g.Do(cmd)
			if game.IsRefusal(err) {
				_, err = g.Do(&events.Wait{})
			}
			require.NoError(t, err, "seed %d turn %d", seed, s.Turn)
			for _, f := range turn.Facts {
				if e, ok := f.(*events.Equipped); ok {
					assert.NotEqual(t, events.PlayerID, e.Actor, "seed %d turn %d: puts on gear", seed, s.Turn)
				}
			}
		}
	}
	assert.Positive(t, rests, "it never rests")
}

// Where it cannot die, the newcomer explores each level and takes the
// stairs: it goes on down, and never stands still for long.
func TestTheNewcomerExploresAndGoesDown(t *testing.T) {
	t.Parallel()
	g := botGame(t, 2, true)
	n := newcomer.New()
	depths := map[int]int{} // the turn each depth was entered
	for g.State.Turn < 4000 {
		require.NoError(t, g.PlayerTurn(n))
		if _, ok := depths[g.State.Depth]; !ok {
			depths[g.State.Depth] = g.State.Turn
		}
	}
	assert.GreaterOrEqual(t, g.State.Depth, 4, "entered: %v", depths)
}

// The newcomer remembers only what the game showed it: two newcomers
// play the same game alike.
func TestTwoNewcomersPlayTheSameSeedAlike(t *testing.T) {
	t.Parallel()
	a, b := botGame(t, 4, false), botGame(t, 4, false)
	na, nb := newcomer.New(), newcomer.New()
	for a.State.Turn < 1500 && !a.State.Over {
		require.NoError(t, a.PlayerTurn(na))
		require.NoError(t, b.PlayerTurn(nb))
		require.Equal(t, a.State.Digest(), b.State.Digest(), "turn %d", a.State.Turn)
	}
}

// pile is a state of one room, the player at (2,2) on a pile of the
// named items, in id order, under the newest rules.
func pile(t *testing.T, names ...string) *reducer.State {
	t.Helper()
	return room(t, 1, events.Pos{X: 7, Y: 4}, names...)
}

// room is pile on depth, with the stairs down at stairs.
func room(t *testing.T, depth int, stairs events.Pos, names ...string) *reducer.State {
	t.Helper()
	c := content.Default()
	kind := func(name string) int {
		k, ok := c.ByName(name)
		require.True(t, ok, name)
		return k
	}
	build := func(hp int) *reducer.State {
		facts := []events.Fact{
			&events.LevelEntered{Depth: depth, Width: 20, Height: 12,
				Rooms: []events.Rect{{X: 1, Y: 1, W: 8, H: 5}}, Stairs: stairs, Arrival: events.Pos{X: 2, Y: 2}},
			&events.Spawned{ID: 1, Kind: kind("Player"), Pos: events.Pos{X: 2, Y: 2}, HP: hp},
		}
		for i, name := range names {
			facts = append(facts, &events.Spawned{ID: events.EntityID(2 + i), Kind: kind(name), Pos: events.Pos{X: 2, Y: 2}})
		}
		s := reducer.New(1, c)
		require.NoError(t, s.ApplyTurn(&events.Turn{Command: &events.Begin{}, Facts: facts}))
		return s
	}
	s := build(1)
	return build(s.MaxHP(s.Player())) // at full health
}

// From a pile, the newcomer takes the potion under a scroll by name (the
// rules let it choose), and leaves a pile of scrolls alone.
func TestTheNewcomerPicksThePotionFromAPile(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		items []string
		want  events.Command
	}{
		{"a potion under a scroll", []string{"Fireball Scroll", "Health Potion"}, &events.PickUpItem{Item: 3}},
		{"a potion on top", []string{"Health Potion", "Fireball Scroll"}, &events.PickUp{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, newcomer.New().Choose(pile(t, c.items...)))
		})
	}
	_, picks := newcomer.New().Choose(pile(t, "Fireball Scroll")).(*events.PickUp)
	assert.False(t, picks, "a scroll alone is left lying")
}

// On the stairs of a level it has seen all of, the newcomer goes down,
// except on the goal's level, whose stairs are sealed until it holds the
// goal (rules 3): there it does not try them.
func TestTheNewcomerDoesNotTryTheSealedStairs(t *testing.T) {
	t.Parallel()
	here := events.Pos{X: 2, Y: 2}
	assert.Equal(t, events.Command(&events.Descend{}), newcomer.New().Choose(room(t, 1, here)))
	goal := content.Default().Rules.GoalDepth
	require.Positive(t, goal)
	assert.Equal(t, events.Command(&events.Wait{}), newcomer.New().Choose(room(t, goal, here)))
}
