package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// Each rule rules 2 changes, decided under both versions: rules 1 must
// decide exactly what it always did, rules 2 the new thing.

func TestRules2GivesThePlayerMoreHitPoints(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name           string
		rules          int
		fitness, level int
		want           int
	}{
		{"rules 1: 10 a level", 1, 11, 1, 10},
		{"rules 1: 10 plus the Fitness bonus a level", 1, 14, 3, 36},
		{"rules 2: 20, and 10 a level", 2, 11, 1, 30},
		{"rules 2: 20, and 10 plus the Fitness bonus a level", 2, 14, 3, 56},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, c.rules)
			p := s.Player()
			p.Attributes[events.Fitness], p.Level = c.fitness, c.level
			assert.Equal(t, c.want, s.MaxHP(p))
		})
	}
}

func TestANatural20IsACriticalHitUnderRules2(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rules int
		rolls []int // the d20, the damage dice, the goblin's fumble
		want  events.Attacked
	}{
		{"rules 1 rolls the dice once", 1, []int{20, 2, 1},
			events.Attacked{Natural: 20, Attack: 21, ArmorClass: 11, Hit: true, Roll: 2, Damage: 3}},
		{"rules 2 rolls them twice", 2, []int{20, 2, 4, 1},
			events.Attacked{Natural: 20, Attack: 21, ArmorClass: 11, Hit: true, Roll: 6, Damage: 7}},
		{"rules 2 rolls once on any other hit", 2, []int{19, 2, 1},
			events.Attacked{Natural: 19, Attack: 20, ArmorClass: 11, Hit: true, Roll: 2, Damage: 3}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, c.rules)
			goblin := put(t, s, "Goblin", at(3, 2), 0, events.SlotNone)
			turn := decide(t, s, &events.Move{Dir: events.East}, c.rolls...)
			want := c.want
			want.Attacker, want.Target, want.Weapon = playerID, goblin, daggerID
			require.NotEmpty(t, turn.Facts)
			assert.Equal(t, &want, turn.Facts[0])
		})
	}
}

func TestALevelUpRaisesMeleeAndMagicUnderRules2(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rules int
		want  []events.Fact
	}{
		{"rules 1: the attribute only", 1, []events.Fact{
			&events.LevelledUp{Actor: playerID, Level: 2, Attribute: events.Might, HP: 20, Mana: 8},
		}},
		{"rules 2: the attribute, Melee and Magic (Defense too made monsters miss for good)", 2, []events.Fact{
			&events.LevelledUp{Actor: playerID, Level: 2, Attribute: events.Might, HP: 40, Mana: 8},
			&events.SkillRaised{Actor: playerID, Skill: events.Melee, By: 1},
			&events.SkillRaised{Actor: playerID, Skill: events.Magic, By: 1},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, c.rules)
			require.NoError(t, s.Apply(&events.GainedXP{Actor: playerID, Amount: 1000}))
			turn := play(t, s, &events.ChooseAttribute{Attribute: events.Might})
			assert.Equal(t, c.want, turn.Facts)
			skills := [events.NumSkills]int{1, 1, 1}
			if c.rules == 2 {
				skills = [events.NumSkills]int{2, 1, 2}
			}
			assert.Equal(t, skills, s.Player().Skills)
		})
	}
}

func TestScrollsDrawOnMagicAndIntelligenceUnderRules2(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name         string
		rules        int
		intelligence int
		goblinAt     events.Pos // the player stands on (2,2)
		want         int        // the missile's damage; 0: refused as out of range
	}{
		{"rules 1: 8 damage", 1, 11, at(5, 2), 8},
		{"rules 1: Intelligence adds nothing", 1, 16, at(5, 2), 8},
		{"rules 1: range 6", 1, 16, at(8, 4), 0},
		{"rules 2: 8 plus Magic 1", 2, 11, at(5, 2), 9},
		{"rules 2: plus the Intelligence bonus", 2, 16, at(5, 2), 12},
		{"rules 2: the Intelligence bonus adds to the range", 2, 16, at(8, 4), 12},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, c.rules)
			s.Player().Attributes[events.Intelligence] = c.intelligence
			goblin := put(t, s, "Goblin", c.goblinAt, 0, events.SlotNone)
			missile := put(t, s, "Magic Missile Scroll", events.Pos{}, playerID, events.SlotNone)
			require.True(t, s.CanSee(c.goblinAt))
			cmd := &events.Use{Item: missile, HasTarget: true, Target: c.goblinAt}
			if c.want == 0 {
				_, err := Decide(s, cmd)
				assert.EqualError(t, err, "that is out of range")
				return
			}
			turn, err := DecideWith(s, cmd, diceScript([]int{1, 1, 1, 1}))
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(turn.Facts), 2)
			assert.Equal(t, &events.Damaged{Actor: goblin, Amount: c.want, Cause: events.CauseMagicMissile, Source: playerID}, turn.Facts[1])
		})
	}
}

// A Goblin in the corridor sees the player just inside the east room; the
// player steps north, round the corner, out of its sight.
func TestAMonsterThatLosesSightOfThePlayerSearchesUnderRules2(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rules int
		want  []events.Fact // the turn's facts after the player's step
	}{
		{"rules 1: it waits where it is", 1, nil},
		{"rules 2: it heads for where it saw the player", 2, []events.Fact{
			&events.LostSight{Actor: 4, At: at(13, 2), Until: 1 + 3 + 5}, // turn 1, 3 steps away, 5 turns' search
			&events.Moved{Actor: 4, Dir: events.East},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, c.rules)
			require.NoError(t, s.Apply(&events.Moved{Actor: playerID, Dir: events.East}))
			s.Player().Pos = at(13, 2)
			s.visibleOK = false
			goblin := put(t, s, "Goblin", at(10, 3), 0, events.SlotNone)
			require.Equal(t, events.EntityID(4), goblin)
			require.True(t, s.CanSee(at(10, 3)), "the goblin sees the player before the step")
			turn := play(t, s, &events.Move{Dir: events.North})
			require.False(t, s.CanSee(at(10, 3)) && s.CanSee(s.Get(goblin).Pos), "the goblin does not see the player after it")
			assert.Equal(t, append([]events.Fact{&events.Moved{Actor: playerID, Dir: events.North}}, c.want...), turn.Facts)
		})
	}
}

func TestAMonsterSearchingLooksAboutThenGivesUp(t *testing.T) {
	t.Parallel()
	s := arenaOf(t, 2)
	s.Player().Pos = at(15, 8)
	s.visibleOK = false
	goblin := put(t, s, "Goblin", at(3, 3), 0, events.SlotNone)
	require.Equal(t, 1, s.Turn)
	require.NoError(t, s.Apply(&events.LostSight{Actor: goblin, At: at(3, 3), Until: 3}))
	require.False(t, s.CanSee(at(3, 3)))
	// Turn 1: at the spot, it steps a random way (East, scripted).
	turn := play(t, s, &events.Wait{}, int(events.East))
	assert.Equal(t, []events.Fact{&events.Moved{Actor: goblin, Dir: events.East}}, turn.Facts)
	// Turn 2: back to the spot.
	turn = play(t, s, &events.Wait{})
	assert.Equal(t, []events.Fact{&events.Moved{Actor: goblin, Dir: events.West}}, turn.Facts)
	// Turn 3: it has given up.
	turn = play(t, s, &events.Wait{})
	assert.Empty(t, turn.Facts)
}

func TestRestingWhileHungrySaysWhyUnderRules2(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		rules  int
		hunger events.Hunger
		want   []string
	}{
		{"rules 1 says nothing", 1, events.Hungry, nil},
		{"rules 2 says hunger stops the healing", 2, events.Hungry, []string{"You are too hungry to heal by resting. Eat something."}},
		{"rules 2 says so when starving", 2, events.Starving, []string{"Hunger gnaws at you: 1 damage.", "You are starving: resting heals nothing. Eat something!"}},
		{"rules 2 says nothing when resting heals", 2, events.Normal, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, c.rules)
			require.NoError(t, s.Apply(&events.Damaged{Actor: playerID, Amount: 5, Cause: events.CauseMagicMissile}))
			require.NoError(t, s.Apply(&events.HungerChanged{Actor: playerID, Hunger: c.hunger}))
			turn := decide(t, s, &events.Wait{})
			log, err := s.ApplyTurnMessages(&turn)
			require.NoError(t, err)
			assert.Equal(t, c.want, log)
		})
	}
}

func TestRules2StartsThePlayerWithTwoHealthPotionsAndARation(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rules int
		want  []string
	}{
		{"rules 1: an empty backpack", 1, nil},
		{"rules 2: two Health Potions and a Ration", 2, []string{"Health Potion", "Health Potion", "Ration"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := New(7, tablesOf(c.rules))
			turn, err := Decide(s, &events.Begin{})
			require.NoError(t, err)
			require.NoError(t, s.ApplyTurn(&turn))
			var got []string
			for _, it := range s.Backpack(playerID) {
				got = append(got, s.Content().Name(it.Kind))
			}
			assert.Equal(t, c.want, got)
		})
	}
}

func TestXPToLevelGrowsUnderRules2(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name         string
		rules, level int
		want         int
	}{
		{"rules 1: level 2 at 1 000", 1, 1, 1000},
		{"rules 1: level 5 at 4 000", 1, 4, 4000},
		{"rules 2: level 2 at 1 000", 2, 1, 1000},
		{"rules 2: level 3 at 3 000", 2, 2, 3000},
		{"rules 2: level 5 at 10 000", 2, 4, 10000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arenaOf(t, c.rules)
			s.Player().Level = c.level
			assert.Equal(t, c.want, s.XPToLevel(s.Player()))
		})
	}
}
