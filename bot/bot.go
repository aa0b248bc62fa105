// Package bot is a built-in player: given the state of a game it chooses
// the next command, as a person at the keyboard would, knowing only what
// the screen shows them (see know.go): the monsters in view, the tiles
// seen so far and what lay on them, its own pack and status. It explores,
// fights with the odds in mind (it lets a foe come to it, drinks, reads
// scrolls and runs for the stairs when a fight goes badly), eats when
// hungry, rests to full health between fights, wears better gear and
// takes the stairs down. It is deterministic (the same state gives the
// same command) and journals nothing of its own: its commands go through
// reducer.Decide like anyone's.
package bot

import (
	"slices"

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
	seen []*reducer.Entity // the monsters in view, nearest first, once asked for
	memo *memo             // what the player remembers to save work; nil for none
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
	if s.Hunger >= events.Hungry {
		if it := b.carried(func(u *content.Use) bool { return u.Effect == content.Feed }); it != nil {
			return &events.Use{Item: it.ID}
		}
		// No food: resting heals nothing now, so a potion is the only
		// way back up.
		if hp*2 < maxHP {
			if it := b.potion(maxHP - hp); it != nil {
				return &events.Use{Item: it.ID}
			}
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
	if cmd := b.enchant(); cmd != nil {
		return cmd
	}
	// Pick up while something here is worth having (see pickUp), and
	// drop junk only where nothing is, or it would be picked up again.
	here := s.ItemsAt(p.Pos)
	if slices.ContainsFunc(here, b.worthHaving) {
		if cmd := b.pickUp(here); cmd != nil {
			return cmd
		}
	} else if i := slices.IndexFunc(b.backpack(), b.junk); i >= 0 {
		return &events.Drop{Item: b.backpack()[i].ID}
	}
	// Resting heals only with nothing hostile in view, however far. It
	// costs turns, and turns cost food: to full health with a meal in the
	// pack, else to seven tenths.
	if len(seen) == 0 && s.Hunger < events.Hungry && (hp*10 < maxHP*7 ||
		hp < maxHP && b.carried(func(u *content.Use) bool { return u.Effect == content.Feed }) != nil) {
		return &events.Wait{}
	}
	if goal, ok := b.goalSeen(); ok {
		if dir, ok := b.walkThrough(goal); ok {
			return &events.Move{Dir: dir}
		}
	}
	if dir, ok := b.walkTo(b.itemGoal()); ok {
		return &events.Move{Dir: dir}
	}
	// Starving with nothing to eat: the next level may have food. Not in
	// wizard mode, where hunger cannot kill: there, diving past every
	// level unexplored took the seed-1 game to the bottom (depth 1000) by
	// turn 136 000, leaving a long game mostly waiting there.
	hungryAndNoFood := s.Hunger >= events.Hungry && !s.Wizard
	frontier := b.reachableFrontier()
	// Strong for the depth, with the stairs in sight: on down (deeper
	// levels give more experience and the same food).
	_, stairsKnown := b.stairs()
	strong := stairsKnown && p.Level > s.Depth
	// No meal in the pack and past Well Fed: the stairs, once seen, too
	// (a deeper level spawns more to a room, food among it).
	foodless := stairsKnown && s.Hunger >= events.Normal && !s.Wizard &&
		b.carried(func(u *content.Use) bool { return u.Effect == content.Feed }) == nil
	if b.goalLevel() {
		// The stairs are sealed: explore it all.
		hungryAndNoFood, strong, foodless = false, false, false
	}
	if !hungryAndNoFood && !strong && !foodless {
		if dir, ok := b.walkTo(frontier); ok {
			return &events.Move{Dir: dir}
		}
		b.noFrontier(frontier)
	}
	if s.Depth < events.MaxDepth && !b.goalLevel() {
		if s.Map.At(p.Pos) == dungeon.DownStairs {
			return &events.Descend{}
		}
		if stairs, ok := b.stairs(); ok {
			if dir, ok := b.walkTo(stairs); ok {
				return &events.Move{Dir: dir}
			}
			// A monster that cannot see us stands in the way, for good:
			// cut through it.
			if dir, ok := b.walkThrough(stairs); ok {
				return &events.Move{Dir: dir}
			}
		}
	}
	if dir, ok := b.walkThrough(frontier); ok {
		return &events.Move{Dir: dir}
	}
	// At the bottom, with the level seen: hunt down what is in view.
	if dir, ok := b.walkThrough(b.monsterGoal()); ok {
		return &events.Move{Dir: dir}
	}
	return &events.Wait{}
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

// potion is the potion to drink for need hit points: the weakest that
// heals them all, else the strongest (rules 3 has three strengths).
func (b *brain) potion(need int) *reducer.Entity {
	var best *reducer.Entity
	bestAmount := 0
	for _, it := range b.backpack() {
		def := b.c.Item(it.Kind)
		if def == nil || def.Use == nil || def.Use.Effect != content.Heal {
			continue
		}
		a := def.Use.Amount
		switch {
		case best == nil,
			a >= need && (bestAmount < need || a < bestAmount),
			bestAmount < need && a > bestAmount:
			best, bestAmount = it, a
		}
	}
	return best
}

func dist2(a, b events.Pos) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx + dy*dy
}

// steps is the number of 8-way steps from a to b on an open floor.
func steps(a, b events.Pos) int {
	return max(abs(a.X-b.X), abs(a.Y-b.Y))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
