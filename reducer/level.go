package reducer

import (
	"rogue/events"
	"rogue/reducer/content"
	"rogue/reducer/dungeon"
)

// begin makes the first level, the player and the starting gear (worn or
// carried, without a message), and starts the hunger clock.
func (d *decider) begin() {
	c := d.w.content
	layout := dungeon.Generate(d.rng, c.Rules.Width, c.Rules.Height)
	d.emit(&events.LevelEntered{Depth: 1, Width: layout.Width, Height: layout.Height,
		Rooms: layout.Rooms, Corridors: layout.Corridors, Stairs: layout.Stairs, Arrival: layout.Start})
	pk := c.Player
	hp := playerHP(c.Rules, Bonus(pk.Attributes[events.Fitness]), pk.Level)
	for _, it := range pk.Wears {
		hp += it.Equip.MaxHP
	}
	d.emit(&events.Spawned{ID: d.w.NextID, Kind: pk.Code, Pos: layout.Start, HP: max(1, hp)})
	d.wear(events.PlayerID, pk.Wears)
	d.carry(events.PlayerID, pk.Carries)
	d.populate(layout, 1)
	d.emit(&events.HungerChanged{Actor: events.PlayerID, Hunger: events.WellFed, Until: d.turn + c.Rules.WellFedTurns})
}

// descend takes the stairs: a new level one deeper; only the player and
// what the player carries come along. No healing.
func (d *decider) descend() error {
	w := d.w
	p := d.player()
	if w.Map.At(p.Pos) != dungeon.DownStairs {
		return refuse("there are no stairs down here")
	}
	if w.Depth >= events.MaxDepth {
		return refuse("these stairs lead nowhere: this is the bottom of the dungeon")
	}
	if g := w.GoalHere(); g != nil {
		return refuse("the way down is sealed: the %s lies on this level; find it and pick it up", g.Name)
	}
	c := w.content
	layout := dungeon.Generate(d.rng, c.Rules.Width, c.Rules.Height)
	depth := w.Depth + 1
	d.emit(&events.LevelEntered{Depth: depth, Width: layout.Width, Height: layout.Height,
		Rooms: layout.Rooms, Corridors: layout.Corridors, Stairs: layout.Stairs, Arrival: layout.Start})
	d.populate(layout, depth)
	return nil
}

// carry puts items in holder's backpack, without a message.
func (d *decider) carry(holder events.EntityID, items []*content.Item) {
	for _, it := range items {
		d.emit(&events.Spawned{ID: d.w.NextID, Kind: it.Code, Holder: holder, HP: d.rollCharges(it.Code)})
	}
}

func (d *decider) wear(holder events.EntityID, items []*content.Item) {
	for _, it := range items {
		d.emit(&events.Spawned{ID: d.w.NextID, Kind: it.Code, Holder: holder, Slot: it.Equip.Slot})
	}
}

// populate spawns each room's monsters and items, every room but the first:
// 1dN + (depth - 1) + offset of them (none below 1), each on a free floor
// tile of the room, each drawn from the weighted spawn table.
//
// Draw order: per room, the count; then per spawn, the table entry and
// then the tile (an index into the room's tiles not taken yet, row by row).
//
// Rules 3: depth-1 is divided by Rules.SpawnDepthDivisor; a spawn is
// drawn Rules.OutOfDepthBy deeper with a chance of Rules.OutOfDepth in 100
// (a d100 before the entry); a monster past Rules.MaxMonsters on the
// level is not spawned (its entry and tile are drawn all the same); a
// pack kind brings up to Pack more of its kind (the count, then each
// one's tile); a sleeper falls asleep as it is spawned. On the goal's
// depth the goal lies in the last room (its tile drawn last), and its
// guard on a tile drawn after it (none if a monster stands there); not in
// a wizard's game, which cannot be won.
func (d *decider) populate(layout dungeon.Layout, depth int) {
	c := d.w.content
	monsters := 0
	for _, room := range layout.Rooms[1:] {
		deeper := depth - 1
		if div := c.Rules.SpawnDepthDivisor; div > 1 {
			deeper /= div
		}
		n := d.rng.Die(c.Rules.SpawnDie) + deeper + c.Rules.SpawnOffset
		if n < 1 {
			continue
		}
		free := make([]events.Pos, 0, room.W*room.H)
		for y := room.Y; y < room.Y+room.H; y++ {
			for x := room.X; x < room.X+room.W; x++ {
				free = append(free, events.Pos{X: x, Y: y})
			}
		}
		for i := 0; i < n && len(free) > 0; i++ {
			at := depth
			if c.Rules.OutOfDepth > 0 && d.rng.Intn(100) < c.Rules.OutOfDepth {
				at += c.Rules.OutOfDepthBy
			}
			code, ok := d.pickSpawn(at)
			if !ok {
				break
			}
			k := d.rng.Intn(len(free))
			pos := free[k]
			free = append(free[:k], free[k+1:]...)
			m := c.Monster(code)
			if m == nil {
				d.spawnKind(code, pos)
				continue
			}
			if most := c.Rules.MaxMonsters; most > 0 && monsters >= most {
				continue
			}
			d.spawnKind(code, pos)
			monsters++
			if m.Pack == 0 {
				continue
			}
			for more := d.rng.Intn(m.Pack + 1); more > 0 && len(free) > 0; more-- {
				if most := c.Rules.MaxMonsters; most > 0 && monsters >= most {
					break
				}
				k := d.rng.Intn(len(free))
				pos := free[k]
				free = append(free[:k], free[k+1:]...)
				d.spawnKind(code, pos)
				monsters++
			}
		}
	}
	if g := c.Rules.GoalOn(depth, d.w.Wizard); g != nil {
		room := layout.Rooms[len(layout.Rooms)-1]
		pos := events.Pos{X: room.X + d.rng.Intn(room.W), Y: room.Y + d.rng.Intn(room.H)}
		d.emit(&events.Spawned{ID: d.w.NextID, Kind: g.Code, Pos: pos})
		if guard := c.Rules.GoalGuard; guard != nil {
			at := events.Pos{X: room.X + d.rng.Intn(room.W), Y: room.Y + d.rng.Intn(room.H)}
			if d.w.ActorAt(at) == nil {
				d.spawnKind(guard.Code, at)
			}
		}
	}
}

// pickSpawn draws one entry of the spawn table at depth.
func (d *decider) pickSpawn(depth int) (int, bool) {
	total := 0
	for _, e := range d.w.content.Spawns {
		total += e.WeightAt(depth)
	}
	if total <= 0 {
		return 0, false
	}
	roll := d.rng.Intn(total)
	for _, e := range d.w.content.Spawns {
		w := e.WeightAt(depth)
		if roll < w {
			return e.Code, true
		}
		roll -= w
	}
	return 0, false
}

func (d *decider) spawnKind(code int, pos events.Pos) {
	c := d.w.content
	if m := c.Monster(code); m != nil {
		hp := 1 + m.Level*max(1, 8+Bonus(m.Attributes[events.Fitness]))
		for _, it := range m.Wears {
			hp += it.Equip.MaxHP
		}
		id := d.w.NextID
		d.emit(&events.Spawned{ID: id, Kind: code, Pos: pos, HP: max(1, hp)})
		d.wear(id, m.Wears)
		d.carry(id, m.Carries)
		if m.Sleeps {
			d.setMood(id, events.Asleep)
		}
		return
	}
	d.emit(&events.Spawned{ID: d.w.NextID, Kind: code, Pos: pos, HP: d.rollCharges(code)})
}

// chooseAttribute answers a pending level-up: the new level, +1 to the
// attribute, HP and mana recomputed and restored to full; under rules 2,
// Melee and Magic rise too (Rules.LevelUpSkills).
func (d *decider) chooseAttribute(a events.Attribute) error {
	w := d.w
	if !w.LevelUpPending() {
		return refuse("there is no level to gain")
	}
	if a >= events.NumAttributes {
		return refuse("there is no such attribute")
	}
	p := *d.player()
	p.Level++
	p.Attributes[a]++
	d.emit(&events.LevelledUp{Actor: p.ID, Level: p.Level, Attribute: a, HP: w.MaxHP(&p), Mana: w.MaxMana(&p)})
	for k, by := range w.content.Rules.LevelUpSkills {
		if by != 0 {
			d.emit(&events.SkillRaised{Actor: p.ID, Skill: events.Skill(k), By: by})
		}
	}
	return nil
}
