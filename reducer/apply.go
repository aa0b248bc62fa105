package reducer

import (
	"errors"
	"fmt"
	"slices"

	"rogue/events"
	"rogue/reducer/dungeon"
)

// ApplyTurn folds one journal turn into s: its facts in order, then the
// turn's random draws and the turn counter. An error names the turn and
// the fact; s must not be used after one.
func (s *State) ApplyTurn(t *events.Turn) error { return s.applyTurn(t, nil) }

// ApplyTurnMessages is ApplyTurn that also returns the turn's log: the
// Message of each fact that has one, each worded from the state just before
// its fact (so the names of the dead are still known). The log is only
// derived, never stored.
func (s *State) ApplyTurnMessages(t *events.Turn) ([]string, error) {
	tell := teller{s: s}
	err := s.applyTurn(t, tell.fact)
	return tell.done(), err
}

func (s *State) applyTurn(t *events.Turn, before func(events.Fact)) error {
	c := s.spare
	catchUp := c != nil && c.decision.made && c.decision.from == s.applied && sameFacts(t.Facts, c.decision.facts)
	if t.Command == nil {
		return fmt.Errorf("turn %d: no command", s.Turn)
	}
	if s.Turn == 0 && t.Command.Code() != events.CodeBegin {
		return fmt.Errorf("turn 0: the first turn must be Begin, not %s", events.CommandName(t.Command.Code()))
	}
	if s.Turn > 0 && t.Command.Code() == events.CodeBegin {
		return fmt.Errorf("turn %d: Begin after the game began", s.Turn)
	}
	if s.Over {
		return fmt.Errorf("turn %d: a turn after the player died", s.Turn)
	}
	for i, f := range t.Facts {
		if before != nil {
			before(f)
		}
		if err := s.Apply(f); err != nil {
			return fmt.Errorf("turn %d: fact %d (%s): %w", s.Turn, i, events.FactName(f.Code()), err)
		}
	}
	if s.Turn == 0 && s.Player() == nil {
		return fmt.Errorf("turn 0: Begin did not create the player")
	}
	s.Draws += t.Draws
	s.Turn++
	if catchUp && c.Map == s.Map {
		// s folded the facts its last working copy decided and folded:
		// they agree again. (Not across a new level: each carved its
		// own map, and s's holds its memory.)
		c.Draws, c.Turn = s.Draws, s.Turn
		c.synced, c.syncedAt, c.decision = true, s.applied, decision{}
	}
	return nil
}

// sameFacts reports whether a and b hold the same fact values, one by one
// (the same pointers: the facts Decide returned, not equal copies).
func sameFacts(a, b []events.Fact) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

var errNoLevel = errors.New("there is no level yet")

// Apply folds one fact into s. It refuses only facts that cannot apply (an
// entity that does not exist or is the wrong sort, a tile outside the map,
// ids out of order); whether the fact was legal is the business of Decide
// and verify.
func (s *State) Apply(f events.Fact) error {
	s.applied++
	switch f := f.(type) {
	case *events.LevelEntered:
		return s.enterLevel(f)
	case *events.Spawned:
		return s.spawn(f)
	case *events.Moved:
		a, err := s.actorOnMap(f.Actor)
		if err != nil {
			return err
		}
		return s.move(a, a.Pos.Add(f.Dir))
	case *events.Staggered:
		a, err := s.actorOnMap(f.Actor)
		if err != nil {
			return err
		}
		if f.Blocked {
			return nil
		}
		return s.move(a, a.Pos.Add(f.Dir))
	case *events.Attacked:
		if _, err := s.actor(f.Attacker); err != nil {
			return fmt.Errorf("attacker: %w", err)
		}
		t, err := s.actor(f.Target)
		if err != nil {
			return fmt.Errorf("target: %w", err)
		}
		if f.Weapon != 0 {
			if w := s.Get(f.Weapon); w == nil || w.Holder != f.Attacker {
				return fmt.Errorf("weapon %d is not held by attacker %d", f.Weapon, f.Attacker)
			}
		}
		if f.Hit {
			t.HP -= f.Damage
		}
		return nil
	case *events.Died:
		return s.die(f)
	case *events.GainedXP:
		a, err := s.actor(f.Actor)
		if err != nil {
			return err
		}
		a.XP += f.Amount
		return nil
	case *events.LevelledUp:
		a, err := s.actor(f.Actor)
		if err != nil {
			return err
		}
		a.Level = f.Level
		a.Attributes[f.Attribute]++
		a.HP = f.HP
		return nil
	case *events.PickedUp:
		a, err := s.actorOnMap(f.Actor)
		if err != nil {
			return err
		}
		it, err := s.item(f.Item)
		if err != nil {
			return err
		}
		if it.Holder != 0 {
			return fmt.Errorf("item %d is not on the floor", f.Item)
		}
		a.holding++
		it.Holder, it.Slot, it.Pos = f.Actor, events.SlotNone, events.Pos{}
		s.intoPack(it)
		return nil
	case *events.Dropped:
		a, err := s.actorOnMap(f.Actor)
		if err != nil {
			return err
		}
		it, err := s.heldBy(f.Item, f.Actor)
		if err != nil {
			return err
		}
		a.holding--
		it.Holder, it.Slot, it.Pos, it.PackOrder = 0, events.SlotNone, a.Pos, 0
		return nil
	case *events.Equipped:
		return s.equip(f)
	case *events.Unequipped:
		it, err := s.heldBy(f.Item, f.Actor)
		if err != nil {
			return err
		}
		if it.Slot == events.SlotNone {
			return fmt.Errorf("item %d is not worn", f.Item)
		}
		it.Slot = events.SlotNone
		s.intoPack(it)
		return nil
	case *events.Consumed:
		if _, err := s.heldBy(f.Item, f.Actor); err != nil {
			return err
		}
		s.remove(f.Item)
		return nil
	case *events.Healed:
		a, err := s.actor(f.Actor)
		if err != nil {
			return err
		}
		a.HP += f.Amount
		return nil
	case *events.Damaged:
		a, err := s.actor(f.Actor)
		if err != nil {
			return err
		}
		a.HP -= f.Amount
		return nil
	case *events.Confused:
		a, err := s.actor(f.Actor)
		if err != nil {
			return err
		}
		a.ConfusedUntil = f.Until
		return nil
	case *events.HungerChanged:
		if f.Actor != events.PlayerID {
			return fmt.Errorf("actor %d: only the player gets hungry", f.Actor)
		}
		if _, err := s.actor(f.Actor); err != nil {
			return err
		}
		s.Hunger, s.HungerUntil = f.Hunger, f.Until
		return nil
	case nil:
		return errors.New("no fact")
	default:
		return fmt.Errorf("fact type %T is not folded", f)
	}
}

func (s *State) enterLevel(f *events.LevelEntered) error {
	if f.Depth < 1 || f.Depth > events.MaxDepth {
		return fmt.Errorf("depth %d is not in 1..%d", f.Depth, events.MaxDepth)
	}
	m, err := dungeon.Carve(f.Width, f.Height, f.Rooms, f.Corridors, f.Stairs)
	if err != nil {
		return err
	}
	if !m.Walkable(f.Arrival) {
		return fmt.Errorf("arrival (%d,%d) is not a floor tile of the level", f.Arrival.X, f.Arrival.Y)
	}
	// Everything that is not the player or carried by the player is gone.
	s.entity = slices.DeleteFunc(s.entity, func(e Entity) bool {
		return e.dead || e.ID != events.PlayerID && e.Holder != events.PlayerID
	})
	s.ndead = 0
	s.Depth, s.Level, s.Map = f.Depth, *f, m
	s.explored, s.visibleOK = nil, false
	// The viewpoints' sets are the state's own: kept for a level of the
	// same size.
	if s.pending != nil {
		s.pending.Clear()
	}
	if s.viewed != nil {
		s.viewed.Clear()
	}
	s.npending = 0
	s.standingOK = false
	s.finder = nil // sized for the old map
	if p := s.Player(); p != nil {
		p.Pos = f.Arrival
		s.lookFrom(p.Pos)
	}
	return nil
}

func (s *State) spawn(f *events.Spawned) error {
	if f.ID != s.NextID {
		return fmt.Errorf("entity id %d out of order: the next id is %d", f.ID, s.NextID)
	}
	if s.Map == nil {
		return errNoLevel
	}
	e := Entity{ID: f.ID, Kind: f.Kind, Holder: f.Holder, Slot: f.Slot, HP: f.HP}
	if m := s.content.Monster(f.Kind); m != nil {
		if f.Holder != 0 {
			return fmt.Errorf("an actor (kind %d) cannot be carried", f.Kind)
		}
		if m.Player != (f.ID == events.PlayerID) {
			return fmt.Errorf("kind %d (%s) cannot have id %d", f.Kind, m.Name, f.ID)
		}
		e.Level, e.Attributes, e.Skills = m.Level, m.Attributes, m.Skills
	} else if it := s.content.Item(f.Kind); it != nil {
		if f.Slot != events.SlotNone && (it.Equip == nil || it.Equip.Slot != f.Slot) {
			return fmt.Errorf("%s cannot be worn in the %s slot", it.Name, f.Slot)
		}
	} else {
		return fmt.Errorf("unknown kind %d", f.Kind)
	}
	if f.Holder == 0 {
		if f.Slot != events.SlotNone {
			return errors.New("an item on the floor cannot be worn")
		}
		if !s.Map.InBounds(f.Pos) {
			return fmt.Errorf("(%d,%d) is outside the map", f.Pos.X, f.Pos.Y)
		}
		e.Pos = f.Pos
	} else {
		h, err := s.actor(f.Holder)
		if err != nil {
			return fmt.Errorf("holder: %w", err)
		}
		if f.Slot != events.SlotNone && h.holding > 0 && s.Worn(f.Holder, f.Slot) != nil {
			return fmt.Errorf("holder %d already wears something in the %s slot", f.Holder, f.Slot)
		}
		h.holding++ // before the append below moves the entities
	}
	if cap(s.entity) == 0 {
		// A level holds a few dozen: grown once, not five times.
		s.entity = make([]Entity, 0, 32)
	}
	s.entity = append(s.entity, e)
	s.NextID++
	if f.Holder == 0 && s.IsActor(&e) {
		s.standingArrived(f.Pos)
	}
	if f.Holder != 0 && f.Slot == events.SlotNone {
		s.intoPack(&s.entity[len(s.entity)-1])
	}
	if f.ID == events.PlayerID {
		s.lookFrom(f.Pos)
		s.visibleOK = false
	}
	return nil
}

func (s *State) move(a *Entity, to events.Pos) error {
	if !s.Map.InBounds(to) {
		return fmt.Errorf("(%d,%d) is outside the map", to.X, to.Y)
	}
	s.standingMoved(a.Pos, to)
	a.Pos = to
	if a.ID == events.PlayerID {
		s.lookFrom(to)
	}
	return nil
}

func (s *State) die(f *events.Died) error {
	a, err := s.actor(f.Actor)
	if err != nil {
		return err
	}
	if f.Killer != 0 {
		if _, err := s.actor(f.Killer); err != nil {
			return fmt.Errorf("killer: %w", err)
		}
	}
	if f.Killer == events.PlayerID && f.Actor != events.PlayerID {
		s.Kills++
	}
	if a.ID == events.PlayerID {
		s.Over, s.Death = true, *f
		return nil
	}
	if a.holding > 0 {
		for e := range s.Entities() {
			if e.Holder == a.ID {
				return fmt.Errorf("actor %d dies still holding item %d", a.ID, e.ID)
			}
		}
	}
	s.remove(a.ID)
	return nil
}

func (s *State) equip(f *events.Equipped) error {
	it, err := s.heldBy(f.Item, f.Actor)
	if err != nil {
		return err
	}
	def := s.content.Item(it.Kind)
	if f.Slot == events.SlotNone || def == nil || def.Equip == nil || def.Equip.Slot != f.Slot {
		return fmt.Errorf("item %d cannot be worn in the %q slot", f.Item, f.Slot)
	}
	cur := s.Worn(f.Actor, f.Slot)
	switch {
	case f.Displaced == 0 && cur != nil && cur.ID != it.ID:
		return fmt.Errorf("the %s slot holds item %d, which the fact does not displace", f.Slot, cur.ID)
	case f.Displaced != 0 && (cur == nil || cur.ID != f.Displaced):
		return fmt.Errorf("item %d is not worn in the %s slot", f.Displaced, f.Slot)
	}
	if cur != nil && cur.ID != it.ID {
		cur.Slot = events.SlotNone
		s.intoPack(cur)
	}
	it = s.Get(f.Item)
	it.Slot, it.PackOrder = f.Slot, 0
	return nil
}

func (s *State) intoPack(it *Entity) {
	s.packSeq++
	it.PackOrder = s.packSeq
}

func (s *State) remove(id events.EntityID) {
	if i := s.find(id); i >= 0 {
		if e := &s.entity[i]; s.standingOK && e.Holder == 0 && s.IsActor(e) {
			s.setStanding(e.Pos, false)
		}
		if h := s.entity[i].Holder; h != 0 {
			if e := s.Get(h); e != nil {
				e.holding--
			}
		}
		// Marked, not moved out: the dead go all at once when they are
		// half, so a death copies two entities on average where taking it
		// out of a deep level's thousand copied hundreds.
		s.entity[i].dead = true
		if s.ndead++; 2*s.ndead > len(s.entity) {
			s.entity = slices.DeleteFunc(s.entity, func(e Entity) bool { return e.dead })
			s.ndead = 0
		}
	}
}

func (s *State) actor(id events.EntityID) (*Entity, error) {
	e := s.Get(id)
	if e == nil {
		return nil, fmt.Errorf("entity %d does not exist", id)
	}
	if !s.IsActor(e) {
		return nil, fmt.Errorf("entity %d is an item, not an actor", id)
	}
	return e, nil
}

func (s *State) actorOnMap(id events.EntityID) (*Entity, error) {
	e, err := s.actor(id)
	if err != nil {
		return nil, err
	}
	if s.Map == nil {
		return nil, errNoLevel
	}
	return e, nil
}

func (s *State) item(id events.EntityID) (*Entity, error) {
	e := s.Get(id)
	if e == nil {
		return nil, fmt.Errorf("entity %d does not exist", id)
	}
	if s.IsActor(e) {
		return nil, fmt.Errorf("entity %d is an actor, not an item", id)
	}
	return e, nil
}

func (s *State) heldBy(item, holder events.EntityID) (*Entity, error) {
	if _, err := s.actor(holder); err != nil {
		return nil, err
	}
	it, err := s.item(item)
	if err != nil {
		return nil, err
	}
	if it.Holder != holder {
		return nil, fmt.Errorf("item %d is not held by %d", item, holder)
	}
	return it, nil
}
