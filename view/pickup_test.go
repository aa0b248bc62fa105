package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// o on a potion picks it up (explore's pickup is on by default); A turns
// that off and on again, and says so; with it off, explore walks on.
func TestATogglesExplorePickingUpPotionsAndScrolls(t *testing.T) {
	t.Parallel()
	p := newPlayed(t, 3)
	s := p.g.State
	for _, e := range s.Monsters() {
		require.NoError(t, s.Apply(&events.Died{Actor: e.ID, Cause: events.CauseMelee, Killer: events.PlayerID}))
	}
	potion, ok := s.Content().ByName("Health Potion")
	require.True(t, ok)
	require.NoError(t, s.Apply(&events.Spawned{ID: s.NextID, Kind: potion, Pos: s.Player().Pos}))

	p.key(t, Rune('o'))
	assert.Equal(t, &events.PickUp{}, p.jobs.next(), "on by default")
	p.jobs.stop("")

	p.key(t, Rune('A'))
	assert.Equal(t, []string{"Explore picks up nothing now: it stops on items (A: potions and scrolls)."}, p.m.Messages(1))
	p.key(t, Rune('o'))
	assert.IsType(t, &events.Move{}, p.jobs.next(), "off: explore walks on")
	p.jobs.stop("")

	p.key(t, Rune('A'))
	assert.Equal(t, []string{"Explore picks up the potions and scrolls it walks onto (A: nothing)."}, p.m.Messages(1))
	p.key(t, Rune('o'))
	assert.Equal(t, &events.PickUp{}, p.jobs.next(), "on again")
}

// On a tile whose items g cannot take, the backpack being full, the line
// says so rather than offer g.
func TestSeeHereSaysTheBackpackIsFullRatherThanOfferG(t *testing.T) {
	t.Parallel()
	p := newPlayed(t, 3)
	s := p.g.State
	mail, ok := s.Content().ByName("Chain Mail")
	require.True(t, ok)
	require.NoError(t, s.Apply(&events.Spawned{ID: s.NextID, Kind: mail, Pos: s.Player().Pos}))
	assert.Equal(t, "You see here: a suit of Chain Mail (g picks up).", seeHere(s))
	ration, ok := s.Content().ByName("Ration")
	require.True(t, ok)
	for len(s.Backpack(events.PlayerID)) < s.Content().Rules.Backpack {
		require.NoError(t, s.Apply(&events.Spawned{ID: s.NextID, Kind: ration, Holder: events.PlayerID}))
	}
	assert.Equal(t, "You see here: a suit of Chain Mail (your backpack is full).", seeHere(s))
}
