package reducer

import (
	"fmt"

	"rogue/events"
	"rogue/reducer/content"
)

// Rules 3's items: picking one item from a pile, wands that spend
// charges, enchanting what one holds, and worn items whose bonuses go
// beyond the weapon and armor of rules 1 and 2 (a ring's hit and damage,
// an amulet's regeneration). Each is chosen by the tables: rules 1 and 2
// have no such items, and their journals decide as they always did.
//
// An item has no hit points: under rules 3 its HP is a wand's charges
// (the HP of its Spawned fact, spent by Zapped) and its Level its
// enchantment (raised by Enchanted). Both are in the snapshot and the
// digest with the rest of an entity.

// MaxEnchantment is the most enchantment an item takes: a Scroll of
// Enchanting read on an item at it is refused.
const MaxEnchantment = 5

// Charges is how many charges a wand has left (0 for anything else).
func (s *State) Charges(it *Entity) int {
	if def := s.content.Item(it.Kind); def != nil && def.Use != nil && def.Use.Charges.N > 0 {
		return it.HP
	}
	return 0
}

// Enchantment is an item's enchantment: a weapon's adds to its hit and
// damage, anything else's to armor while worn.
func (s *State) Enchantment(it *Entity) int {
	if s.IsActor(it) {
		return 0
	}
	return it.Level
}

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

// rollCharges is what an item of kind code spawns with as its HP: a
// wand's charges, rolled; 0 for anything else (no draw).
func (d *decider) rollCharges(code int) int {
	if it := d.w.content.Item(code); it != nil && it.Use != nil && it.Use.Charges.N > 0 {
		return d.rng.Roll(it.Use.Charges.N, it.Use.Charges.Sides)
	}
	return 0
}

// spend uses up item, the player's, for u: a wand spends a charge (and
// crumbles with its last), anything else is consumed.
func (d *decider) spend(item events.EntityID, u *content.Use) {
	const me = events.PlayerID
	if u.Charges.N == 0 {
		d.emit(&events.Consumed{Actor: me, Item: item})
		return
	}
	d.emit(&events.Zapped{Actor: me, Item: item})
	if it := d.w.Get(item); it != nil && it.HP <= 0 {
		d.emit(&events.Consumed{Actor: me, Item: item})
	}
}

// pickUpItem takes the chosen item from the player's tile, under rules
// that let the player choose.
func (d *decider) pickUpItem(id events.EntityID) error {
	w := d.w
	if !w.content.Rules.ChoosePickUp {
		return refuse("these rules pick up what lies first (g)")
	}
	it := w.Get(id)
	if it == nil || w.IsActor(it) || it.Holder != 0 || it.Pos != d.player().Pos {
		return refuse("that is not here to pick up")
	}
	return d.take(it)
}

// useOn reads a Scroll of Enchanting (or any item that targets an item
// held) on another item the player holds.
func (d *decider) useOn(c *events.UseOn) error {
	w := d.w
	const me = events.PlayerID
	it := w.Get(c.Item)
	if it == nil || it.Holder != me {
		return refuse("you do not have that")
	}
	def := w.content.Item(it.Kind)
	if def == nil || def.Use == nil || def.Use.Target != content.Held {
		return refuse("the %s is not used on another item", w.content.Name(it.Kind))
	}
	on := w.Get(c.On)
	if on == nil || on.Holder != me || on.ID == it.ID {
		return refuse("you do not have that to use it on")
	}
	target := w.content.Item(on.Kind)
	if target == nil || target.Equip == nil {
		return refuse("only what can be worn takes an enchantment")
	}
	by := def.Use.Amount
	if on.Level+by > MaxEnchantment {
		return refuse("the %s will take no more enchantment (+%d is the most)", target.Name, MaxEnchantment)
	}
	onID, itemID := on.ID, it.ID
	d.spend(itemID, def.Use)
	d.emit(&events.Enchanted{Actor: me, Item: onID, By: by})
	return nil
}

// applyItems3 folds the facts of rules 3's items, and refuses any other
// fact type as not folded.
func (s *State) applyItems3(f events.Fact) error {
	switch f := f.(type) {
	case *events.Zapped:
		it, err := s.heldBy(f.Item, f.Actor)
		if err != nil {
			return err
		}
		if it.HP <= 0 {
			return fieldErrorf("Item", "item %d has no charges left", f.Item)
		}
		it.HP--
		return nil
	case *events.Enchanted:
		it, err := s.heldBy(f.Item, f.Actor)
		if err != nil {
			return err
		}
		if n := it.Level + f.By; f.By < -MaxEnchantment || f.By > MaxEnchantment || n < -MaxEnchantment || n > MaxEnchantment {
			return fieldErrorf("By", "item %d's enchantment would be %d, outside -%d..%d", f.Item, n, MaxEnchantment, MaxEnchantment)
		}
		old := StackKey(it)
		it.Level += f.By
		if it.Holder == events.PlayerID && it.Slot == events.SlotNone {
			s.letters.restack(old, StackKey(it))
		}
		return nil
	}
	return fmt.Errorf("fact type %T is not folded", f)
}

// itemMessage3 is the log line of a fact of rules 3's items.
func itemMessage3(s *State, f events.Fact) string {
	switch f := f.(type) {
	case *events.Zapped:
		n := s.Name(f.Item)
		if it := s.Get(f.Item); it != nil && it.HP == 2 {
			return fmt.Sprintf("You zap the %s (1 charge left).", n)
		} else if it != nil && it.HP > 2 {
			return fmt.Sprintf("You zap the %s (%d charges left).", n, it.HP-1)
		}
		return fmt.Sprintf("You zap the %s.", n)
	case *events.Enchanted:
		if it := s.Get(f.Item); it != nil {
			return fmt.Sprintf("Your %s glows blue: it is %+d now.", s.Name(f.Item), it.Level+f.By)
		}
	}
	return ""
}
