package bot

import (
	"rogue/events"
	"rogue/reducer"
)

// Player is a built-in player playing one game: asked after every turn,
// in order, for the next command. A player may remember what it saw on
// earlier turns (as a person does), so one Player plays one game from its
// first turn; the same game and player choose the same commands.
type Player interface {
	Choose(s *reducer.State) events.Command
}

// The built-in players, by the name rogue bot --player takes: this
// package's strong player, and the newcomer (bot/newcomer).
const (
	StrongName   = "strong"
	NewcomerName = "newcomer"
)

// Strong is the strong player: Choose, which needs no memory of its own.
type Strong struct{}

// Choose is the package's Choose.
func (Strong) Choose(s *reducer.State) events.Command { return Choose(s) }
