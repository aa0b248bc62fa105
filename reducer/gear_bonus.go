package reducer

import (
	"rogue/events"
)

// Worn items' bonuses beyond a weapon's and an armor's (rules 3): a
// ring's hit and damage, an amulet's regeneration.

// gearBonus is what e's worn items add to hit, damage and armor beyond a
// weapon's own hit and damage and each item's armor (which AttackBonus,
// DamageBonus and ArmorClass count): the others' hit and damage bonuses
// (a Ring of Might's), and every item's enchantment. Rules 1 and 2 have
// neither, so it is 0 under them.
func (s *State) gearBonus(e *Entity) (hit, damage, armor int) {
	if e.holding == 0 {
		return 0, 0, 0
	}
	for _, id := range e.worn {
		if id == 0 {
			continue
		}
		it := s.Get(id)
		if it == nil || it.Holder != e.ID || it.Slot == events.SlotNone {
			continue
		}
		def := s.content.Item(it.Kind)
		if def == nil || def.Equip == nil {
			continue
		}
		if it.Slot == events.MainHand {
			hit += it.Level
			damage += it.Level
			continue
		}
		hit += def.Equip.Hit
		damage += def.Equip.DamageMod
		armor += it.Level
	}
	return hit, damage, armor
}

// regeneration is how many turns e's worn items take to heal a hit
// point: the quickest of their Regen, 0 for none.
func (s *State) regeneration(e *Entity) int {
	best := 0
	if e.holding == 0 {
		return 0
	}
	for _, id := range e.worn {
		if id == 0 {
			continue
		}
		if it := s.Get(id); it != nil && it.Holder == e.ID {
			if def := s.content.Item(it.Kind); def != nil && def.Equip != nil && def.Equip.Regen > 0 && (best == 0 || def.Equip.Regen < best) {
				best = def.Equip.Regen
			}
		}
	}
	return best
}

// Regeneration is how many turns the player's worn items take to heal a
// hit point, 0 for none.
func (s *State) Regeneration() int {
	if p := s.Player(); p != nil {
		return s.regeneration(p)
	}
	return 0
}

// regenerate heals the player a hit point on every turn a multiple of
// what it wears regenerates in (rules 3's Amulet of Regeneration).
func (d *decider) regenerate() {
	w := d.w
	p := d.player()
	if p == nil || p.holding == 0 || !w.content.Regenerates() {
		return
	}
	r := w.regeneration(p)
	if r == 0 || d.turn%r != 0 || p.HP >= w.MaxHP(p) {
		return
	}
	d.emit(&events.Healed{Actor: p.ID, Amount: 1, Cause: events.CauseRegeneration})
}
