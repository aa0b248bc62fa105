package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// Rules 3's monsters and goal, each decided in an arena under rules 3
// with scripted rolls. Rules 1 and 2 decide as they always did: the golden
// corpus holds their journals.

// putMonster3 spawns a monster or item of rules 3 by name, awake, and returns
// its id.
func putMonster3(t testing.TB, s *State, name string, at events.Pos) events.EntityID {
	t.Helper()
	c, ok := tablesOf(3).ByName(name)
	require.True(t, ok, "no rules-3 content named %s", name)
	id := s.NextID
	hp := 0
	if m := s.content.Monster(c); m != nil {
		hp = 1 + m.Level*max(1, 8+Bonus(m.Attributes[events.Fitness]))
	}
	require.NoError(t, s.Apply(&events.Spawned{ID: id, Kind: c, Pos: at, HP: hp}))
	return id
}

func TestEachBehaviourOfRules3IsDecidedAndRecorded(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		kind  string
		at    events.Pos
		setup func(s *State, m events.EntityID)
		cmd   events.Command
		rolls []int
		want  func(m events.EntityID) []events.Fact
	}{
		{"a fast monster steps twice a turn", "Jackal", at(6, 2), nil, &events.Wait{}, nil,
			func(m events.EntityID) []events.Fact {
				return []events.Fact{&events.Moved{Actor: m, Dir: events.West}, &events.Moved{Actor: m, Dir: events.West}}
			}},
		{"a slow monster stands still on an odd turn", "Zombie", at(6, 2), nil, &events.Wait{}, nil,
			func(events.EntityID) []events.Fact { return nil }},
		{"a sleeper in sight wakes on a low d100", "Goblin", at(6, 2),
			func(s *State, m events.EntityID) {
				require.NoError(t, s.Apply(&events.MoodChanged{Actor: m, Mood: events.Asleep}))
			},
			&events.Wait{}, []int{3},
			func(m events.EntityID) []events.Fact {
				return []events.Fact{&events.MoodChanged{Actor: m, Mood: events.Awake}}
			}},
		{"a sleeper sleeps on through a high d100", "Goblin", at(6, 2),
			func(s *State, m events.EntityID) {
				require.NoError(t, s.Apply(&events.MoodChanged{Actor: m, Mood: events.Asleep}))
			},
			&events.Wait{}, []int{50},
			func(events.EntityID) []events.Fact { return nil }},
		{"an archer shoots from afar", "Goblin Archer", at(6, 2), nil, &events.Wait{}, []int{15, 4},
			func(m events.EntityID) []events.Fact {
				return []events.Fact{&events.Shot{Attacker: m, Target: playerID, Natural: 15, Attack: 16, ArmorClass: 12, Hit: true, Roll: 4, Damage: 4}}
			}},
		{"a hurt fleer runs", "Kobold", at(3, 2),
			func(s *State, m events.EntityID) { s.Get(m).HP = 2 }, &events.Wait{}, nil,
			func(m events.EntityID) []events.Fact {
				return []events.Fact{&events.MoodChanged{Actor: m, Mood: events.Fleeing}, &events.Moved{Actor: m, Dir: events.NorthEast}}
			}},
		{"a hurt troll regenerates, then steps on", "Troll", at(6, 2),
			func(s *State, m events.EntityID) { s.Get(m).HP -= 10 }, &events.Wait{}, nil,
			func(m events.EntityID) []events.Fact {
				return []events.Fact{&events.Healed{Actor: m, Amount: 2, Cause: events.CauseRegeneration}, &events.Moved{Actor: m, Dir: events.West}}
			}},
		{"a monkey that hits steals and flees", "Monkey", at(3, 2), nil, &events.Wait{}, []int{18, 2, 0},
			func(m events.EntityID) []events.Fact {
				return []events.Fact{
					&events.Attacked{Attacker: m, Target: playerID, Natural: 18, Attack: 19, ArmorClass: 12, Hit: true, Roll: 2, Damage: 3},
					&events.Stole{Actor: m, Victim: playerID, Item: 4},
					&events.MoodChanged{Actor: m, Mood: events.Fleeing},
				}
			}},
		{"a conjurer calls blades to its side", "Goblin Conjurer", at(6, 2), nil, &events.Wait{}, []int{5, 1},
			func(m events.EntityID) []events.Fact {
				blade, _ := tablesOf(3).ByName("Spectral Blade")
				return []events.Fact{
					&events.Summoned{Actor: m, Count: 2},
					&events.Spawned{ID: m + 1, Kind: blade, Pos: at(6, 1), HP: 6},
					&events.Spawned{ID: m + 2, Kind: blade, Pos: at(7, 1), HP: 6},
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, 3)
			require.Equal(t, events.EntityID(4), put3Held(t, s, "Health Potion"), "the pack holds something to steal")
			m := putMonster3(t, s, c.kind, c.at)
			if c.setup != nil {
				c.setup(s, m)
			}
			turn := decide(t, s, c.cmd, c.rolls...)
			assert.Equal(t, c.want(m), turn.Facts)
		})
	}
}

// put3Held gives the player an item of rules 3 by name.
func put3Held(t testing.TB, s *State, name string) events.EntityID {
	t.Helper()
	c, ok := tablesOf(3).ByName(name)
	require.True(t, ok)
	id := s.NextID
	require.NoError(t, s.Apply(&events.Spawned{ID: id, Kind: c, Holder: playerID}))
	return id
}

func TestPickingUpTheGoalWinsAndItsLevelsStairsAreSealed(t *testing.T) {
	t.Parallel()
	s := arenaOf(t, 3)
	amulet := putMonster3(t, s, "Amulet of the Deep", at(2, 2))
	s.Depth = s.content.Rules.GoalDepth
	s.Get(playerID).Pos = at(15, 8) // on the stairs
	_, err := DecideWith(s, &events.Descend{}, diceScript(nil))
	assert.EqualError(t, err, "the way down is sealed: the Amulet of the Deep lies on this level; find it and pick it up")
	s.Get(playerID).Pos = at(2, 2)
	turn := play(t, s, &events.PickUp{})
	assert.Equal(t, []events.Fact{&events.PickedUp{Actor: playerID, Item: amulet}, &events.Won{Actor: playerID, Item: amulet}}, turn.Facts)
	assert.True(t, s.Over && s.Won)
	assert.Equal(t, "won, holding the Amulet of the Deep", DeathCause(s))
	_, err = DecideWith(s, &events.Wait{}, diceScript(nil))
	assert.EqualError(t, err, "the game is over")
}

func TestThePlayersLevelIsCappedUnderRules3(t *testing.T) {
	t.Parallel()
	for _, rules := range []int{2, 3} {
		s := arenaOf(t, rules)
		p := s.Player()
		p.Level, p.XP = 8, 1_000_000
		assert.Equal(t, rules == 2, s.LevelUpPending(), "rules %d", rules)
		assert.Equal(t, rules == 3, s.AtLevelCap(p), "rules %d", rules)
	}
}
