package reducer

import (
	"rogue/events"
	"rogue/reducer/content"
)

// Rules 3's monsters: each kind's turn as its content.Behaves says. A
// kind that does nothing more walks up and hits, as under rules 2.

// summonChance is the chance in 100, a turn, that a summoner in sight of
// the player calls others to its side.
const summonChance = 20

// act3 is a monster's turn under rules 3: a slow one acts on even turns
// only, a fast one twice.
func (d *decider) act3(m *Entity, kind *content.Monster) {
	b := &kind.Behaves
	if b.Slow && d.turn%2 == 1 {
		return
	}
	id := m.ID
	d.actOnce3(m, kind)
	if b.Fast {
		if m = d.w.Get(id); m != nil && !d.w.Over && m.ConfusedUntil <= d.turn {
			d.actOnce3(m, kind)
		}
	}
}

// actOnce3 is one action of a monster under rules 3.
//
// Draws: a sleeper in sight, the d100 of waking; a summoner in sight, the
// d100 of summoning; then what the action draws (a swing, a shot, a
// theft's choice, a search's step).
func (d *decider) actOnce3(m *Entity, kind *content.Monster) {
	w := d.w
	r := &w.content.Rules
	b := &kind.Behaves
	p := d.player()
	id := m.ID
	sees := within(m.Pos, p.Pos, r.Vision) && d.view.sees(w, p.Pos, m.Pos)
	switch m.Mood {
	case events.Asleep:
		if sees && d.rng.Intn(100) < r.WakeChance {
			d.setMood(id, events.Awake)
		}
		return
	case events.Fleeing:
		most := w.MaxHP(m)
		if m.HP*3 >= most*2 && m.holding == 0 {
			d.setMood(id, events.Rallied)
			if m = w.Get(id); m == nil {
				return
			}
			break
		}
		if m.HP < most {
			d.heal(id, 1, events.CauseRegeneration)
		}
		if m = w.Get(id); m == nil || !sees || d.flee(m) {
			return
		}
		// Cornered: it turns and fights.
		d.setMood(id, events.Rallied)
		if m = w.Get(id); m == nil {
			return
		}
	}
	if b.Regenerates > 0 {
		if gain := min(b.Regenerates, w.MaxHP(m)-m.HP); gain > 0 {
			d.heal(id, gain, events.CauseRegeneration)
			if m = w.Get(id); m == nil {
				return
			}
		}
	}
	if !sees {
		if r.SearchTurns > 0 {
			d.search(m)
		}
		return
	}
	if b.Flees && m.Mood == events.Awake && m.HP*3 <= w.MaxHP(m) {
		if dir, ok := d.fleeStep(m); ok {
			d.setMood(id, events.Fleeing)
			d.moveActor(id, dir)
			return
		}
	}
	dist := chebyshev(m.Pos, p.Pos)
	if b.Summons != nil && d.rng.Intn(100) < summonChance && d.summon(m, b.Summons) {
		return
	}
	if g := b.Ranged; g != nil && dist > 1 && dist <= g.Range {
		d.shoot(m, p, g)
		return
	}
	if dist == 1 {
		if d.attack(m, p) && b.Steals {
			d.steal(id)
		}
		return
	}
	d.chase(m, p.Pos)
}

// setMood decides that monster id's mood is now mood.
func (d *decider) setMood(id events.EntityID, mood events.Mood) {
	d.emit(&events.MoodChanged{Actor: id, Mood: mood})
}

// flee steps m away from the player, if it can: false when cornered.
func (d *decider) flee(m *Entity) bool {
	dir, ok := d.fleeStep(m)
	if ok {
		d.moveActor(m.ID, dir)
	}
	return ok
}

// fleeStep is the way away from the player: to the free neighbour
// farthest from the player, farther than where m stands (the first in
// direction order among the farthest); false when there is none.
func (d *decider) fleeStep(m *Entity) (events.Dir, bool) {
	w := d.w
	p := d.player()
	best, bestDir := distance2(m.Pos, p.Pos), events.Dir(0)
	found := false
	for dir := events.Dir(0); dir < events.NumDirs; dir++ {
		to := m.Pos.Add(dir)
		if !w.Map.Walkable(to) || d.actorAt(to) != nil {
			continue
		}
		if d2 := distance2(to, p.Pos); d2 > best {
			best, bestDir, found = d2, dir, true
		}
	}
	return bestDir, found
}

// summon calls one or two of kind to the free tiles next to m, in
// direction order, while the level holds fewer than Rules.MaxMonsters;
// false when there is no room. Draws: how many (1 or 2).
func (d *decider) summon(m *Entity, kind *content.Monster) bool {
	w := d.w
	room := len(d.monsterNotes())
	if most := w.content.Rules.MaxMonsters; most > 0 {
		room = most - room
	} else {
		room = 2
	}
	var free []events.Pos
	for dir := events.Dir(0); dir < events.NumDirs && len(free) < 2; dir++ {
		if to := m.Pos.Add(dir); w.Map.Walkable(to) && d.actorAt(to) == nil {
			free = append(free, to)
		}
	}
	n := min(1+d.rng.Intn(2), len(free), room)
	if n < 1 {
		return false
	}
	d.emit(&events.Summoned{Actor: m.ID, Count: n})
	for _, at := range free[:n] {
		d.spawnKind(kind.Code, at)
	}
	return true
}

// shoot is a ranged attack by the d20 rule, as attack is a swing: the
// attack adds the shooter's Quickness bonus and Melee skill; the damage
// is the ranged dice alone, rolled Rules.CriticalRolls times on a
// natural 20. Draws: the d20, then the damage dice on a hit.
func (d *decider) shoot(m, target *Entity, g *content.Ranged) {
	w := d.w
	natural := d.rng.Die(20)
	f := &events.Shot{
		Attacker:   m.ID,
		Target:     target.ID,
		Natural:    natural,
		Attack:     natural + Bonus(m.Attributes[events.Quickness]) + m.Skills[events.Melee],
		ArmorClass: w.ArmorClass(target),
	}
	f.Hit = natural != 1 && (natural == 20 || f.Attack >= f.ArmorClass)
	if f.Hit {
		f.Roll = d.rng.Roll(g.Damage.N, g.Damage.Sides)
		if natural == 20 {
			for range w.content.Rules.CriticalRolls - 1 {
				f.Roll += d.rng.Roll(g.Damage.N, g.Damage.Sides)
			}
		}
		f.Damage = f.Roll
	}
	targetID, shooter := target.ID, m.ID
	d.emit(f)
	d.checkDeath(targetID, shooter, events.CauseShot)
}

// steal is a thief's hit followed up, when the player lives and carries
// anything not worn: one such item, drawn, goes into the thief's hands,
// and the thief flees. Draws: which item.
func (d *decider) steal(thief events.EntityID) {
	w := d.w
	m := w.Get(thief)
	if m == nil || w.Over || m.holding > 0 {
		return
	}
	pack := w.Backpack(events.PlayerID)
	var loose []events.EntityID
	for _, it := range pack {
		if it.Slot == events.SlotNone {
			loose = append(loose, it.ID)
		}
	}
	if len(loose) == 0 {
		return
	}
	it := loose[d.rng.Intn(len(loose))]
	d.emit(&events.Stole{Actor: thief, Victim: events.PlayerID, Item: it})
	d.setMood(thief, events.Fleeing)
}

// wake wakes monster id if it sleeps and lives: a blow or a blast wakes
// it.
func (d *decider) wake(id events.EntityID) {
	if id == events.PlayerID {
		return
	}
	if m := d.w.Get(id); m != nil && m.HP > 0 && m.Mood == events.Asleep {
		d.setMood(id, events.Awake)
	}
}
