package reducer

import (
	"fmt"

	"rogue/events"
	"rogue/reducer/content"
)

// Wands (rules 3): a wand spawns with charges rolled from its kind's
// dice, kept as the item's HP (the HP of its Spawned fact), and each use
// spends one (Zapped) until it crumbles with its last. Only the tables
// have wands: rules 1 and 2 have none, and their journals decide as they
// always did.

// Charges is how many charges a wand has left (0 for anything else).
func (s *State) Charges(it *Entity) int {
	if def := s.content.Item(it.Kind); def != nil && def.Use != nil && def.Use.Charges.N > 0 {
		return it.HP
	}
	return 0
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

// applyZapped folds a wand's use: a charge spent.
func (s *State) applyZapped(f *events.Zapped) error {
	it, err := s.heldBy(f.Item, f.Actor)
	if err != nil {
		return err
	}
	if it.HP <= 0 {
		return fieldErrorf("Item", "item %d has no charges left", f.Item)
	}
	it.HP--
	return nil
}

// zapMessage is the log line of a wand's use.
func zapMessage(s *State, f *events.Zapped) string {
	n := s.Name(f.Item)
	if it := s.Get(f.Item); it != nil && it.HP == 2 {
		return fmt.Sprintf("You zap the %s (1 charge left).", n)
	} else if it != nil && it.HP > 2 {
		return fmt.Sprintf("You zap the %s (%d charges left).", n, it.HP-1)
	}
	return fmt.Sprintf("You zap the %s.", n)
}
