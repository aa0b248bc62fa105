package bot

import (
	"slices"

	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// gearUp wears the best gear in the backpack for each slot, and takes off
// a weapon that does worse than bare hands.
func (b *brain) gearUp() events.Command {
	s, p := b.s, b.p
	for _, it := range b.backpack() {
		def := b.c.Item(it.Kind)
		if def == nil || def.Equip == nil {
			continue
		}
		cur := s.Worn(p.ID, def.Equip.Slot)
		if cur == nil && def.Equip.Slot == events.MainHand && b.worthOf(it) <= b.worth(nil, 0) {
			continue
		}
		if cur == nil || b.worthOf(it) > b.worthOf(cur) {
			return &events.Use{Item: it.ID}
		}
	}
	if w := s.Worn(p.ID, events.MainHand); w != nil && b.worthOf(w) < b.worth(nil, 0) {
		return &events.Remove{Item: w.ID}
	}
	return nil
}

// worthOf is worth of an item that can be worn, enchantment and all.
func (b *brain) worthOf(it *reducer.Entity) int {
	return b.worth(b.c.Item(it.Kind).Equip, b.s.Enchantment(it))
}

// worth scores a piece of gear of enchantment ench for this player:
// armor by its bonus (a ring's or an amulet's hit, damage and healing as
// well), a weapon (or bare hands, for nil) by its expected damage per
// swing against armor class 12, in integers.
func (b *brain) worth(q *content.Equip, ench int) int {
	p := b.p
	bonus := func(a events.Attribute) int { return reducer.Bonus(p.Attributes[a]) }
	if q != nil && q.Slot != events.MainHand {
		regen := 0
		if q.Regen > 0 {
			regen = 240 / q.Regen
		}
		return (q.Armor+ench)*100 + q.MaxHP*10 + q.Hit*5 + q.DamageMod*10 + regen
	}
	attr, hit, dice, mod := events.Might, 0, b.c.Rules.UnarmedDamage, 0
	if q != nil {
		attr, hit, dice, mod = q.Attribute, q.Hit+ench, q.Damage, q.DamageMod+ench
	}
	toHit := bonus(attr) + p.Skills[events.Melee] + hit
	hits := 1 // the natural 20
	for n := 2; n <= 19; n++ {
		if n+toHit >= 12 {
			hits++
		}
	}
	twiceAverage := dice.N*(dice.Sides+1) + 2*(bonus(events.Might)+p.Skills[events.Melee]+mod)
	return hits * max(0, twiceAverage)
}

// worthHaving reports whether an item, on the floor or in the backpack,
// is worth carrying: anything to use, and gear that beats what is worn in
// its slot (for a weapon, or bare hands). Anything else is junk: carried,
// it only fills the backpack until no food or potion fits.
func (b *brain) worthHaving(it *reducer.Entity) bool {
	def := b.c.Item(it.Kind)
	if def == nil {
		return false
	}
	if def.Use != nil {
		return it.Holder == b.p.ID || b.count(it.Kind) < b.keep(def.Use)
	}
	if def.Equip == nil {
		return true
	}
	cur := b.s.Worn(b.p.ID, def.Equip.Slot)
	switch {
	case cur != nil:
		return b.worthOf(it) > b.worthOf(cur)
	case def.Equip.Slot == events.MainHand:
		return b.worthOf(it) > b.worth(nil, 0)
	}
	return true
}

// enchant reads an Enchantment Scroll (rules 3) on what gains the most:
// the weapon while it is less enchanted than the body armor, else the
// worn armor least enchanted, the torso's first.
func (b *brain) enchant() events.Command {
	scroll := b.carried(func(u *content.Use) bool { return u.Effect == content.Enchant })
	if scroll == nil {
		return nil
	}
	s, p := b.s, b.p
	var best *reducer.Entity
	for _, slot := range []events.Slot{events.MainHand, events.Torso, events.OffHand, events.Head, events.Cloak, events.Feet, events.Hands, events.Ring, events.Neck} {
		it := s.Worn(p.ID, slot)
		if it == nil || s.Enchantment(it) >= reducer.MaxEnchantment {
			continue
		}
		if best == nil || s.Enchantment(it) < s.Enchantment(best) {
			best = it
		}
	}
	if best == nil {
		return nil
	}
	return &events.UseOn{Item: scroll.ID, On: best.ID}
}

// pickUp picks up the goal, or else the first item here worth having, by
// name from a pile under rules that let the player choose, else what
// lies first; nil when nothing here is worth it or there is no room (the
// goal is taken with a full backpack).
func (b *brain) pickUp(here []*reducer.Entity) events.Command {
	goal := func(it *reducer.Entity) bool { def := b.c.Item(it.Kind); return def != nil && def.Goal }
	i := slices.IndexFunc(here, goal) // the goal first: it wins the game
	if i < 0 {
		i = slices.IndexFunc(here, b.worthHaving)
	}
	if i < 0 {
		return nil
	}
	if !b.c.Rules.ChoosePickUp {
		i = 0 // the rules give the lowest id first (junk is dropped later)
	}
	if len(b.backpack()) >= b.c.Rules.Backpack && !b.wornAtOnce(here[i]) && !goal(here[i]) {
		return nil
	}
	if i == 0 {
		return &events.PickUp{}
	}
	return &events.PickUpItem{Item: here[i].ID}
}

// junk reports whether a backpack item is not worth carrying. After
// gearUp has nothing to do, that is every piece of gear in it, and any
// consumable beyond what is kept of its kind.
func (b *brain) junk(it *reducer.Entity) bool {
	if def := b.c.Item(it.Kind); def != nil && def.Use != nil {
		return b.count(it.Kind) > b.keep(def.Use)
	}
	return it.Slot == events.SlotNone && !b.worthHaving(it)
}

// keep is how many of a consumable the bot carries at most, so that the
// backpack (26 items) never fills up with scrolls and leaves no room for
// a meal: 5 rations, 8 potions, 3 of each scroll (5 kinds).
func (b *brain) keep(u *content.Use) int {
	switch u.Effect {
	case content.Feed:
		return 5
	case content.Heal:
		return 8
	}
	return 3
}

// count is how many items of a kind the backpack holds.
func (b *brain) count(kind int) int {
	n := 0
	for _, it := range b.backpack() {
		if it.Kind == kind {
			n++
		}
	}
	return n
}

// wornAtOnce reports whether picking up the item puts it on (its slot is
// empty), which the rules allow with a full backpack.
func (b *brain) wornAtOnce(it *reducer.Entity) bool {
	def := b.c.Item(it.Kind)
	return def != nil && def.Equip != nil && b.s.Worn(b.p.ID, def.Equip.Slot) == nil
}
