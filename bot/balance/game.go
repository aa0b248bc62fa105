// Package balance sums up many games of the built-in player into the
// balance report: how and where the games ended, when the player died,
// how deep and how strong it got, and what it used. A game's outcome is
// read from its journal's turns and its final state, so the report says
// what was played, and it is the same however the games were scheduled.
package balance

import (
	"rogue/events"
	"rogue/reducer"
)

// Game is what one game came to.
type Game struct {
	Seed  uint64
	Turns int // turns played
	// Depth is the deepest depth reached: the stairs only lead down, so it
	// is the depth the game ended on.
	Depth int
	Level int // the player's character level at the end
	Died  bool
	Won   bool   // rules 3: the game was won (and Died is false)
	Cause string // how the player died (reducer.DeathCause), when Died
	// Used counts the items the player used up (potions drunk, rations
	// eaten, scrolls read), by item name.
	Used map[string]int
}

// Watcher follows one game's turns, in order, to build its Game.
type Watcher struct {
	kinds map[events.EntityID]int // the content kind of every entity spawned
	used  map[int]int             // items the player used up, by kind
}

// NewWatcher is a watcher of a game that has not begun.
func NewWatcher() *Watcher {
	return &Watcher{kinds: map[events.EntityID]int{}, used: map[int]int{}}
}

// Turn takes in the next turn of the game. It keeps nothing of t.
func (w *Watcher) Turn(t *events.Turn) {
	for _, f := range t.Facts {
		switch f := f.(type) {
		case *events.Spawned:
			w.kinds[f.ID] = f.Kind
		case *events.Consumed:
			if f.Actor == events.PlayerID {
				w.used[w.kinds[f.Item]]++
			}
		}
	}
}

// Game is the game of seed whose every turn was taken in and whose state
// is now s.
func (w *Watcher) Game(seed uint64, s *reducer.State) Game {
	g := Game{Seed: seed, Turns: s.Turn, Depth: s.Depth, Died: s.Over && !s.Won, Won: s.Won, Used: map[string]int{}}
	if p := s.Player(); p != nil {
		g.Level = p.Level
	}
	if g.Died {
		g.Cause = reducer.DeathCause(s)
	}
	for kind, n := range w.used {
		g.Used[s.Content().Name(kind)] += n
	}
	return g
}
