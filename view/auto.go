package view

import (
	"rogue/auto"
	"rogue/events"
)

// Multi-turn actions (rest, explore, travel, run, walking to a clicked
// tile): a key or a click returns an Intent whose Job orders one; the
// program runs it with an auto.Runner, which needs no screen, playing
// each of its commands exactly as a key's, and says why it stopped with
// Say. The model only says what the player asked.

// order is the intent to start a job of kind k (dir is Run's).
func (m *Model) order(k auto.Kind, dir events.Dir) Intent {
	return Intent{Job: &auto.Order{Kind: k, Dir: dir, Pickup: !m.noPickup}}
}

// orderGo is the intent to walk to tile p (a click on the map).
func (m *Model) orderGo(p events.Pos) Intent {
	return Intent{Job: &auto.Order{Kind: auto.Go, Goal: p, Pickup: !m.noPickup}}
}
