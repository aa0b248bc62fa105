// Package eventstest holds what the tests of the packages that read and
// write journals share: one filled-in value of every command and fact.
// Only tests import it.
package eventstest

import "rogue/events"

// Facts holds one filled-in value of every fact type, in the order of
// their codes: the chosen one (chosenFacts) where there is one, else the
// generator's made-up one (samples_gen.go).
func Facts() []events.Fact {
	chosen := map[events.FactCode]events.Fact{}
	for _, f := range chosenFacts() {
		chosen[f.Code()] = f
	}
	for _, f := range madeFacts() {
		if chosen[f.Code()] == nil {
			chosen[f.Code()] = f
		}
	}
	var out []events.Fact
	for _, c := range events.FactCodes() {
		f := chosen[c]
		if f == nil {
			panic("eventstest: no sample of fact " + events.FactName(c) + ": a //wire:custom fact needs one in chosenFacts")
		}
		out = append(out, f)
	}
	return out
}

// chosenFacts are values chosen by hand, every field other than its zero
// value where the type allows, and in the shapes the shorthands write
// (a swing the d20 rule hits, a monster's step, ...).
func chosenFacts() []events.Fact {
	return []events.Fact{
		&events.LevelEntered{Depth: 2, Width: 80, Height: 50,
			Rooms:     []events.Rect{{X: 1, Y: 2, W: 6, H: 7}, {X: 20, Y: 30, W: 10, H: 8}},
			Corridors: []events.Corridor{{From: events.Pos{X: 3, Y: 5}, To: events.Pos{X: 24, Y: 33}, HorizontalFirst: true}},
			Stairs:    events.Pos{X: 24, Y: 33}, Arrival: events.Pos{X: 3, Y: 5}},
		&events.Spawned{ID: 7, Kind: 3, Pos: events.Pos{X: 4, Y: 5}, Holder: 2, Slot: events.MainHand, HP: 12},
		&events.Moved{Actor: 1, Dir: events.SouthWest},
		&events.Staggered{Actor: 9, Dir: events.North, Blocked: true},
		&events.Attacked{Attacker: 1, Target: 9, Weapon: 2, Natural: 14, Attack: 15, ArmorClass: 11, Hit: true, Roll: 3, Damage: 4},
		&events.Died{Actor: 9, Cause: events.CauseMelee, Killer: 1},
		&events.GainedXP{Actor: 1, Amount: 100},
		&events.LevelledUp{Actor: 1, Level: 2, Attribute: events.Quickness, HP: 20, Mana: 8},
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
}

// Commands holds one filled-in value of every command type (a Use with
// a target and one without): the chosen ones, then a made-up one of each
// type they leave out.
func Commands() []events.Command {
	out := chosenCommands()
	have := map[events.CommandCode]bool{}
	for _, c := range out {
		have[c.Code()] = true
	}
	for _, c := range madeCommands() {
		if !have[c.Code()] {
			out = append(out, c)
		}
	}
	return out
}

// chosenCommands are values chosen by hand.
func chosenCommands() []events.Command {
	return []events.Command{
		&events.Begin{}, &events.Move{Dir: events.East}, &events.Wait{}, &events.PickUp{}, &events.Drop{Item: 5},
		&events.Use{Item: 6}, &events.Use{Item: 6, HasTarget: true, Target: events.Pos{X: 10, Y: 11}},
		&events.Remove{Item: 2}, &events.Descend{}, &events.ChooseAttribute{Attribute: events.Fitness},
		&events.PickUpItem{Item: 12}, &events.UseOn{Item: 13, On: 2},
	}
}
