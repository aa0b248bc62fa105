// Package balance sums up many games of a built-in player into the
// balance report: how and where the games ended (death, victory, or the
// cap on turns), what each depth cost the player, when it died, how
// strong it got, and what it used. A game's outcome is read from its
// journal's turns and its final state, so the report says what was
// played, and it is the same however the games were scheduled.
package balance

import (
	"rogue/events"
	"rogue/reducer"
)

// Game is what one game came to.
type Game struct {
	Seed  uint64
	Turns int // turns played
	// Depth is the depth the game ended on.
	Depth int
	Level int // the player's character level at the end
	Died  bool
	Won   bool
	Cause string // how the player died (reducer.DeathCause), when Died
	// Depths are the depths the player entered, in the order it first
	// entered each, with what each cost it.
	Depths []Depth
	// Used counts the items the player used up (potions drunk, rations
	// eaten, scrolls read) and the charges of wands it zapped, by item
	// name.
	Used map[string]int
}

// Ended reports whether the game ended on its own (a death or a victory)
// rather than at the cap on turns.
func (g Game) Ended() bool { return g.Died || g.Won }

// Depth is what one depth cost a game's player.
type Depth struct {
	Depth int
	// MaxHP is the player's max HP when it first entered the depth.
	MaxHP int
	// Lost is the damage the player took there, all visits together:
	// every melee hit's and shot's damage and every other damage (a
	// spell, hunger), before any healing, counted in full even past the
	// HP it had.
	Lost int
	// Hits counts the monsters' blows and shots that hit the player
	// there, and HitShares sums each one's damage as a share of the
	// player's max HP then, in millionths: their mean is how hard a
	// monster of the depth hits, against how much the player can take.
	Hits, HitShares int
}

// Watcher follows one game's turns, in order, to build its Game.
type Watcher struct {
	kinds  map[events.EntityID]int // the content kind of every entity spawned
	used   map[int]int             // items the player used up, and zaps, by kind
	depths []Depth
	at     int // the index in depths of the depth the player is on; -1 before the first
	won    bool
}

// NewWatcher is a watcher of a game that has not begun.
func NewWatcher() *Watcher {
	return &Watcher{kinds: map[events.EntityID]int{}, used: map[int]int{}, at: -1}
}

// Turn takes in the next turn of the game, and s, the state once it is
// applied. It keeps nothing of t or s.
func (w *Watcher) Turn(s *reducer.State, t *events.Turn) {
	entered := false
	for _, f := range t.Facts {
		switch f := f.(type) {
		case *events.Spawned:
			w.kinds[f.ID] = f.Kind
		case *events.Consumed:
			if f.Actor == events.PlayerID {
				w.used[w.kinds[f.Item]]++
			}
		case *events.Zapped:
			if f.Actor == events.PlayerID {
				w.used[w.kinds[f.Item]]++
			}
		case *events.LevelEntered:
			w.enter(f.Depth)
			entered = true
		case *events.Attacked:
			if f.Target == events.PlayerID && f.Hit {
				w.lose(f.Damage)
				w.hit(s, f.Damage)
			}
		case *events.Shot:
			if f.Target == events.PlayerID && f.Hit {
				w.lose(f.Damage)
				w.hit(s, f.Damage)
			}
		case *events.Damaged:
			if f.Actor == events.PlayerID {
				w.lose(f.Amount)
			}
		}
		if won(f) {
			w.won = true
		}
	}
	if entered {
		if p := s.Player(); p != nil && w.depths[w.at].MaxHP == 0 {
			w.depths[w.at].MaxHP = s.MaxHP(p)
		}
	}
}

// enter puts the player on depth d.
func (w *Watcher) enter(d int) {
	for i := range w.depths {
		if w.depths[i].Depth == d {
			w.at = i
			return
		}
	}
	w.depths = append(w.depths, Depth{Depth: d})
	w.at = len(w.depths) - 1
}

// lose counts damage the player took on the depth it is on.
func (w *Watcher) lose(n int) {
	if w.at >= 0 {
		w.depths[w.at].Lost += n
	}
}

// hit counts a monster's hit of damage on the player, on the depth it
// is on, as a share of its max HP after the turn (s): read only for a
// hit, not every turn of every game.
func (w *Watcher) hit(s *reducer.State, damage int) {
	p := s.Player()
	if p == nil || w.at < 0 {
		return
	}
	if maxHP := s.MaxHP(p); maxHP > 0 {
		w.depths[w.at].Hits++
		w.depths[w.at].HitShares += damage * 1_000_000 / maxHP
	}
}

// Game is the game of seed whose every turn was taken in and whose state
// is now s.
func (w *Watcher) Game(seed uint64, s *reducer.State) Game {
	g := Game{Seed: seed, Turns: s.Turn, Depth: s.Depth, Died: s.Over && !w.won, Won: w.won,
		Depths: append([]Depth(nil), w.depths...), Used: map[string]int{}}
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
