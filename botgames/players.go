package botgames

import (
	"fmt"
	"strings"

	"rogue/bot"
	"rogue/bot/newcomer"
)

// Players are the built-in players' names, the default first.
var Players = []string{bot.StrongName, bot.NewcomerName}

// NewPlayer is a new built-in player of the given name, for one game.
func NewPlayer(name string) (bot.Player, error) {
	switch name {
	case bot.StrongName:
		return bot.NewStrong(), nil
	case bot.NewcomerName:
		return newcomer.New(), nil
	}
	return nil, fmt.Errorf("no player %q (the players are %s)", name, strings.Join(Players, " and "))
}
