package bot

import (
	"fmt"
	"strings"

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

// The built-in players, by the name rogue bot --player takes.
const (
	StrongName   = "strong"
	NewcomerName = "newcomer"
)

// Names are the built-in players' names, the default first.
var Names = []string{StrongName, NewcomerName}

// New is a new player of the given name for one game.
func New(name string) (Player, error) {
	switch name {
	case StrongName:
		return Strong{}, nil
	case NewcomerName:
		return NewNewcomer(), nil
	}
	return nil, fmt.Errorf("no player %q (the players are %s)", name, strings.Join(Names, " and "))
}

// Strong is the strong player: Choose, which needs no memory of its own.
type Strong struct{}

// Choose is the package's Choose.
func (Strong) Choose(s *reducer.State) events.Command { return Choose(s) }
