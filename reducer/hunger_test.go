package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"rogue/events"
)

func TestHungerRunsFromWellFedToStarving(t *testing.T) {
	t.Parallel()
	s := arena(t)
	// Turn 1 starts the clock as a ration would: Well Fed until turn 3.
	s.Apply(&events.HungerChanged{Actor: playerID, Hunger: events.WellFed, Until: 3})
	var changes []events.Fact
	for i := 0; i < 4+200+200; i++ {
		turn := play(t, s, &events.Wait{})
		for _, f := range turn.Facts {
			if _, ok := f.(*events.HungerChanged); ok {
				changes = append(changes, f)
			}
		}
	}
	assert.Equal(t, []events.Fact{
		&events.HungerChanged{Actor: playerID, Hunger: events.Normal, Until: 3 + 200},
		&events.HungerChanged{Actor: playerID, Hunger: events.Hungry, Until: 3 + 200 + 200},
		&events.HungerChanged{Actor: playerID, Hunger: events.Starving, Until: 0},
	}, changes)
}

func TestStarvingCostsAHitPointATurnAndCanKill(t *testing.T) {
	t.Parallel()
	s := arena(t)
	s.Apply(&events.HungerChanged{Actor: playerID, Hunger: events.Starving})
	s.Player().HP = 2
	turn := play(t, s, &events.Wait{})
	assert.Equal(t, []events.Fact{
		&events.Damaged{Actor: playerID, Amount: 1, Cause: events.CauseStarvation},
	}, turn.Facts)
	turn = play(t, s, &events.Wait{})
	assert.Equal(t, []events.Fact{
		&events.Damaged{Actor: playerID, Amount: 1, Cause: events.CauseStarvation},
		&events.Died{Actor: playerID, Cause: events.CauseStarvation},
	}, turn.Facts)
	assert.Equal(t, events.Died{Actor: playerID, Cause: events.CauseStarvation}, s.Death)
}

func TestResting(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		hunger events.Hunger
		foe    bool
		want   []events.Fact
	}{
		{"heals a hit point with nothing hostile in view", events.Normal, false,
			[]events.Fact{&events.Healed{Actor: playerID, Amount: 1, Cause: events.CauseRest}}},
		{"heals nothing while a hostile is in view", events.Normal, true, nil},
		{"heals nothing while Hungry", events.Hungry, false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arena(t)
			s.Apply(&events.HungerChanged{Actor: playerID, Hunger: c.hunger})
			s.Player().HP = 5
			if c.foe {
				// In view but confused in a corner, so it does nothing to see.
				g := put(t, s, "Goblin", at(8, 5), 0, events.SlotNone)
				s.Get(g).ConfusedUntil = 100
				c.want = append(c.want, &events.Staggered{Actor: g, Dir: events.SouthEast, Blocked: true})
				turn := play(t, s, &events.Wait{}, int(events.SouthEast))
				assert.Equal(t, c.want, turn.Facts)
				return
			}
			turn := play(t, s, &events.Wait{})
			assert.Equal(t, c.want, turn.Facts)
		})
	}
}
