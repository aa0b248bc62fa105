package reducer

import "rogue/events"

// hunger runs the player's hunger clock at the end of a turn: Well Fed,
// then Normal, then Hungry, then Starving, which costs HP every turn.
func (d *decider) hunger() {
	w := d.w
	r := &w.content.Rules
	next := d.turn + 1
	if w.HungerUntil != 0 && next >= w.HungerUntil {
		switch w.Hunger {
		case events.WellFed:
			d.emit(&events.HungerChanged{Actor: events.PlayerID, Hunger: events.Normal, Until: next + r.NormalTurns})
		case events.Normal:
			d.emit(&events.HungerChanged{Actor: events.PlayerID, Hunger: events.Hungry, Until: next + r.HungryTurns})
		case events.Hungry:
			d.emit(&events.HungerChanged{Actor: events.PlayerID, Hunger: events.Starving, Until: 0})
		}
	}
	if w.Hunger == events.Starving && r.StarvingDamage > 0 {
		d.harm(events.PlayerID, r.StarvingDamage, events.CauseStarvation, 0)
	}
}

// rest is waiting: with no hostile in view and not Hungry or Starving, the
// player heals a little.
func (d *decider) rest() {
	w := d.w
	p := d.player()
	if w.Hunger >= events.Hungry {
		return
	}
	// Any monster in view: looked for in the decider's notes of the
	// monsters (see monsterNotes), not among every entity, and only
	// within the disc a view is limited to (see fov.Compute).
	r := w.content.Rules.Vision
	for _, n := range d.monsterNotes() {
		if r > 0 && distance2(n.pos, p.Pos) <= r*r+r && d.view.sees(w, p.Pos, n.pos) {
			return
		}
	}
	if gain := min(w.content.Rules.RestHeal, w.MaxHP(p)-p.HP); gain > 0 {
		d.heal(p.ID, gain, events.CauseRest)
	}
}
