package reducer

import (
	"fmt"

	"rogue/events"
)

// behaviourMessage is Message for the facts of the monsters' behaviours
// (rules 3).
func behaviourMessage(s *State, f events.Fact, the, The func(events.EntityID) string) string {
	switch f := f.(type) {
	case *events.Shot:
		verb := "shoots"
		if a := s.Get(f.Attacker); a != nil {
			if m := s.content.Monster(a.Kind); m != nil && m.Ranged != nil {
				verb = m.Ranged.Verb
			}
		}
		switch {
		case !f.Hit:
			return fmt.Sprintf("%s %s %s and misses.", The(f.Attacker), verb, the(f.Target))
		case f.Damage <= 0:
			return fmt.Sprintf("%s %s %s but does no harm.", The(f.Attacker), verb, the(f.Target))
		}
		crit := ""
		if f.Natural == 20 {
			crit = " A critical hit!"
		}
		return fmt.Sprintf("%s %s %s for %d.%s", The(f.Attacker), verb, the(f.Target), f.Damage, crit)
	case *events.MoodChanged:
		a := s.Get(f.Actor)
		if a == nil {
			return ""
		}
		switch f.Mood {
		case events.Asleep:
			return "" // as it is spawned, unseen
		case events.Fleeing:
			return fmt.Sprintf("%s flees!", The(f.Actor))
		case events.Rallied:
			if a.HP*3 < s.MaxHP(a)*2 || a.holding > 0 {
				return fmt.Sprintf("%s is cornered and turns to fight!", The(f.Actor))
			}
			return fmt.Sprintf("%s comes back, its wounds healed.", The(f.Actor))
		}
		return fmt.Sprintf("%s wakes up and notices you!", The(f.Actor))
	case *events.Stole:
		return fmt.Sprintf("%s snatches your %s!", The(f.Actor), s.Name(f.Item))
	case *events.Summoned:
		if f.Count == 1 {
			return fmt.Sprintf("%s calls an ally to its side!", The(f.Actor))
		}
		return fmt.Sprintf("%s calls %d allies to its side!", The(f.Actor), f.Count)
	}
	return ""
}
