package reducer

import (
	"slices"

	"rogue/events"
	"rogue/reducer/content"
	"rogue/reducer/fov"
)

// pickUp takes the first item (lowest id) on the player's tile. An item
// that can be worn goes on at once when its slot is empty.
func (d *decider) pickUp() error {
	w := d.w
	p := d.player()
	it := w.firstItemAt(p.Pos)
	if it == nil {
		return refuse("there is nothing here to pick up")
	}
	return d.take(it)
}

// take picks up it, which lies on the player's tile.
func (d *decider) take(it *Entity) error {
	w := d.w
	p := d.player()
	def := w.content.Item(it.Kind)
	autoEquip := def.Equip != nil && w.Worn(p.ID, def.Equip.Slot) == nil
	if !w.CanTake(it.Kind) {
		return refuse("your backpack is full")
	}
	id := it.ID
	d.emit(&events.PickedUp{Actor: p.ID, Item: id})
	if autoEquip {
		d.emit(&events.Equipped{Actor: p.ID, Item: id, Slot: def.Equip.Slot})
	}
	if def.Goal {
		d.emit(&events.Won{Actor: p.ID, Item: id}) // rules 3
	}
	return nil
}

// CanTake reports whether the player has room for an item of kind kind:
// the backpack has room, or the item goes on at once (equipment for a
// slot the player wears nothing in), or it is the goal, whose pick-up
// wins. It is the check a pick-up makes, for what the screen and the
// jobs say of an item before the player tries.
func (s *State) CanTake(kind int) bool {
	def := s.content.Item(kind)
	p := s.Player()
	if def == nil || p == nil {
		return false
	}
	if def.Goal || def.Equip != nil && s.Worn(p.ID, def.Equip.Slot) == nil {
		return true
	}
	return s.packSize(p.ID) < s.content.Rules.Backpack
}

// drop puts an item the player holds on the floor, taking it off first.
func (d *decider) drop(id events.EntityID) error {
	it := d.w.Get(id)
	if it == nil || it.Holder != events.PlayerID {
		return refuse("you do not have that")
	}
	if it.Slot != events.SlotNone {
		d.emit(&events.Unequipped{Actor: events.PlayerID, Item: id})
	}
	d.emit(&events.Dropped{Actor: events.PlayerID, Item: id})
	return nil
}

// remove takes off a worn item into the backpack.
func (d *decider) remove(id events.EntityID) error {
	w := d.w
	it := w.Get(id)
	if it == nil || it.Holder != events.PlayerID || it.Slot == events.SlotNone {
		return refuse("you are not wearing that")
	}
	if w.packSize(events.PlayerID) >= w.content.Rules.Backpack {
		return refuse("your backpack is full")
	}
	d.emit(&events.Unequipped{Actor: events.PlayerID, Item: id})
	return nil
}

// use uses an item the player holds: wear or take off equipment, or
// consume it for its effect.
func (d *decider) use(c *events.Use) error {
	w := d.w
	it := w.Get(c.Item)
	if it == nil || it.Holder != events.PlayerID {
		return refuse("you do not have that")
	}
	def := w.content.Item(it.Kind)
	if def.Equip != nil {
		if it.Slot != events.SlotNone {
			return d.remove(it.ID)
		}
		var displaced events.EntityID
		if cur := w.Worn(events.PlayerID, def.Equip.Slot); cur != nil {
			displaced = cur.ID
		}
		d.emit(&events.Equipped{Actor: events.PlayerID, Item: it.ID, Slot: def.Equip.Slot, Displaced: displaced})
		return nil
	}
	u := def.Use
	p := d.player()
	reach := w.UseRange(p, u)
	switch u.Target {
	case content.Self:
		return d.useOnSelf(it.ID, u)
	case content.Held:
		return refuse("choose what to use the %s on", def.Name)
	case content.Nearest:
		target := d.nearestHostile(reach)
		if target == nil {
			return refuse("there is nothing in range to strike")
		}
		// Ids, not pointers, across an emit: consuming the item removes an
		// entity and moves the others in the slice.
		targetID, itemID := target.ID, it.ID
		d.spend(itemID, u)
		d.affect(targetID, u)
		return nil
	}
	if !c.HasTarget {
		return refuse("%s needs a target", def.Name)
	}
	if !w.Map.InBounds(c.Target) || !w.CanSee(c.Target) {
		return refuse("you cannot see that spot")
	}
	if !within(p.Pos, c.Target, reach) {
		return refuse("that is out of range")
	}
	if u.Target == content.Actor {
		target := w.ActorAt(c.Target)
		if target == nil || target.ID == events.PlayerID {
			return refuse("there is no one there to target")
		}
		targetID, itemID := target.ID, it.ID
		d.spend(itemID, u)
		d.affect(targetID, u)
		return nil
	}
	// An area: every actor within the radius that the blast reaches (the
	// field of view from the target tile), the player too, in id order.
	blast := fov.NewSet(w.Map.Width, w.Map.Height)
	fov.Compute(blast, w.Map.Opaque, c.Target, u.Radius)
	var hit []events.EntityID
	for e := range w.Entities() {
		if e.Holder == 0 && w.IsActor(e) && blast.Has(e.Pos) && within(c.Target, e.Pos, u.Radius) {
			hit = append(hit, e.ID)
		}
	}
	itemID := it.ID
	d.spend(itemID, u)
	for _, id := range hit {
		if w.Over {
			break
		}
		if w.Get(id) != nil {
			d.affect(id, u)
		}
	}
	return nil
}

func (d *decider) useOnSelf(item events.EntityID, u *content.Use) error {
	w := d.w
	p := d.player()
	const me = events.PlayerID
	switch u.Effect {
	case content.Heal:
		gain := min(u.Amount, w.MaxHP(p)-p.HP)
		if gain <= 0 {
			return refuse("you are already at full health")
		}
		d.emit(&events.Consumed{Actor: me, Item: item})
		d.emit(&events.Healed{Actor: me, Amount: gain, Cause: events.CausePotion})
	case content.Feed:
		d.emit(&events.Consumed{Actor: me, Item: item})
		d.emit(&events.HungerChanged{Actor: me, Hunger: events.WellFed, Until: d.turn + 1 + u.Turns})
	default:
		return refuse("that cannot be used on yourself")
	}
	return nil
}

// affect applies a harmful item's effect to one actor.
func (d *decider) affect(target events.EntityID, u *content.Use) {
	switch u.Effect {
	case content.Harm:
		d.harm(target, d.w.UseAmount(d.player(), u), u.Cause, events.PlayerID)
	case content.Confuse:
		d.emit(&events.Confused{Actor: target, Until: d.turn + u.Turns})
	}
}

// nearestHostile is the closest monster the player sees within r, ties to
// the lower id.
func (d *decider) nearestHostile(r int) *Entity {
	w := d.w
	p := d.player()
	monsters := w.Monsters()
	monsters = slices.DeleteFunc(monsters, func(m *Entity) bool {
		return !w.CanSee(m.Pos) || !within(p.Pos, m.Pos, r)
	})
	if len(monsters) == 0 {
		return nil
	}
	slices.SortStableFunc(monsters, func(a, b *Entity) int {
		if c := distance2(p.Pos, a.Pos) - distance2(p.Pos, b.Pos); c != 0 {
			return c
		}
		return int64cmp(int64(a.ID), int64(b.ID))
	})
	return monsters[0]
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
