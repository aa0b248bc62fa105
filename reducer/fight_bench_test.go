package reducer

import (
	"testing"

	"rogue/events"
)

// BenchmarkFoldFight folds the turns of a fight, in ns a turn: a rat
// arrives beside the player and attacks it; the player kills it with the
// worn dagger the next turn and gains experience (the arena's dead pile
// up until they are half, and go, as in a long game).
func BenchmarkFoldFight(b *testing.B) {
	s := arena(b)
	rat := code(b, "Rat")
	spawned := &events.Spawned{Kind: rat, Pos: at(3, 2), HP: 3}
	bitten := &events.Attacked{Target: playerID, Natural: 3, Attack: 3, ArmorClass: 10}
	killed := &events.Attacked{Attacker: playerID, Weapon: daggerID, Natural: 18, Attack: 20, ArmorClass: 10, Hit: true, Roll: 4, Damage: 4}
	died := &events.Died{Cause: events.CauseMelee, Killer: playerID}
	turns := [2]events.Turn{
		{Command: &events.Wait{}, Facts: []events.Fact{spawned, bitten}},
		{Command: &events.Move{Dir: events.East}, Facts: []events.Fact{killed, died, &events.GainedXP{Actor: playerID, Amount: 1}}},
	}
	for b.Loop() {
		id := s.NextID
		spawned.ID, bitten.Attacker, killed.Target, died.Actor = id, id, id, id
		for i := range turns {
			if err := s.ApplyTurn(&turns[i]); err != nil {
				b.Fatal(err)
			}
		}
	}
}
