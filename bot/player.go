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

// Strong is the strong player. The zero Strong is Choose; one from
// NewStrong also remembers from turn to turn what saves it work (see
// memo), and chooses the same commands.
type Strong struct{ memo *memo }

// NewStrong is a strong player about to play a new game.
func NewStrong() *Strong { return &Strong{memo: &memo{}} }

// Choose is the package's Choose.
func (p Strong) Choose(s *reducer.State) events.Command {
	b := &brain{s: s, c: s.Content(), p: s.Player(), memo: p.memo}
	return b.choose()
}
