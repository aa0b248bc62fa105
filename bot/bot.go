// Package bot is a built-in player: given the state of a game it chooses
// the next command, as a person at the keyboard would. It explores, fights,
// drinks when hurt, eats when hungry, reads scrolls at monsters, wears
// better gear and takes the stairs down. It is deterministic (the same
// state gives the same command) and journals nothing of its own: its
// commands go through reducer.Decide like anyone's.
package bot

import (
	"slices"
	"sync"

	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/reducer/dungeon"
)

// Choose returns the bot's next command in state s.
func Choose(s *reducer.State) events.Command {
	b := &brain{s: s, c: s.Content(), p: s.Player()}
	return b.choose()
}

type brain struct {
	s    *reducer.State
	c    *content.Tables
	p    *reducer.Entity
	pack []*reducer.Entity // the backpack, once asked for (the state does not change while choosing)
	mons []*reducer.Entity // the monsters on the level, once asked for
}

// monsters is s.Monsters(), worked out once per choice.
func (b *brain) monsters() []*reducer.Entity {
	if b.mons == nil {
		b.mons = b.s.Monsters()
		if b.mons == nil {
			b.mons = []*reducer.Entity{}
		}
	}
	return b.mons
}

// backpack is s.Backpack(player), worked out once per choice.
func (b *brain) backpack() []*reducer.Entity {
	if b.pack == nil {
		b.pack = b.s.Backpack(b.p.ID)
		if b.pack == nil {
			b.pack = []*reducer.Entity{}
		}
	}
	return b.pack
}

func (b *brain) choose() events.Command {
	s, p := b.s, b.p
	if s.LevelUpPending() {
		// Fitness first (more HP), then Might, then Quickness.
		order := []events.Attribute{events.Fitness, events.Might, events.Quickness}
		return &events.ChooseAttribute{Attribute: order[p.Level%len(order)]}
	}
	seen := b.visibleFoes()
	foes := b.inRange(seen)
	hp, maxHP := p.HP, s.MaxHP(p)
	if hp*2 < maxHP {
		if it := b.carried(func(u *content.Use) bool { return u.Effect == content.Heal }); it != nil {
			return &events.Use{Item: it.ID}
		}
	}
	if s.Hunger >= events.Hungry {
		if it := b.carried(func(u *content.Use) bool { return u.Effect == content.Feed }); it != nil {
			return &events.Use{Item: it.ID}
		}
	}
	if len(foes) > 0 {
		if cmd := b.fight(foes); cmd != nil {
			return cmd
		}
	}
	if cmd := b.gearUp(); cmd != nil {
		return cmd
	}
	// Pick up while something here is worth having (the rules give the
	// lowest id first, which may be junk: it is dropped elsewhere later),
	// and drop junk only where nothing is, or it would be picked up again.
	here := s.ItemsAt(p.Pos)
	if slices.ContainsFunc(here, b.worthHaving) {
		if len(b.backpack()) < b.c.Rules.Backpack || b.wornAtOnce(here[0]) {
			return &events.PickUp{}
		}
	} else if i := slices.IndexFunc(b.backpack(), b.junk); i >= 0 {
		return &events.Drop{Item: b.backpack()[i].ID}
	}
	// Resting heals only with nothing hostile in view, however far.
	if len(seen) == 0 && hp < maxHP && s.Hunger < events.Hungry {
		return &events.Wait{}
	}
	if dir, ok := b.walkTo(b.itemGoal()); ok {
		return &events.Move{Dir: dir}
	}
	// Starving with nothing to eat: the next level may have food. Not in
	// wizard mode, where hunger cannot kill: there, diving past every
	// level unexplored took the seed-1 game to the bottom (depth 1000) by
	// turn 136 000, leaving a long game mostly waiting there.
	hungryAndNoFood := s.Hunger >= events.Hungry && !s.Wizard
	explored := s.Explored()
	if !hungryAndNoFood {
		if dir, ok := b.walkTo(func(q events.Pos) bool { return !explored.Has(q) }); ok {
			return &events.Move{Dir: dir}
		}
	}
	if s.Depth < events.MaxDepth {
		if s.Map.At(p.Pos) == dungeon.DownStairs {
			return &events.Descend{}
		}
		atStairs := func(q events.Pos) bool { return q == s.Level.Stairs }
		if dir, ok := b.walkTo(atStairs); ok {
			return &events.Move{Dir: dir}
		}
		// A monster that cannot see us stands in the way, for good: cut
		// through it.
		if dir, ok := b.walkThrough(atStairs); ok {
			return &events.Move{Dir: dir}
		}
	}
	if dir, ok := b.walkThrough(func(q events.Pos) bool { return !explored.Has(q) }); ok {
		return &events.Move{Dir: dir}
	}
	// At the bottom, with the level seen: hunt down what is left on it.
	if dir, ok := b.walkThrough(b.monsterGoal()); ok {
		return &events.Move{Dir: dir}
	}
	return &events.Wait{}
}

// monsterGoal returns a test for "a monster stands on q".
func (b *brain) monsterGoal() func(events.Pos) bool {
	m := b.s.Map
	at := make([]bool, m.Width*m.Height)
	for _, e := range b.monsters() {
		at[m.Index(e.Pos)] = true
	}
	return func(q events.Pos) bool { return at[m.Index(q)] }
}

// visibleFoes lists the monsters in view, nearest first.
func (b *brain) visibleFoes() []*reducer.Entity {
	var out []*reducer.Entity
	for _, m := range b.monsters() {
		if b.s.CanSee(m.Pos) {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(x, y *reducer.Entity) int {
		if c := dist2(b.p.Pos, x.Pos) - dist2(b.p.Pos, y.Pos); c != 0 {
			return c
		}
		return int(x.ID) - int(y.ID)
	})
	return out
}

// inRange keeps the foes near enough to see the player back (within the
// rules' vision): only those come for us. One farther off stands still;
// walking at it could step out of its sight and back into it forever,
// with the goal that drew us here pulling the other way. We meet it in
// range soon enough, or leave it behind.
func (b *brain) inRange(foes []*reducer.Entity) []*reducer.Entity {
	r := b.c.Rules.Vision
	var out []*reducer.Entity
	for _, m := range foes {
		if dist2(b.p.Pos, m.Pos) <= r*r {
			out = append(out, m)
		}
	}
	return out
}

// carried returns the first backpack item whose use matches.
func (b *brain) carried(match func(*content.Use) bool) *reducer.Entity {
	for _, it := range b.backpack() {
		if def := b.c.Item(it.Kind); def != nil && def.Use != nil && match(def.Use) {
			return it
		}
	}
	return nil
}

func (b *brain) fight(foes []*reducer.Entity) events.Command {
	s, p := b.s, b.p
	near := foes[0]
	// Scrolls are for strong foes, or for any foe once we are hurt.
	hurt := p.HP*10 < s.MaxHP(p)*6
	strong := func(m *reducer.Entity) bool { return b.c.Monster(m.Kind).Level >= 2 || hurt }
	// Lightning at anything within its range.
	if it := b.carried(func(u *content.Use) bool { return u.Target == content.Nearest }); it != nil {
		if u := b.c.Item(it.Kind).Use; dist2(p.Pos, near.Pos) <= u.Range*u.Range && (strong(near) || len(foes) > 1) {
			return &events.Use{Item: it.ID}
		}
	}
	// Fireball at a foe far enough away not to burn ourselves.
	if it := b.carried(func(u *content.Use) bool { return u.Target == content.Area }); it != nil {
		u := b.c.Item(it.Kind).Use
		for _, m := range foes {
			d := dist2(p.Pos, m.Pos)
			if d <= u.Range*u.Range && d > u.Radius*u.Radius && (strong(m) || len(foes) > 1) {
				return &events.Use{Item: it.ID, HasTarget: true, Target: m.Pos}
			}
		}
	}
	// Confuse a strong foe next to us; missile a strong or hurt one.
	for _, m := range foes {
		d := dist2(p.Pos, m.Pos)
		if it := b.carried(func(u *content.Use) bool { return u.Effect == content.Confuse }); it != nil && strong(m) && d <= 2 && m.ConfusedUntil <= s.Turn {
			return &events.Use{Item: it.ID, HasTarget: true, Target: m.Pos}
		}
		if it := b.carried(func(u *content.Use) bool { return u.Target == content.Actor && u.Effect == content.Harm }); it != nil {
			if u := b.c.Item(it.Kind).Use; d <= u.Range*u.Range && (strong(m) || p.HP*2 < s.MaxHP(p)) {
				return &events.Use{Item: it.ID, HasTarget: true, Target: m.Pos}
			}
		}
	}
	if dir, ok := events.DirTo(p.Pos, near.Pos); ok {
		return &events.Move{Dir: dir}
	}
	// Let it come to us when it is close; otherwise go to it.
	if dist2(p.Pos, near.Pos) <= 8 {
		return &events.Wait{}
	}
	if dir, ok := b.walkTo(func(q events.Pos) bool { return q == near.Pos }); ok {
		return &events.Move{Dir: dir}
	}
	return nil
}

// gearUp wears the best gear in the backpack for each slot, and takes off
// a weapon that does worse than bare hands.
func (b *brain) gearUp() events.Command {
	s, p := b.s, b.p
	for _, it := range s.Backpack(p.ID) {
		def := b.c.Item(it.Kind)
		if def == nil || def.Equip == nil {
			continue
		}
		cur := s.Worn(p.ID, def.Equip.Slot)
		if cur == nil && def.Equip.Slot == events.MainHand && b.worth(def.Equip) <= b.worth(nil) {
			continue
		}
		if cur == nil || b.worth(def.Equip) > b.worth(b.c.Item(cur.Kind).Equip) {
			return &events.Use{Item: it.ID}
		}
	}
	if w := s.Worn(p.ID, events.MainHand); w != nil && b.worth(b.c.Item(w.Kind).Equip) < b.worth(nil) {
		return &events.Remove{Item: w.ID}
	}
	return nil
}

// worth scores a piece of gear for this player: armor by its bonus, a
// weapon (or bare hands, for nil) by its expected damage per swing against
// armor class 12, in integers.
func (b *brain) worth(q *content.Equip) int {
	p := b.p
	bonus := func(a events.Attribute) int { return reducer.Bonus(p.Attributes[a]) }
	if q != nil && q.Slot != events.MainHand {
		return q.Armor*100 + q.MaxHP*10 + q.Hit*5
	}
	attr, hit, dice, mod := events.Might, 0, b.c.Rules.UnarmedDamage, 0
	if q != nil {
		attr, hit, dice, mod = q.Attribute, q.Hit, q.Damage, q.DamageMod
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
	if def.Equip == nil {
		return true
	}
	cur := b.s.Worn(b.p.ID, def.Equip.Slot)
	switch {
	case cur != nil:
		return b.worth(def.Equip) > b.worth(b.c.Item(cur.Kind).Equip)
	case def.Equip.Slot == events.MainHand:
		return b.worth(def.Equip) > b.worth(nil)
	}
	return true
}

// junk reports whether a backpack item is not worth carrying. After
// gearUp has nothing to do, that is every piece of gear in it.
func (b *brain) junk(it *reducer.Entity) bool {
	return it.Slot == events.SlotNone && !b.worthHaving(it)
}

// wornAtOnce reports whether picking up the item puts it on (its slot is
// empty), which the rules allow with a full backpack.
func (b *brain) wornAtOnce(it *reducer.Entity) bool {
	def := b.c.Item(it.Kind)
	return def != nil && def.Equip != nil && b.s.Worn(b.p.ID, def.Equip.Slot) == nil
}

// itemGoal returns a test for "an item worth taking lies on q": an item
// worth having on a tile the player has seen, while the backpack has
// room. The tiles are worked out once, not per tile the walk visits.
func (b *brain) itemGoal() func(events.Pos) bool {
	s, m := b.s, b.s.Map
	if len(b.backpack()) >= b.c.Rules.Backpack {
		return func(events.Pos) bool { return false }
	}
	want := make([]bool, m.Width*m.Height)
	seen := s.Explored()
	for e := range s.Entities() {
		if e.OnMap() && !s.IsActor(e) && seen.Has(e.Pos) && b.worthHaving(e) {
			want[m.Index(e.Pos)] = true
		}
	}
	return func(q events.Pos) bool { return want[m.Index(q)] }
}

// walkTo returns the first step of a shortest walk (breadth-first, 8-way,
// around monsters) to the nearest tile where goal holds.
func (b *brain) walkTo(goal func(events.Pos) bool) (events.Dir, bool) {
	return b.walk(goal, true)
}

// walkThrough is walkTo for when the way around monsters is shut: it walks
// as if they were not there, so the first step may be an attack.
func (b *brain) walkThrough(goal func(events.Pos) bool) (events.Dir, bool) {
	return b.walk(goal, false)
}

func (b *brain) walk(goal func(events.Pos) bool, around bool) (events.Dir, bool) {
	m := b.s.Map
	w, h := m.Width, m.Height
	start := m.Index(b.p.Pos)
	sc := walkScratches.Get().(*walkScratch)
	defer walkScratches.Put(sc)
	blocked, first, queue := sc.reset(w * h)
	if around {
		for _, e := range b.monsters() {
			blocked[m.Index(e.Pos)] = true
		}
	}
	var step [events.NumDirs]int // the index offset of a step in each direction
	for d := range step {
		dx, dy := events.Dir(d).Delta()
		step[d] = dy*w + dx
	}
	queue = append(queue, int32(start))
	first[start] = int8(events.NumDirs) // the start itself
	for head := 0; head < len(queue); head++ {
		qi := int(queue[head])
		q := events.Pos{X: qi % w, Y: qi / w}
		if qi != start && goal(q) {
			sc.queue = queue
			return events.Dir(first[qi]), true
		}
		// Off the map's edge is wall; only a tile on the edge needs to check.
		edge := q.X == 0 || q.Y == 0 || q.X == w-1 || q.Y == h-1
		for d := events.Dir(0); d < events.NumDirs; d++ {
			ni := qi + step[d]
			if edge && !m.InBounds(q.Add(d)) {
				continue
			}
			if !m.Tiles[ni].Walkable() || first[ni] != -1 || (blocked[ni] && !goal(q.Add(d))) {
				continue
			}
			if qi == start {
				first[ni] = int8(d)
			} else {
				first[ni] = first[qi]
			}
			queue = append(queue, int32(ni))
		}
	}
	sc.queue = queue
	return 0, false
}

// walkScratch is walkTo's working memory, reused from call to call (the
// pool keeps bots playing in parallel apart).
type walkScratch struct {
	blocked []bool
	first   []int8 // the first step toward each tile reached; -1: not reached
	queue   []int32
}

var walkScratches = sync.Pool{New: func() any { return new(walkScratch) }}

// reset readies the scratch for a map of n tiles.
func (sc *walkScratch) reset(n int) ([]bool, []int8, []int32) {
	if cap(sc.first) < n {
		sc.blocked, sc.first, sc.queue = make([]bool, n), make([]int8, n), make([]int32, 0, n)
	}
	blocked, first := sc.blocked[:n], sc.first[:n]
	clear(blocked)
	for i := range first {
		first[i] = -1
	}
	return blocked, first, sc.queue[:0]
}

func dist2(a, b events.Pos) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx + dy*dy
}
