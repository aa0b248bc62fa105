package reducer

import (
	"errors"
	"fmt"
	"slices"

	"rogue/events"
	"rogue/reducer/dungeon"
)

// ApplyTurn folds one journal turn into s: its facts in order, then the
// turn's random draws and the turn counter. It refuses a turn that enters
// more than events.MaxLevelsPerTurn levels or steps the player more than
// events.MaxPlayerSteps times. An error is a *FactError naming the turn,
// the fact and the field; s must not be used after one.
func (s *State) ApplyTurn(t *events.Turn) error {
	// What most turns of most games are: the player steps onto a free
	// floor tile, or heals, and nothing else happens. Folded here in one
	// go, with the checks applyTurn makes of such a turn; anything else,
	// or any check that fails, goes the whole way, from s as it was.
	if len(t.Facts) == 1 && s.Turn > 0 && !s.Over && t.Command != nil && !isBegin(t.Command) {
		switch f := t.Facts[0].(type) {
		case *events.Moved:
			if f.Actor == events.PlayerID && s.step(f) {
				s.foldedOne(t)
				return nil
			}
		case *events.Healed:
			// The player, alive: what actor finds first.
			if es := s.entity; len(es) > 0 && es[0].ID == f.Actor && !es[0].dead && es[0].actor {
				es[0].HP += f.Amount
				s.foldedOne(t)
				return nil
			}
		}
	}
	return s.applyTurn(t, nil)
}

// foldedOne ends ApplyTurn's fold of t, a turn of one fact, folded.
// (Inlined.)
func (s *State) foldedOne(t *events.Turn) {
	s.applied++
	s.Draws += t.Draws
	s.Turn++
	s.lastFacts = t.Facts
}

// ApplyTurnMessages is ApplyTurn that also returns the turn's log: the
// Message of each fact that has one, each worded from the state just before
// its fact (so the names of the dead are still known). The log is only
// derived, never stored.
func (s *State) ApplyTurnMessages(t *events.Turn) ([]string, error) {
	tell := teller{s: s}
	hp := s.playerHP()
	err := s.applyTurn(t, tell.fact)
	log := tell.done()
	if err == nil {
		log = appendNote(log, TurnNote(s, t))
		log = appendNote(log, lowHPNote(s, hp))
	}
	return log, err
}

func (s *State) applyTurn(t *events.Turn, before func(events.Fact)) error {
	// One test for what nearly every turn is: not the first, not after
	// the end, a command and not Begin.
	if s.Turn == 0 || s.Over || t.Command == nil || isBegin(t.Command) {
		if err := s.refuseTurn(t); err != nil {
			return err
		}
	}
	var caps turnCaps
	for i, f := range t.Facts {
		if before != nil {
			before(f)
		}
		// A step, what most facts are, is folded here rather than
		// through apply: apply's Moved case, without two calls.
		if m, ok := f.(*events.Moved); ok {
			s.applied++
			if m.Actor == events.PlayerID {
				if err := caps.step(); err != nil {
					return newFactError(s.Turn, i, f, err)
				}
			}
			if s.step(m) {
				continue
			}
			if err := s.movedSlow(m); err != nil {
				return newFactError(s.Turn, i, f, err)
			}
			continue
		}
		// And a spawn, what a new level's turn is made of.
		if sp, ok := f.(*events.Spawned); ok {
			s.applied++
			if err := s.spawn(sp); err != nil {
				return newFactError(s.Turn, i, f, err)
			}
			continue
		}
		if err := s.apply(f, &caps); err != nil {
			return newFactError(s.Turn, i, f, err)
		}
	}
	if s.Turn == 0 && s.Player() == nil {
		return fmt.Errorf("turn 0: Begin did not create the player")
	}
	s.Draws += t.Draws
	s.Turn++
	// (Each of t's facts was counted in applied, once.)
	s.lastFacts = t.Facts
	return nil
}

// refuseTurn says why t cannot be folded into s as a whole (before its
// facts are looked at), or nil.
func (s *State) refuseTurn(t *events.Turn) error {
	if t.Command == nil {
		return fmt.Errorf("turn %d: no command", s.Turn)
	}
	if s.Turn == 0 && t.Command.Code() != events.CodeBegin {
		return fmt.Errorf("turn 0: the first turn must be Begin, not %s", events.CommandName(t.Command.Code()))
	}
	if s.Turn > 0 && isBegin(t.Command) {
		return fmt.Errorf("turn %d: Begin after the game began", s.Turn)
	}
	if s.Over {
		return fmt.Errorf("turn %d: a turn after the player died", s.Turn)
	}
	return nil
}

var errNoLevel = errors.New("there is no level yet")

// Apply folds one fact into s. It refuses only facts that cannot apply,
// checking structure, not rules: an entity that does not exist or is the
// wrong sort, ids out of order, anything placed or stepping off the map or
// into a wall, two live actors on one tile, an item both carried and
// placed, and what is over a cap of events (MaxMapArea, MaxHeld,
// MaxEntities), each with an error naming the field at fault. Whether
// the fact was legal is the business of Decide and verify. Each fact
// costs Apply a constant, but for a level entered (its map's area, at
// most events.MaxMapArea, and the entities it clears).
func (s *State) Apply(f events.Fact) error { return s.apply(f, nil) }

// turnCaps counts what a turn may do only so many times (see ApplyTurn).
type turnCaps struct{ levels, steps int }

// level counts a level entered, and refuses one over the cap.
func (c *turnCaps) level() error {
	if c.levels++; c.levels > events.MaxLevelsPerTurn {
		return c.tooManyLevels()
	}
	return nil
}

// step counts a step of the player, and refuses one over the cap.
// (Inlined: the refusal is worded apart.)
func (c *turnCaps) step() error {
	if c.steps++; c.steps > events.MaxPlayerSteps {
		return c.tooManySteps()
	}
	return nil
}

func (c *turnCaps) tooManyLevels() error {
	return fieldErrorf("", "a turn may enter at most %d level (this is the %d%s)", events.MaxLevelsPerTurn, c.levels, ordinal(c.levels))
}

func (c *turnCaps) tooManySteps() error {
	return fieldErrorf("Actor", "the player may take at most %d steps in a turn (this is the %d%s)", events.MaxPlayerSteps, c.steps, ordinal(c.steps))
}

// isBegin reports whether c is the Begin command (the only command of
// its code: Command's methods are on pointers), by its type rather than a
// dynamic call.
func isBegin(c events.Command) bool {
	_, ok := c.(*events.Begin)
	return ok
}

// apply is Apply, counting what caps counts when caps is not nil (a turn's
// facts, folded by ApplyTurn) and refusing what is over them before the
// fact is folded: one type switch a fact.
func (s *State) apply(f events.Fact, caps *turnCaps) error {
	s.applied++
	// The fact most facts are, asked for before the switch (one compare
	// where the switch takes a jump through a table). A turn's steps
	// never come here: applyTurn folds them itself, and counts them.
	if f, ok := f.(*events.Moved); ok {
		return s.moved(f)
	}
	switch f := f.(type) {
	case *events.LevelEntered:
		if caps != nil {
			if err := caps.level(); err != nil {
				return err
			}
		}
		return s.enterLevel(f)
	case *events.Staggered:
		if caps != nil && f.Actor == events.PlayerID && !f.Blocked {
			if err := caps.step(); err != nil {
				return err
			}
		}
		a, err := s.actorOnMap(f.Actor)
		if err != nil {
			return inField("Actor", err)
		}
		if f.Blocked {
			return nil
		}
		return inField("Dir", s.move(a, a.Pos.Add(f.Dir)))
	case *events.Spawned:
		return s.spawn(f)
	case *events.Attacked:
		a, err := s.actor(f.Attacker)
		if err != nil {
			return inField("Attacker", err)
		}
		t, err := s.actor(f.Target)
		if err != nil {
			return inField("Target", err)
		}
		if f.Weapon != 0 && !a.wears(f.Weapon) {
			// Not worn: held in the backpack, or not held by the
			// attacker at all.
			if w := s.Get(f.Weapon); w == nil || w.Holder != f.Attacker {
				return fieldErrorf("Weapon", "weapon %d is not held by attacker %d", f.Weapon, f.Attacker)
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
			return inField("Actor", err)
		}
		a.XP += f.Amount
		return nil
	case *events.LevelledUp:
		a, err := s.actor(f.Actor)
		if err != nil {
			return inField("Actor", err)
		}
		a.Level = f.Level
		a.Attributes[f.Attribute]++
		a.HP = f.HP
		return nil
	case *events.PickedUp:
		a, err := s.actorOnMap(f.Actor)
		if err != nil {
			return inField("Actor", err)
		}
		it, err := s.item(f.Item)
		if err != nil {
			return inField("Item", err)
		}
		if it.Holder != 0 {
			return fieldErrorf("Item", "item %d is not on the floor", f.Item)
		}
		if a.holding >= events.MaxHeld {
			return fieldErrorf("Actor", "actor %d already holds %d items, the most one may", f.Actor, events.MaxHeld)
		}
		a.holding++
		it.Holder, it.Slot, it.Pos = f.Actor, events.SlotNone, events.Pos{}
		s.intoPack(it)
		return nil
	case *events.Dropped:
		a, err := s.actorOnMap(f.Actor)
		if err != nil {
			return inField("Actor", err)
		}
		it, err := s.carried(f.Item, f.Actor)
		if err != nil {
			return err
		}
		a.holding--
		s.outOfPack(it)
		if it.Slot != events.SlotNone {
			a.worn[it.Slot-1] = 0
		}
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
			return fieldErrorf("Item", "item %d is not worn", f.Item)
		}
		s.Get(f.Actor).worn[it.Slot-1] = 0
		it = s.Get(f.Item)
		it.Slot = events.SlotNone
		s.intoPack(it)
		return nil
	case *events.Consumed:
		it, err := s.heldBy(f.Item, f.Actor)
		if err != nil {
			return err
		}
		s.outOfPack(it)
		s.remove(it)
		return nil
	case *events.Healed:
		a, err := s.actor(f.Actor)
		if err != nil {
			return inField("Actor", err)
		}
		a.HP += f.Amount
		return nil
	case *events.Damaged:
		a, err := s.actor(f.Actor)
		if err != nil {
			return inField("Actor", err)
		}
		a.HP -= f.Amount
		return nil
	case *events.Confused:
		a, err := s.actor(f.Actor)
		if err != nil {
			return inField("Actor", err)
		}
		a.ConfusedUntil = f.Until
		return nil
	case *events.LostSight:
		a, err := s.actorOnMap(f.Actor)
		if err != nil {
			return err
		}
		if a.ID == events.PlayerID {
			return errors.New("the player does not lose sight of itself")
		}
		if !s.Map.InBounds(f.At) {
			return fmt.Errorf("(%d,%d) is outside the map", f.At.X, f.At.Y)
		}
		a.SearchAt, a.SearchUntil = f.At, f.Until
		return nil
	case *events.SkillRaised:
		if f.Skill >= events.NumSkills {
			return fmt.Errorf("skill %d does not exist", f.Skill)
		}
		a, err := s.actor(f.Actor)
		if err != nil {
			return err
		}
		a.Skills[f.Skill] += f.By
		return nil
	case *events.HungerChanged:
		if f.Actor != events.PlayerID {
			return fieldErrorf("Actor", "actor %d: only the player gets hungry", f.Actor)
		}
		if _, err := s.actor(f.Actor); err != nil {
			return inField("Actor", err)
		}
		s.Hunger, s.HungerUntil = f.Hunger, f.Until
		return nil
	case nil:
		return errors.New("no fact")
	case *events.Zapped:
		return s.applyZapped(f)
	case *events.Enchanted:
		return s.applyEnchanted(f)
	case *events.Won:
		return s.applyWon(f)
	default:
		if ok, err := s.applyBehaviour(f); ok {
			return err
		}
		return fmt.Errorf("fact type %T is not folded", f)
	}
}

func (s *State) enterLevel(f *events.LevelEntered) error {
	if f.Depth < 1 || f.Depth > events.MaxDepth {
		return fieldErrorf("Depth", "depth %d is not in 1..%d", f.Depth, events.MaxDepth)
	}
	// Checked before carving: carving costs the map's area. (Carve
	// refuses sides out of range, and names them.)
	if f.Width >= 1 && f.Height >= 1 && f.Width <= dungeon.MaxSide && f.Height <= dungeon.MaxSide && f.Width*f.Height > events.MaxMapArea {
		return fieldErrorf("Width", "a %dx%d map has %d tiles, more than the %d a level may have", f.Width, f.Height, f.Width*f.Height, events.MaxMapArea)
	}
	// Carved into the storage of a level left before, which nothing
	// else holds (see State.ownMap): the current map stays as it is
	// when the level is refused.
	m, err := dungeon.CarveInto(s.spareMap, f.Width, f.Height, f.Rooms, f.Corridors, f.Stairs)
	if err != nil {
		return err
	}
	s.spareMap = nil
	if !m.Walkable(f.Arrival) {
		return fieldErrorf("Arrival", "arrival (%d,%d) is not a floor tile of the level", f.Arrival.X, f.Arrival.Y)
	}
	if s.ownMap {
		s.spareMap = s.Map
	}
	s.ownMap = true
	// Everything that is not the player or carried by the player is gone.
	s.keep(func(e *Entity) bool { return !e.dead && (e.ID == events.PlayerID || e.Holder == events.PlayerID) })
	s.ndead, s.indexOK, s.monstersOK = 0, false, false
	s.Depth, s.Level, s.Map = f.Depth, *f, m
	s.explored, s.clear, s.visibleOK = nil, nil, false
	// The viewpoints' sets are the state's own: kept for a level of the
	// same size.
	if s.merged != nil {
		s.merged.Clear()
	}
	if s.viewed != nil {
		s.viewed.Clear()
	}
	s.npending = 0
	s.standingOK = false
	if p := s.Player(); p != nil {
		p.Pos = f.Arrival
		s.lookFrom(p.Pos)
	}
	return nil
}

func (s *State) spawn(f *events.Spawned) error {
	if f.ID != s.NextID {
		return fieldErrorf("ID", "entity id %d out of order: the next id is %d", f.ID, s.NextID)
	}
	if s.Map == nil {
		return errNoLevel
	}
	if s.NumEntities() >= events.MaxEntities {
		return fieldErrorf("ID", "the game already holds %d entities, the most it may", events.MaxEntities)
	}
	m := s.content.Monster(f.Kind)
	actor := m != nil
	if actor {
		if f.Holder != 0 {
			return fieldErrorf("Holder", "an actor (kind %d) cannot be carried", f.Kind)
		}
		if m.Player != (f.ID == events.PlayerID) {
			return fieldErrorf("Kind", "kind %d (%s) cannot have id %d", f.Kind, m.Name, f.ID)
		}
	} else if it := s.content.Item(f.Kind); it != nil {
		if f.Slot != events.SlotNone && (it.Equip == nil || it.Equip.Slot != f.Slot) {
			return fieldErrorf("Slot", "%s cannot be worn in the %s slot", it.Name, f.Slot)
		}
	} else {
		return fieldErrorf("Kind", "unknown kind %d", f.Kind)
	}
	if f.Holder == 0 {
		if f.Slot != events.SlotNone {
			return fieldErrorf("Slot", "an item on the floor cannot be worn")
		}
		// What placeableBy says at once of a free floor tile of the
		// map, the index of where actors stand built, asked here.
		p, m := f.Pos, s.Map
		if uint(p.X) >= uint(m.Width) || uint(p.Y) >= uint(m.Height) || !s.placedFreely(p.Y*m.Width+p.X, actor) {
			if err := s.placeableBy(p, actor); err != nil {
				return err
			}
		}
	} else {
		if f.Pos != (events.Pos{}) {
			return fieldErrorf("Pos", "a carried item has no place of its own, yet it is placed at (%d,%d)", f.Pos.X, f.Pos.Y)
		}
		h, err := s.actor(f.Holder)
		if err != nil {
			return inField("Holder", err)
		}
		if h.holding >= events.MaxHeld {
			return fieldErrorf("Holder", "actor %d already holds %d items, the most one may", f.Holder, events.MaxHeld)
		}
		if f.Slot != events.SlotNone {
			if h.worn[f.Slot-1] != 0 {
				return fieldErrorf("Slot", "holder %d already wears something in the %s slot", f.Holder, f.Slot)
			}
			h.worn[f.Slot-1] = f.ID
		}
		h.holding++ // before the append below moves the entities
	}
	n := len(s.entity)
	if n == cap(s.entity) {
		// Room for the entities of an ordinary game's deepest levels
		// (the dead stay until they are half, see remove), so that
		// most games allocate them once (47 KiB) instead of growing
		// from a few dozen four times (88 KiB, then collected).
		s.entity = slices.Grow(s.entity, max(256, n))
	}
	// Made in place, not copied in: a deep level spawns a thousand.
	s.entity = s.entity[:n+1]
	e := &s.entity[n]
	// (Cleared, then set field by field: a literal is built aside and
	// copied.)
	*e = Entity{}
	e.ID, e.Holder, e.Slot, e.actor, e.Pos, e.Kind, e.HP = f.ID, f.Holder, f.Slot, actor, f.Pos, f.Kind, f.HP
	if actor {
		e.Level, e.Attributes, e.Skills = m.Level, m.Attributes, m.Skills
	}
	// Its entry in the index, when the index has it ready (nearly
	// always: see indexAppended). While the index is built the entities
	// are only appended to, so an entry it has is within the most ids it
	// may cover; and the new id is above every other, so not below
	// indexBase.
	if ix := s.index; s.indexOK && uint(f.ID-s.indexBase) < uint(len(ix)) {
		ix[f.ID-s.indexBase] = int32(n)
	} else {
		s.indexAppended()
	}
	s.NextID++
	if f.Holder == 0 && actor && s.standingOK {
		s.setStanding(f.Pos, true)
	}
	if actor && s.monstersOK && f.ID != events.PlayerID {
		s.monsters = append(s.monsters, f.ID)
	}
	if f.Holder != 0 && f.Slot == events.SlotNone {
		s.intoPack(e)
	}
	if f.ID == events.PlayerID {
		s.lookFrom(f.Pos)
		s.visibleOK = false
	}
	return nil
}

// placedFreely reports whether an entity (an actor if actor) may be
// spawned on tile k of the map (y*Width + x, on the map) at once: a
// floor tile, and for an actor one the index of where actors stand (if
// built) says is free. (Inlined.)
func (s *State) placedFreely(k int, actor bool) bool {
	return s.Map.Tiles[k].Walkable() && (!actor || s.standingOK && s.standing[k>>6]&(1<<(k&63)) == 0)
}

// placeableBy says why an entity (an actor if actor) cannot be spawned
// on p, naming the field Pos, or nil: what placeable and, for an actor,
// free say.
func (s *State) placeableBy(p events.Pos, actor bool) error {
	if err := s.placeable(p); err != nil {
		return inField("Pos", err)
	}
	if actor {
		return inField("Pos", s.free(p, 0))
	}
	return nil
}

// placeable says why nothing can lie on p, or nil: p must be a floor tile
// of the map (the rules never put anything in a wall, nor off the map).
func (s *State) placeable(p events.Pos) error {
	if !s.Map.InBounds(p) {
		return fmt.Errorf("(%d,%d) is outside the map", p.X, p.Y)
	}
	if t := s.Map.At(p); !t.Walkable() {
		return fmt.Errorf("(%d,%d) is %s, not floor", p.X, p.Y, t)
	}
	return nil
}

// free says why an actor cannot stand on p, a floor tile of the map, or
// nil: another live actor (not self) already stands there. The dead are
// gone from the game (the player, when dead, ends it). It answers from
// the index of where actors stand (see standing.go), built once a level
// and kept as actors move, so that the question costs a bit, not a look
// at every entity.
func (s *State) free(p events.Pos, self events.EntityID) error {
	if !s.standingOK {
		if err := s.indexStanding(); err != nil {
			return err
		}
	}
	if !s.stands(p) {
		return nil
	}
	for e := range s.Entities() {
		if e.ID != self && e.Holder == 0 && e.Pos == p && s.IsActor(e) {
			return fmt.Errorf("(%d,%d) is taken: actor %d stands there", p.X, p.Y, e.ID)
		}
	}
	// The index was wrong: only a state changed from outside the
	// reducer can make it so. Built again from the entities.
	if err := s.indexStanding(); err != nil {
		return err
	}
	if s.stands(p) {
		return fmt.Errorf("(%d,%d) is taken", p.X, p.Y)
	}
	return nil
}

// moved folds a Moved fact.
func (s *State) moved(f *events.Moved) error {
	if s.step(f) {
		return nil
	}
	return s.movedSlow(f)
}

// step folds f and reports true when it is what most facts of most turns
// are: a step of a live actor onto a free floor tile, the index of where
// actors stand built. Otherwise it changes nothing and reports false, and
// movedSlow folds f or names the reason it cannot be. It is the fold's
// hottest path, in one function: the actor found, the tile checked, the
// index kept and the player's viewpoint marked.
func (s *State) step(f *events.Moved) bool {
	m := s.Map
	if m == nil || !s.standingOK {
		return false
	}
	// The player found without the index.
	var a *Entity
	if es := s.entity; len(es) > 0 && es[0].ID == f.Actor {
		a = &es[0]
	} else if i, ok := s.hint(f.Actor); ok {
		a = &s.entity[i]
	} else if i := s.slotSlow(f.Actor); i >= 0 {
		a = &s.entity[i]
	} else {
		return false
	}
	if a.dead || !a.actor {
		return false
	}
	dx, dy := f.Dir.Delta()
	from := a.Pos
	to := events.Pos{X: from.X + dx, Y: from.Y + dy}
	w, h := m.Width, m.Height
	if uint(to.X) >= uint(w) || uint(to.Y) >= uint(h) {
		return false
	}
	k := to.Y*w + to.X
	if !m.Tiles[k].Walkable() || s.standing[k>>6]&(1<<(k&63)) != 0 {
		return false
	}
	if uint(from.X) < uint(w) && uint(from.Y) < uint(h) {
		j := from.Y*w + from.X
		s.standing[j>>6] &^= 1 << (j & 63)
	}
	s.standing[k>>6] |= 1 << (k & 63)
	a.Pos = to
	if a.ID == events.PlayerID {
		s.lookAt(k)
	}
	return true
}

// movedSlow folds a Moved fact that is not a step onto a free floor tile
// (see step), or names what is wrong with it.
func (s *State) movedSlow(f *events.Moved) error {
	a, err := s.actorOnMap(f.Actor)
	if err != nil {
		return inField("Actor", err)
	}
	return inField("Dir", s.move(a, a.Pos.Add(f.Dir)))
}

// move moves actor a to the tile to, if it may stand there: what a
// stagger does, and a step that is not onto a free floor tile (which
// step, the fold of nearly every step, leaves to it) refuses.
func (s *State) move(a *Entity, to events.Pos) error {
	if err := s.placeable(to); err != nil {
		return err
	}
	if err := s.free(to, a.ID); err != nil {
		return err
	}
	if s.Map.InBounds(a.Pos) {
		s.setStanding(a.Pos, false)
	}
	s.setStanding(to, true)
	a.Pos = to
	if a.ID == events.PlayerID {
		s.lookFrom(to)
	}
	return nil
}

func (s *State) die(f *events.Died) error {
	a, err := s.actor(f.Actor)
	if err != nil {
		return inField("Actor", err)
	}
	if f.Killer != 0 {
		if _, err := s.actor(f.Killer); err != nil {
			return inField("Killer", err)
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
				return fieldErrorf("Actor", "actor %d dies still holding item %d", a.ID, e.ID)
			}
		}
	}
	s.remove(a)
	return nil
}

func (s *State) equip(f *events.Equipped) error {
	it, err := s.heldBy(f.Item, f.Actor)
	if err != nil {
		return err
	}
	def := s.content.Item(it.Kind)
	if f.Slot == events.SlotNone || def == nil || def.Equip == nil || def.Equip.Slot != f.Slot {
		return fieldErrorf("Slot", "item %d cannot be worn in the %q slot", f.Item, f.Slot)
	}
	cur := s.Worn(f.Actor, f.Slot)
	switch {
	case f.Displaced == 0 && cur != nil && cur.ID != it.ID:
		return fieldErrorf("Displaced", "the %s slot holds item %d, which the fact does not displace", f.Slot, cur.ID)
	case f.Displaced != 0 && (cur == nil || cur.ID != f.Displaced):
		return fieldErrorf("Displaced", "item %d is not worn in the %s slot", f.Displaced, f.Slot)
	}
	if cur != nil && cur.ID != it.ID {
		cur.Slot = events.SlotNone
		s.intoPack(cur)
	}
	s.Get(f.Actor).worn[f.Slot-1] = f.Item
	it = s.Get(f.Item)
	s.outOfPack(it)
	it.Slot, it.PackOrder = f.Slot, 0
	return nil
}

// intoPack puts it, just come into its holder's backpack, last in it
// (and, in the player's, gives its stack a letter).
func (s *State) intoPack(it *Entity) {
	s.packSeq++
	it.PackOrder = s.packSeq
	if it.Holder == events.PlayerID {
		s.letters.in(StackKey(it))
	}
}

// outOfPack is called for item it before it leaves its holder's backpack
// or stops being an unworn item in it: the player's stack of its kind
// gives up its letter with its last item.
func (s *State) outOfPack(it *Entity) {
	if it.Holder == events.PlayerID && it.Slot == events.SlotNone {
		s.letters.out(StackKey(it))
	}
}

// remove takes e, a live entity of s (found by the fact that names it),
// out of the game.
func (s *State) remove(e *Entity) {
	if s.standingOK && e.Holder == 0 && s.IsActor(e) && s.Map.InBounds(e.Pos) {
		s.setStanding(e.Pos, false)
	}
	if s.monstersOK {
		s.monsterGone(e.ID)
	}
	if e.Holder != 0 {
		if h := s.Get(e.Holder); h != nil {
			h.holding--
			if e.Slot != events.SlotNone && h.worn[e.Slot-1] == e.ID {
				h.worn[e.Slot-1] = 0
			}
		}
	}
	// Marked, not moved out: the dead go all at once when they are
	// half, so a death copies two entities on average where taking it
	// out of a deep level's thousand copied hundreds.
	e.dead = true
	if s.ndead++; 2*s.ndead > len(s.entity) {
		s.keep(func(e *Entity) bool { return !e.dead })
		s.ndead, s.indexOK = 0, false
	}
}

// keep keeps the entities ok says yes to, in their order, in place.
// (Not slices.DeleteFunc, which copies each entity to ask about it and
// zeroes the tail: an entity holds no pointer, and the tail is written
// over by the next appends.)
func (s *State) keep(ok func(e *Entity) bool) {
	n := 0
	for i := range s.entity {
		if ok(&s.entity[i]) {
			if n != i {
				s.entity[n] = s.entity[i]
			}
			n++
		}
	}
	s.entity = s.entity[:n]
}

func (s *State) actor(id events.EntityID) (*Entity, error) {
	// The player (on a deep level, below the index), or what the index
	// finds: a live actor, what nearly every fact names, answered here;
	// anything else by actorSlow.
	es := s.entity
	var e *Entity
	if len(es) > 0 && es[0].ID == id {
		e = &es[0]
	} else if i, ok := s.hint(id); ok {
		e = &es[i]
	} else {
		return s.actorSlow(id)
	}
	if e.dead || !e.actor {
		return s.actorSlow(id)
	}
	return e, nil
}

// actorSlow is actor when the player's place and the index do not find
// a live actor: Get, and the errors.
func (s *State) actorSlow(id events.EntityID) (*Entity, error) {
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

// heldBy returns item, which holder must hold; its errors name the field
// at fault (Actor or Item).
func (s *State) heldBy(item, holder events.EntityID) (*Entity, error) {
	if _, err := s.actor(holder); err != nil {
		return nil, inField("Actor", err)
	}
	return s.carried(item, holder)
}

// carried is heldBy once holder is known to be an actor.
func (s *State) carried(item, holder events.EntityID) (*Entity, error) {
	it, err := s.item(item)
	if err != nil {
		return nil, inField("Item", err)
	}
	if it.Holder != holder {
		return nil, fieldErrorf("Item", "item %d is not held by %d", item, holder)
	}
	return it, nil
}
