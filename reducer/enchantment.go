package reducer

import (
	"fmt"

	"rogue/events"
	"rogue/reducer/content"
)

// Enchantment (rules 3): a Scroll of Enchanting read on an item the
// player holds raises (or, cursed, lowers) its enchantment, kept as the
// item's Level, which the snapshot and the digest hold with the rest of
// an entity.

// MaxEnchantment is the most enchantment an item takes: a Scroll of
// Enchanting read on an item at it is refused.
const MaxEnchantment = 5

// Enchantment is an item's enchantment: a weapon's adds to its hit and
// damage, anything else's to armor while worn.
func (s *State) Enchantment(it *Entity) int {
	if s.IsActor(it) {
		return 0
	}
	return it.Level
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

// applyEnchanted folds an item's enchantment changed.
func (s *State) applyEnchanted(f *events.Enchanted) error {
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

// enchantMessage is the log line of an item's enchantment changed.
func enchantMessage(s *State, f *events.Enchanted) string {
	if it := s.Get(f.Item); it != nil {
		return fmt.Sprintf("Your %s glows blue: it is %+d now.", s.Name(f.Item), it.Level+f.By)
	}
	return ""
}
