package reducer

import (
	"slices"

	"rogue/events"
)

// move steps the player, or attacks the monster in the way. Walls refuse
// without costing a turn.
func (d *decider) move(dir events.Dir) error {
	if !dir.Valid() {
		return refuse("that is not a direction")
	}
	w := d.w
	p := d.player()
	to := p.Pos.Add(dir)
	if !w.Map.Walkable(to) {
		return refuse("a wall blocks the way")
	}
	if target := d.actorAt(to); target != nil {
		d.attack(p, target)
		return nil
	}
	d.moveActor(p.ID, dir)
	return nil
}

// attack is one melee swing by the d20 rule: a natural 1 always misses, a
// natural 20 always hits, otherwise it hits when the attack reaches the
// armor class. Damage is the weapon's dice plus bonuses, at least 0; a
// natural 20 rolls the dice Rules.CriticalRolls times (rules 1: once,
// rules 2: twice), Roll being their sum.
//
// Draws: the d20, then the damage dice on a hit (each roll in turn).
func (d *decider) attack(attacker, target *Entity) (hit bool) {
	w := d.w
	weapon, _ := w.Weapon(attacker)
	natural := d.rng.Die(20)
	f := d.attacked.next()
	*f = events.Attacked{
		Attacker:   attacker.ID,
		Target:     target.ID,
		Natural:    natural,
		Attack:     natural + w.AttackBonus(attacker),
		ArmorClass: w.ArmorClass(target),
	}
	if weapon != nil {
		f.Weapon = weapon.ID
	}
	f.Hit = natural != 1 && (natural == 20 || f.Attack >= f.ArmorClass)
	if f.Hit {
		dice := w.DamageDice(attacker)
		f.Roll = d.rng.Roll(dice.N, dice.Sides)
		if natural == 20 {
			for range w.content.Rules.CriticalRolls - 1 {
				f.Roll += d.rng.Roll(dice.N, dice.Sides)
			}
		}
		f.Damage = max(0, f.Roll+w.DamageBonus(attacker))
	}
	targetID, attackerID, hit := target.ID, attacker.ID, f.Hit
	d.emit(f)
	d.checkDeath(targetID, attackerID, events.CauseMelee)
	return hit
}

// harm deals damage other than a melee hit, then checks for death.
func (d *decider) harm(target events.EntityID, amount int, cause events.Cause, source events.EntityID) {
	d.emit(&events.Damaged{Actor: target, Amount: amount, Cause: cause, Source: source})
	d.checkDeath(target, source, cause)
}

// checkDeath ends an actor at 0 HP or below. A monster first drops all it
// holds on its tile; the player earns experience for a kill.
func (d *decider) checkDeath(id, killer events.EntityID, cause events.Cause) {
	w := d.w
	a := w.Get(id)
	if a == nil {
		return
	}
	if a.HP > 0 {
		if a.Mood == events.Asleep {
			d.wake(id) // rules 3: a blow wakes a sleeper
		}
		return
	}
	level := a.Level
	if id == events.PlayerID && w.Wizard {
		d.heal(id, w.MaxHP(a)-a.HP, events.CauseWizard)
		return
	}
	if id != events.PlayerID {
		for _, it := range d.held(id) {
			d.emit(&events.Dropped{Actor: id, Item: it})
		}
	}
	d.emit(&events.Died{Actor: id, Cause: cause, Killer: killer})
	if killer == events.PlayerID && id != events.PlayerID && !w.Over {
		d.emit(&events.GainedXP{Actor: killer, Amount: w.content.Rules.XPPerMonsterLevel * level})
	}
}

// heal decides that actor id heals amount HP.
func (d *decider) heal(id events.EntityID, amount int, cause events.Cause) {
	f := d.healed.next()
	*f = events.Healed{Actor: id, Amount: amount, Cause: cause}
	d.emit(f)
}

// held lists the items actor id holds, in id order: what State.Held
// lists, found sooner. A monster's items are mostly those spawned with it,
// just after it in id order, so the entities (in id order) are looked
// through from the holder on, then from the first up to the holder, and
// no further once as many are found as it holds (its count). The list is
// the decider's scratch, good until the next call.
func (d *decider) held(id events.EntityID) []events.EntityID {
	w := d.w
	i := w.find(id)
	if i < 0 {
		return nil
	}
	left := w.entity[i].holding
	out := d.heldBuf[:0]
	for j := i + 1; j < len(w.entity) && left > 0; j++ {
		if e := &w.entity[j]; !e.dead && e.Holder == id {
			out, left = append(out, e.ID), left-1
		}
	}
	after := len(out)
	for j := 0; j < i && left > 0; j++ {
		if e := &w.entity[j]; !e.dead && e.Holder == id {
			out, left = append(out, e.ID), left-1
		}
	}
	// Those before the holder come first.
	slices.Reverse(out[:after])
	slices.Reverse(out[after:])
	slices.Reverse(out)
	d.heldBuf = out
	return out
}
