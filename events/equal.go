package events

import "slices"

// SameFact reports whether a and b are the same fact: the same type and
// equal fields. It is what reflect.DeepEqual says, without reflection
// (verify compares every decided fact with the recorded one), except that
// a nil and an empty list in a LevelEntered are the same: they encode
// alike.
func SameFact(a, b Fact) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	if a == b {
		return true
	}
	if a.Code() != b.Code() {
		return false
	}
	return factEqual[a.Code()](a, b)
}

// factEqual compares two facts of one code. Every fact type but
// LevelEntered is a comparable struct (the compiler checks it here).
var factEqual = [256]func(a, b Fact) bool{
	CodeLevelEntered:  equalLevels,
	CodeSpawned:       equalValues[Spawned, *Spawned],
	CodeMoved:         equalValues[Moved, *Moved],
	CodeStaggered:     equalValues[Staggered, *Staggered],
	CodeAttacked:      equalValues[Attacked, *Attacked],
	CodeDied:          equalValues[Died, *Died],
	CodeGainedXP:      equalValues[GainedXP, *GainedXP],
	CodeLevelledUp:    equalValues[LevelledUp, *LevelledUp],
	CodePickedUp:      equalValues[PickedUp, *PickedUp],
	CodeDropped:       equalValues[Dropped, *Dropped],
	CodeEquipped:      equalValues[Equipped, *Equipped],
	CodeUnequipped:    equalValues[Unequipped, *Unequipped],
	CodeConsumed:      equalValues[Consumed, *Consumed],
	CodeHealed:        equalValues[Healed, *Healed],
	CodeDamaged:       equalValues[Damaged, *Damaged],
	CodeConfused:      equalValues[Confused, *Confused],
	CodeHungerChanged: equalValues[HungerChanged, *HungerChanged],
	CodeShot:          equalValues[Shot, *Shot],
	CodeMoodChanged:   equalValues[MoodChanged, *MoodChanged],
	CodeStole:         equalValues[Stole, *Stole],
	CodeSummoned:      equalValues[Summoned, *Summoned],
	CodeWon:           equalValues[Won, *Won],
	CodeLostSight:     equalValues[LostSight, *LostSight],
	CodeSkillRaised:   equalValues[SkillRaised, *SkillRaised],
}

func equalLevels(a, b Fact) bool {
	x, ok1 := a.(*LevelEntered)
	y, ok2 := b.(*LevelEntered)
	return ok1 && ok2 && x.Depth == y.Depth && x.Width == y.Width && x.Height == y.Height &&
		x.Stairs == y.Stairs && x.Arrival == y.Arrival &&
		slices.Equal(x.Rooms, y.Rooms) && slices.Equal(x.Corridors, y.Corridors)
}

func equalValues[T comparable, P interface {
	*T
	Fact
}](a, b Fact) bool {
	x, ok1 := a.(P)
	y, ok2 := b.(P)
	return ok1 && ok2 && *x == *y
}
