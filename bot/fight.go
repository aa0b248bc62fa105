package bot

import (
	"slices"

	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/reducer/dungeon"
)

// A fight is weighed by expected damage, counted in fortieths of a hit
// point so that it stays in integers: a swing's chance to hit in
// twentieths (the d20's faces that hit) times twice its mean damage.

// losing is the share of its HP the player may expect to lose in a fight
// before it reaches for scrolls and potions, or runs: three quarters.
const losingNum, losingDen = 3, 4

// hits is how many of the d20's faces make a's swing hit d.
func (b *brain) hits(a, d *reducer.Entity) int {
	bonus, ac := b.s.AttackBonus(a), b.s.ArmorClass(d)
	n := 1 // the natural 20
	for r := 2; r <= 19; r++ {
		if r+bonus >= ac {
			n++
		}
	}
	return n
}

// pace is a's expected damage to d per swing, in fortieths of an HP: a
// natural 20 rolls the dice Rules.CriticalRolls times.
func (b *brain) pace(a, d *reducer.Entity) int {
	dice := b.s.DamageDice(a)
	twiceMean := dice.N * (dice.Sides + 1)
	return b.hits(a, d)*max(0, twiceMean+2*b.s.DamageBonus(a)) + (b.critRolls()-1)*twiceMean
}

// most is the most damage one swing of a can deal (a critical hit).
func (b *brain) most(a *reducer.Entity) int {
	dice := b.s.DamageDice(a)
	return max(0, b.critRolls()*dice.N*dice.Sides+b.s.DamageBonus(a))
}

// critRolls is how many times a natural 20 rolls the damage dice.
func (b *brain) critRolls() int { return max(1, b.c.Rules.CriticalRolls) }

// confused reports whether m staggers instead of fighting this turn.
func (b *brain) confused(m *reducer.Entity) bool { return m.ConfusedUntil > b.s.Turn }

// toKill is how many swings the player expects to need to kill m.
func (b *brain) toKill(m *reducer.Entity) int {
	pace := b.pace(b.p, m)
	if pace == 0 {
		return 1000
	}
	return (max(0, m.HP)*40 + pace - 1) / pace
}

// expectedLoss is the HP (in fortieths) the player expects to lose
// fighting foes to the death, killing the quickest to kill first: each
// foe strikes from when it arrives (or comes to its senses) until it
// dies, and the player strikes it from when it arrives.
func (b *brain) expectedLoss(foes []*reducer.Entity) int {
	order := slices.Clone(foes)
	slices.SortStableFunc(order, func(x, y *reducer.Entity) int { return b.toKill(x) - b.toKill(y) })
	t, loss := 0, 0
	for _, m := range order {
		arrives := max(steps(b.p.Pos, m.Pos)-1, 0)
		t = max(t, arrives) + b.toKill(m)
		loss += b.pace(m, b.p) * max(0, t-max(arrives, m.ConfusedUntil-b.s.Turn))
	}
	return loss
}

func (b *brain) fight(foes []*reducer.Entity) events.Command {
	s, p := b.s, b.p
	hp, maxHP := p.HP, s.MaxHP(p)
	var adjacent []*reducer.Entity
	danger := 0 // the most the foes next to us can deal this turn
	for _, m := range foes {
		if steps(p.Pos, m.Pos) == 1 {
			adjacent = append(adjacent, m)
			if !b.confused(m) {
				danger += b.most(m)
			}
		}
	}
	mortal := danger >= hp
	losing := b.expectedLoss(foes)*losingDen >= hp*40*losingNum
	if (mortal || losing) && s.Depth < events.MaxDepth && s.Map.At(p.Pos) == dungeon.DownStairs {
		return &events.Descend{} // the foes stay behind
	}
	potion := b.carried(isHeal)
	if mortal {
		if cmd := b.flee(foes); cmd != nil {
			return cmd
		}
		if potion != nil && hp < maxHP {
			return &events.Use{Item: potion.ID}
		}
	}
	// With a full stock of some scroll, read it in any fight that costs a
	// quarter of our HP: carried beyond the stock, it would be dropped.
	rich := b.fullStock() && b.expectedLoss(foes)*4 >= hp*40
	if mortal || losing || rich {
		if cmd := b.scroll(foes, adjacent); cmd != nil {
			return cmd
		}
	}
	if cmd := b.holdNarrow(foes, adjacent); cmd != nil {
		return cmd
	}
	if len(adjacent) > 0 {
		// The one nearest death first.
		target := slices.MinFunc(adjacent, func(x, y *reducer.Entity) int {
			if c := b.toKill(x) - b.toKill(y); c != 0 {
				return c
			}
			return int(x.ID) - int(y.ID)
		})
		if dir, ok := events.DirTo(p.Pos, target.Pos); ok {
			return &events.Move{Dir: dir}
		}
	}
	// Let a foe two steps away come to us, so that we strike first; one
	// farther off, go to (it comes too, and we meet it two steps apart).
	for _, m := range foes {
		if steps(p.Pos, m.Pos) == 2 && !b.confused(m) && b.coming(m) {
			return &events.Wait{}
		}
	}
	near := foes[0]
	if dir, ok := b.walkTo(func(q events.Pos) bool { return q == near.Pos }); ok {
		return &events.Move{Dir: dir}
	}
	return nil
}

// holdNarrow meets two or more foes coming for us in a corridor, where
// they reach us one or two at a time, not all at once: it waits there for
// them, or steps back into one it has seen, along a way no foe strikes.
func (b *brain) holdNarrow(foes, adjacent []*reducer.Entity) events.Command {
	if len(adjacent) > 0 {
		return nil
	}
	coming := 0
	for _, m := range foes {
		if !b.confused(m) && b.coming(m) {
			coming++
		}
	}
	if coming < 2 {
		return nil
	}
	if b.narrow(b.p.Pos) {
		return &events.Wait{}
	}
	if dir, ok := b.walk(b.narrow, true, b.struck(foes)); ok {
		return &events.Move{Dir: dir}
	}
	return nil
}

// narrow reports whether at most two floor tiles touch q: a corridor.
func (b *brain) narrow(q events.Pos) bool {
	m, n := b.s.Map, 0
	for d := events.Dir(0); d < events.NumDirs; d++ {
		if m.Walkable(q.Add(d)) {
			n++
		}
	}
	return n <= 2
}

// struck marks (by map index) the tiles next to a foe able to strike.
func (b *brain) struck(foes []*reducer.Entity) []bool {
	m := b.s.Map
	near := make([]bool, m.Width*m.Height)
	for _, f := range foes {
		if b.confused(f) {
			continue
		}
		for d := events.Dir(0); d < events.NumDirs; d++ {
			if q := f.Pos.Add(d); m.InBounds(q) {
				near[m.Index(q)] = true
			}
		}
	}
	return near
}

// flee is a step toward the stairs, seen and reachable, along a way that
// passes next to no foe able to strike: the foes follow but cannot
// strike, and the stairs leave them behind.
func (b *brain) flee(foes []*reducer.Entity) events.Command {
	if b.s.Depth >= events.MaxDepth {
		return nil
	}
	stairs, ok := b.stairs()
	if !ok {
		return nil
	}
	if dir, ok := b.walk(stairs, true, b.struck(foes)); ok {
		return &events.Move{Dir: dir}
	}
	return nil
}

// scroll reads the scroll that does the most against foes: a fireball
// at two or more (never where it reaches us), lightning, a magic missile
// that kills, confusion on the worst foe next to us, then any missile or
// fireball.
func (b *brain) scroll(foes, adjacent []*reducer.Entity) events.Command {
	p := b.p
	fire := b.carried(func(u *content.Use) bool { return u.Target == content.Area && u.Effect == content.Harm })
	var fireAt events.Pos
	fireHits := 0
	if fire != nil {
		fireAt, fireHits = b.blastAt(b.c.Item(fire.Kind).Use, foes)
		if fireHits >= 2 {
			return &events.Use{Item: fire.ID, HasTarget: true, Target: fireAt}
		}
	}
	if it := b.carried(func(u *content.Use) bool { return u.Target == content.Nearest && u.Effect == content.Harm }); it != nil {
		r := b.s.UseRange(p, b.c.Item(it.Kind).Use)
		if dist2(p.Pos, foes[0].Pos) <= r*r {
			return &events.Use{Item: it.ID}
		}
	}
	missile := b.carried(func(u *content.Use) bool { return u.Target == content.Actor && u.Effect == content.Harm })
	var inReach []*reducer.Entity // foes a missile reaches, the worst first
	if missile != nil {
		u := b.c.Item(missile.Kind).Use
		r := b.s.UseRange(p, u)
		for _, m := range foes {
			if dist2(p.Pos, m.Pos) <= r*r {
				inReach = append(inReach, m)
			}
		}
		slices.SortStableFunc(inReach, func(x, y *reducer.Entity) int { return b.pace(y, p) - b.pace(x, p) })
		for _, m := range inReach {
			if m.HP <= b.s.UseAmount(p, u) {
				return &events.Use{Item: missile.ID, HasTarget: true, Target: m.Pos}
			}
		}
	}
	if it := b.carried(func(u *content.Use) bool { return u.Effect == content.Confuse }); it != nil {
		var worst *reducer.Entity
		for _, m := range adjacent {
			if !b.confused(m) && (worst == nil || b.pace(m, p) > b.pace(worst, p)) {
				worst = m
			}
		}
		if worst != nil {
			return &events.Use{Item: it.ID, HasTarget: true, Target: worst.Pos}
		}
	}
	if len(inReach) > 0 {
		return &events.Use{Item: missile.ID, HasTarget: true, Target: inReach[0].Pos}
	}
	if fireHits > 0 {
		return &events.Use{Item: fire.ID, HasTarget: true, Target: fireAt}
	}
	return nil
}

// fullStock reports whether the pack holds as many of some scroll as the
// bot keeps.
func (b *brain) fullStock() bool {
	for _, it := range b.backpack() {
		if def := b.c.Item(it.Kind); def != nil && def.Use != nil && def.Use.Target != content.Self && b.count(it.Kind) >= b.keep(def.Use) {
			return true
		}
	}
	return false
}

// blastAt is the tile in view and in range to aim an area scroll at that
// catches the most foes without reaching the player, and how many.
func (b *brain) blastAt(u *content.Use, foes []*reducer.Entity) (events.Pos, int) {
	s, p := b.s, b.p
	var best events.Pos
	most := 0
	r := s.UseRange(p, u)
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			q := events.Pos{X: p.Pos.X + dx, Y: p.Pos.Y + dy}
			if dx*dx+dy*dy > r*r || dist2(q, p.Pos) <= u.Radius*u.Radius || !s.Map.InBounds(q) || !s.Map.Walkable(q) || !s.CanSee(q) {
				continue
			}
			n := 0
			for _, m := range foes {
				if dist2(q, m.Pos) <= u.Radius*u.Radius {
					n++
				}
			}
			if n > most {
				best, most = q, n
			}
		}
	}
	return best, most
}
