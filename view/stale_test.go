package view

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// A line of the log that is no longer true leaves the message area (the
// history keeps it): "You see here" once the player steps off the item,
// "Low HP" once they have healed.
func TestALogLineNoLongerTrueLeavesTheMessageArea(t *testing.T) {
	t.Parallel()
	p := newPlayed(t, 3)
	s := p.g.State
	for _, e := range s.Monsters() {
		require.NoError(t, s.Apply(&events.Died{Actor: e.ID, Cause: events.CauseMelee, Killer: events.PlayerID}))
	}
	potion, ok := s.Content().ByName("Health Potion")
	require.True(t, ok)
	require.NoError(t, s.Apply(&events.Spawned{ID: s.NextID, Kind: potion, Pos: s.Player().Pos}))
	pl := s.Player()
	most := s.MaxHP(pl)
	pl.HP = most / 3
	p.m.moment++
	p.m.Say(seeHere(s))
	p.m.Say("Low HP: 3 of 10 left. Drink the Health Potion (i) or rest (Z).")
	area := func() string { return strings.Join(strings.Split(render(p.m, 80, 24), "\n")[21:24], "\n") }
	require.Contains(t, area(), "You see here: a Health Potion")
	require.Contains(t, area(), "Low HP")

	pl.HP = most
	assert.NotContains(t, area(), "Low HP", "healed: no longer true")
	assert.Contains(t, area(), "You see here: a Health Potion", "still on it")
	for d := events.Dir(0); d < events.NumDirs; d++ {
		if s.Map.Walkable(pl.Pos.Add(d)) && s.ActorAt(pl.Pos.Add(d)) == nil {
			p.do(t, &events.Move{Dir: d})
			break
		}
	}
	assert.NotContains(t, area(), "You see here: a Health Potion", "stepped off it")
	p.m.HandleKey(Named(KeyCtrlP))
	history := render(p.m, 80, 24)
	assert.Contains(t, history, "You see here: a Health Potion", "the history keeps it")
	assert.Contains(t, history, "Low HP")
}
