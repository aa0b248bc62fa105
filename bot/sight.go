package bot

import (
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// What the strong player reads off the screen and how it walks, for the
// other built-in players (bot/newcomer): each looks only at what the
// player knows, as know.go says.

func newBrain(s *reducer.State) *brain { return &brain{s: s, c: s.Content(), p: s.Player()} }

// VisibleFoes lists the monsters in view, nearest first (the lowest id
// first among the nearest).
func VisibleFoes(s *reducer.State) []*reducer.Entity { return newBrain(s).visibleFoes() }

// WalkTo is the first step of a shortest walk (8-way, over the tiles
// seen, around the monsters in view) to the nearest tile where goal
// holds; a nil goal holds nowhere.
func WalkTo(s *reducer.State, goal func(events.Pos) bool) (events.Dir, bool) {
	return newBrain(s).walkTo(goal)
}

// WalkThrough is WalkTo as if no monster stood in the way: the first
// step may be an attack.
func WalkThrough(s *reducer.State, goal func(events.Pos) bool) (events.Dir, bool) {
	return newBrain(s).walkThrough(goal)
}

// Frontier is a test for "q is a floor tile seen, next to one not seen
// yet".
func Frontier(s *reducer.State) func(events.Pos) bool { return newBrain(s).frontier() }

// Stairs is a test for "the stairs down are on q", once they were seen.
func Stairs(s *reducer.State) (func(events.Pos) bool, bool) { return newBrain(s).stairs() }

// Carried is the first item in the player's backpack whose use matches,
// or nil.
func Carried(s *reducer.State, match func(*content.Use) bool) *reducer.Entity {
	return newBrain(s).carried(match)
}

// IsHeal and IsFood tell the uses that heal and that feed.
func IsHeal(u *content.Use) bool { return u.Effect == content.Heal }

// IsFood reports whether a use feeds.
func IsFood(u *content.Use) bool { return u.Effect == content.Feed }

// GoalSeen is a test for "the goal lies on q", once the player has seen
// it lying on the goal's level (rules 3).
func GoalSeen(s *reducer.State) (func(events.Pos) bool, bool) { return newBrain(s).goalSeen() }
