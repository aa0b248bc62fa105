package msgpackref

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

func TestItDecodesEveryShapeTheCodecWrites(t *testing.T) {
	t.Parallel()
	facts := []events.Fact{
		&events.LevelEntered{Depth: 2, Width: 80, Height: 50,
			Rooms:     []events.Rect{{X: 1, Y: 2, W: 6, H: 7}},
			Corridors: []events.Corridor{{From: events.Pos{X: 3, Y: 5}, To: events.Pos{X: 24, Y: 33}, HorizontalFirst: true}}},
		&events.Spawned{ID: 7, Kind: 3, Pos: events.Pos{X: 4, Y: 5}, HP: 12},
		&events.Moved{Actor: 1, Dir: events.SouthWest},
		&events.Staggered{Actor: 9, Dir: events.North, Blocked: true},
		&events.Attacked{Attacker: 1, Target: 9, Natural: 14, Attack: 15, ArmorClass: 11, Hit: true, Roll: 3, Damage: 4},
		&events.Died{Actor: 9, Cause: events.CauseMelee, Killer: 1},
		&events.GainedXP{Actor: 1, Amount: 100},
		&events.LevelledUp{Actor: 1, Level: 2, HP: 20, Mana: 8},
		&events.PickedUp{Actor: 1, Item: 12},
		&events.Dropped{Actor: 1, Item: 12},
		&events.Equipped{Actor: 1, Item: 12, Slot: events.OffHand, Displaced: 4},
		&events.Unequipped{Actor: 1, Item: 12},
		&events.Consumed{Actor: 1, Item: 13},
		&events.Healed{Actor: 1, Amount: 8, Cause: events.CausePotion},
		&events.Damaged{Actor: 9, Amount: 20, Cause: events.CauseFireball, Source: 1},
		&events.Confused{Actor: 9, Until: 40},
		&events.HungerChanged{Actor: 1, Hunger: events.Hungry, Until: 620},
		&events.LostSight{Actor: 9, At: events.Pos{X: 12, Y: 7}, Until: 130},
		&events.SkillRaised{Actor: 1, Skill: events.Magic, By: 1},
		&events.Zapped{Actor: 1, Item: 14},
		&events.Enchanted{Actor: 1, Item: 12, By: 1},
		&events.Shot{Attacker: 9, Target: 1, Natural: 12, Attack: 14, ArmorClass: 13, Hit: true, Roll: 5, Damage: 6},
		&events.MoodChanged{Actor: 9, Mood: events.Fleeing},
		&events.Stole{Actor: 9, Victim: 1, Item: 13},
		&events.Summoned{Actor: 9, Count: 2},
		&events.Won{Actor: 1, Item: 14},
	}
	require.Len(t, facts, len(events.FactCodes()))
	d := NewDecoder()
	for _, c := range []events.Command{&events.Begin{}, &events.Move{}, &events.Wait{}, &events.PickUp{}, &events.Drop{Item: 3},
		&events.Use{Item: 4}, &events.Use{Item: 4, HasTarget: true}, &events.Remove{Item: 2}, &events.Descend{}, &events.ChooseAttribute{},
		&events.PickUpItem{Item: 5}, &events.UseOn{Item: 6, On: 2}} {
		p, err := events.NewTurnEncoderFor(1).Encode(&events.Turn{Command: c, Draws: 3, Facts: facts})
		require.NoError(t, err)
		require.NoError(t, d.Decode(p))
		assert.Len(t, d.Facts, len(facts))
	}
	assert.Equal(t, &moved{Code: 3, Actor: 1, Dir: uint32(events.SouthWest)}, d.Facts[2])
}
