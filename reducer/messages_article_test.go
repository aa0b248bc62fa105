package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// Plurals and armour do not take "a": "a pair of Gauntlets", "a suit of
// Chain Mail", and the rest "a" or "an".
func TestArticleFitsPluralsAndArmour(t *testing.T) {
	t.Parallel()
	got := map[string]string{}
	for _, n := range []string{"Gauntlets", "Leather Boots", "Chain Mail", "Leather Armor", "Orc", "Dagger", "Amulet of the Deep", "Vampire Bat", ""} {
		got[n] = Article(n)
	}
	assert.Equal(t, map[string]string{
		"Gauntlets": "a pair of Gauntlets", "Leather Boots": "a pair of Leather Boots",
		"Chain Mail": "a suit of Chain Mail", "Leather Armor": "a suit of Leather Armor",
		"Orc": "an Orc", "Dagger": "a Dagger", "Amulet of the Deep": "an Amulet of the Deep", "Vampire Bat": "a Vampire Bat", "": "something",
	}, got)
}

// A monster's wounds closing is told only where the player sees it: a
// regenerating Troll in the other room heals without a line.
func TestAMonsterHealingOutOfSightSaysNothing(t *testing.T) {
	t.Parallel()
	s := arena(t)
	near := put(t, s, "Goblin", events.Pos{X: 3, Y: 2}, 0, events.SlotNone)
	far := put(t, s, "Goblin", events.Pos{X: 15, Y: 8}, 0, events.SlotNone)
	require.True(t, s.CanSee(events.Pos{X: 3, Y: 2}))
	require.False(t, s.CanSee(events.Pos{X: 15, Y: 8}))
	assert.Equal(t, "The Goblin's wounds close (+1).", Message(s, &events.Healed{Actor: near, Amount: 1, Cause: events.CauseRegeneration}))
	assert.Equal(t, "", Message(s, &events.Healed{Actor: far, Amount: 1, Cause: events.CauseRegeneration}))
}
