package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// A snapshot leaves out the fields that hold their usual value: each
// field read back is the one written, whether it was left out or not.
func TestASnapshotKeepsEveryFieldItLeavesOutOrNot(t *testing.T) {
	t.Parallel()
	s := arena(t)
	orc := put(t, s, "Orc", events.Pos{X: 5, Y: 3}, 0, events.SlotNone)
	goblin := put(t, s, "Goblin", events.Pos{X: 6, Y: 3}, 0, events.SlotNone)
	potion := put(t, s, "Health Potion", events.Pos{}, playerID, events.SlotNone)
	put(t, s, "Dagger", events.Pos{X: 7, Y: 4}, 0, events.SlotNone) // on the floor
	for _, f := range []events.Fact{
		&events.Confused{Actor: orc, Until: 40},
		&events.GainedXP{Actor: playerID, Amount: 1000},
		&events.LevelledUp{Actor: playerID, Attribute: events.Might},
		&events.Damaged{Actor: goblin, Amount: 1, Cause: events.CauseMelee, Source: playerID},
	} {
		require.NoError(t, s.Apply(f))
	}
	got, err := UnmarshalSnapshot(s.MarshalSnapshot(), s.content)
	require.NoError(t, err)
	for _, id := range []events.EntityID{playerID, daggerID, armorID, orc, goblin, potion} {
		want := *s.Get(id)
		assert.Equal(t, want, *got.Get(id), "entity %d", id)
	}
	assert.Equal(t, s.liveInto(nil), got.liveInto(nil))
	assert.Equal(t, 40, got.Get(orc).ConfusedUntil)
	assert.NotEqual(t, s.content.Monster(s.Get(playerID).Kind).Attributes, got.Get(playerID).Attributes, "the player's raised might")
}
