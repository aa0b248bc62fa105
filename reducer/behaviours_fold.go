package reducer

import "rogue/events"

// applyBehaviour folds the facts of the monsters' behaviours (rules 3:
// see content.Rules.Behaviours): a shot, a mood, a theft, a summons;
// handled is false for any other fact. As every fold, it checks structure
// only: the actors and items named exist and stand where the fact needs
// them.
func (s *State) applyBehaviour(f events.Fact) (handled bool, err error) {
	switch f := f.(type) {
	case *events.Shot:
		if _, err := s.actorOnMap(f.Attacker); err != nil {
			return true, inField("Attacker", err)
		}
		t, err := s.actorOnMap(f.Target)
		if err != nil {
			return true, inField("Target", err)
		}
		if f.Attacker == f.Target {
			return true, fieldErrorf("Target", "actor %d shoots itself", f.Target)
		}
		if f.Hit {
			t.HP -= f.Damage
		}
		return true, nil
	case *events.MoodChanged:
		a, err := s.actorOnMap(f.Actor)
		if err != nil {
			return true, inField("Actor", err)
		}
		if a.ID == events.PlayerID {
			return true, fieldErrorf("Actor", "the player has no mood")
		}
		if f.Mood >= events.NumMoods {
			return true, fieldErrorf("Mood", "mood %d does not exist", f.Mood)
		}
		a.Mood = f.Mood
		return true, nil
	case *events.Stole:
		thief, err := s.actorOnMap(f.Actor)
		if err != nil {
			return true, inField("Actor", err)
		}
		if f.Actor == f.Victim {
			return true, fieldErrorf("Victim", "actor %d steals from itself", f.Victim)
		}
		victim, err := s.actorOnMap(f.Victim)
		if err != nil {
			return true, inField("Victim", err)
		}
		it, err := s.carried(f.Item, f.Victim)
		if err != nil {
			return true, err
		}
		if it.Slot != events.SlotNone {
			return true, fieldErrorf("Item", "item %d is worn: it cannot be stolen", f.Item)
		}
		if thief.holding >= events.MaxHeld {
			return true, fieldErrorf("Actor", "actor %d already holds %d items, the most one may", f.Actor, events.MaxHeld)
		}
		s.outOfPack(it)
		victim.holding--
		thief.holding++
		it.Holder, it.PackOrder = f.Actor, 0
		s.intoPack(it)
		return true, nil
	case *events.Summoned:
		if _, err := s.actorOnMap(f.Actor); err != nil {
			return true, inField("Actor", err)
		}
		if f.Count < 1 || f.Count > 8 {
			return true, fieldErrorf("Count", "%d summoned: a monster calls 1 to 8", f.Count)
		}
		return true, nil
	}
	return false, nil
}
