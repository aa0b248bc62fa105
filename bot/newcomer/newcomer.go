// Package newcomer is the built-in player that plays as a person new to
// the game does (rogue bot --player newcomer): it charges, keeps its
// first gear, reads nothing, drinks late and explores with the jobs a
// person gets from o and > (auto).
package newcomer

import (
	"slices"

	"rogue/auto"
	"rogue/bot"
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/dungeon"
)

// Newcomer plays as a person new to the game does, on what the screen
// shows: it charges every monster in view (the nearest it can reach
// first), keeps the gear it starts with (it equips, wears and removes
// nothing), reads no scroll and uses no wand, drinks a Health Potion at a
// third of its HP or less, eats when hungry, picks up only what it will
// use (the potions that heal and the food: from a pile where the rules
// let it choose, else when they lie first), goes for the goal once it
// sees it and picks it up, rests (the job of Z) when below half its HP
// with nothing in view, and explores with the explore job a person gets
// from o, then travels to the stairs (the job of >) and takes them.
//
// It remembers what the jobs remember (auto.Memory) and the job under
// way, so one Newcomer plays one game, from its first turn.
type Newcomer struct {
	mem auto.Memory
	job *auto.Job
	// On the current depth: explore jobs begun in a row without a tile
	// explored since the last (a job that goes in circles, or stops at
	// once), and whether it has given up exploring for the stairs.
	depth  int
	known  int
	stalls int
	done   bool
	// chasing: the newcomer charged a monster that has gone out of view
	// since, and walks on to where it last saw it, at.
	chasing bool
	at      events.Pos
}

// maxStalls is how many explore jobs in a row may begin without a tile
// explored between them before the newcomer gives up on the level's rest
// and heads for the stairs, as a person would after a few presses of o
// that lead nowhere.
const maxStalls = 10

// New is a newcomer about to play a new game.
func New() *Newcomer { return &Newcomer{} }

// Choose returns the newcomer's next command in s.
func (n *Newcomer) Choose(s *reducer.State) events.Command {
	p := s.Player()
	n.mem.Watch(s) // as the program does after every turn
	if s.Depth != n.depth {
		n.depth, n.known, n.stalls, n.done, n.job, n.chasing = s.Depth, 0, 0, false, nil, false
	}
	if s.LevelUpPending() {
		order := []events.Attribute{events.Fitness, events.Might, events.Quickness}
		return &events.ChooseAttribute{Attribute: order[p.Level%len(order)]}
	}
	if p.HP*3 <= s.MaxHP(p) {
		if it := bot.Carried(s, bot.IsHeal); it != nil {
			n.job = nil
			return &events.Use{Item: it.ID}
		}
	}
	if s.Hunger >= events.Hungry {
		if it := bot.Carried(s, bot.IsFood); it != nil {
			n.job = nil
			return &events.Use{Item: it.ID}
		}
	}
	if cmd := n.charge(s); cmd != nil {
		n.job = nil
		return cmd
	}
	if cmd := pickUp(s); cmd != nil {
		n.job = nil
		return cmd
	}
	// The goal in sight (rules 3): anyone goes for it.
	if goal, ok := bot.GoalSeen(s); ok {
		if dir, ok := bot.WalkThrough(s, goal); ok {
			n.job = nil
			return &events.Move{Dir: dir}
		}
	}
	// Below half its HP with nothing in view, it rests (the job of Z)
	// until healed, or the rest is cut short.
	if n.job == nil && p.HP*2 < s.MaxHP(p) {
		if cmd := n.begin(auto.Rest, s); cmd != nil {
			return cmd
		}
	}
	if n.job != nil {
		if cmd, _ := n.job.Next(s); cmd != nil {
			return cmd
		}
		n.job = nil
	}
	// On the goal's level (rules 3) the stairs down are sealed until the
	// goal is held: it explores on, for the goal.
	rules := &s.Content().Rules
	sealed := rules.GoalItem != nil && s.Depth == rules.GoalDepth && !s.Wizard
	if !n.done && !sealed {
		if count := s.Explored().Count(); count != n.known {
			n.known, n.stalls = count, 0
		} else if n.stalls++; n.stalls >= maxStalls {
			n.done = true
		}
	}
	if !n.done || sealed {
		if cmd := n.begin(auto.Explore, s); cmd != nil {
			return cmd
		}
	}
	if !sealed {
		if s.Map.At(p.Pos) == dungeon.DownStairs {
			return &events.Descend{}
		}
		if cmd := n.begin(auto.Travel, s); cmd != nil {
			return cmd
		}
	}
	// No job will start: a monster in view that cannot be reached, or
	// no known way on. Walk by hand to what is not seen yet, or to the
	// stairs, through whatever stands in the way.
	if dir, ok := bot.WalkThrough(s, bot.Frontier(s)); ok {
		return &events.Move{Dir: dir}
	}
	if stairs, ok := bot.Stairs(s); ok {
		if dir, ok := bot.WalkThrough(s, stairs); ok {
			return &events.Move{Dir: dir}
		}
	}
	return &events.Wait{}
}

// begin starts a job of kind k and returns its first command, or nil
// when it will not start or has nothing to do.
func (n *Newcomer) begin(k auto.Kind, s *reducer.State) events.Command {
	job, why := auto.Start(k, 0, s, &n.mem)
	if why != "" {
		return nil
	}
	cmd, _ := job.Next(s)
	if cmd != nil {
		n.job = job
	}
	return cmd
}

// charge is a step toward the nearest monster in view that the newcomer
// can reach (over the tiles it has seen, through other monsters: the
// first step may be an attack), or, when none is in view, toward where
// it last saw the one it charged; or nil. (A monster that stands still
// out of sight of one tile and in sight of the next would otherwise
// draw it back and forth between the two for good: a person walks on to
// where they saw it.)
func (n *Newcomer) charge(s *reducer.State) events.Command {
	foes := bot.VisibleFoes(s)
	for _, m := range foes {
		at := m.Pos
		if dir, ok := bot.WalkThrough(s, func(q events.Pos) bool { return q == at }); ok {
			n.chasing, n.at = true, at
			return &events.Move{Dir: dir}
		}
	}
	if n.chasing && len(foes) == 0 && s.Player().Pos != n.at {
		if dir, ok := bot.WalkTo(s, func(q events.Pos) bool { return q == n.at }); ok {
			return &events.Move{Dir: dir}
		}
	}
	n.chasing = false
	return nil
}

// uses reports whether the newcomer has a use for an item: a potion
// that heals or food.
// pickUp takes the goal from the player's tile, or else a potion that
// heals or food while the backpack has room: by name from a pile under
// rules that let the player choose, else only what lies first (the goal
// even so: what lies above it comes first); nil when there is nothing to
// take.
func pickUp(s *reducer.State) events.Command {
	here := s.ItemsAt(s.Player().Pos)
	rules := &s.Content().Rules
	i := slices.IndexFunc(here, func(it *reducer.Entity) bool { return isGoal(s, it) })
	if i < 0 && len(s.Backpack(events.PlayerID)) < rules.Backpack {
		i = slices.IndexFunc(here, func(it *reducer.Entity) bool { return uses(s, it) })
		if i > 0 && !rules.ChoosePickUp {
			i = -1
		}
	}
	switch {
	case i < 0:
		return nil
	case i == 0 || !rules.ChoosePickUp:
		return &events.PickUp{}
	}
	return &events.PickUpItem{Item: here[i].ID}
}

// isGoal reports whether an item is the goal, whose pick-up wins.
func isGoal(s *reducer.State, it *reducer.Entity) bool {
	def := s.Content().Item(it.Kind)
	return def != nil && def.Goal
}

func uses(s *reducer.State, it *reducer.Entity) bool {
	def := s.Content().Item(it.Kind)
	return def != nil && def.Use != nil && (bot.IsHeal(def.Use) || bot.IsFood(def.Use))
}
