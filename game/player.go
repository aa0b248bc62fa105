package game

import (
	"fmt"

	"rogue/events"
	"rogue/reducer"
)

// Player is what a game asks of a built-in player (bot.Strong, the
// newcomer): after every turn, in order, the next command.
type Player interface {
	Choose(s *reducer.State) events.Command
}

// PlayWith lets the built-in player p play until the game has `turns` turns
// or the player dies (see PlayerTurn).
func (g *Game) PlayWith(p Player, turns int) error {
	for g.State.Turn < turns && !g.State.Over {
		if err := g.PlayerTurn(p); err != nil {
			return err
		}
	}
	return nil
}

// PlayerTurn plays one turn of a built-in player. A command the rules
// refuse is replaced by waiting; if even that is refused the player is
// stuck, which is a bug, and says so.
func (g *Game) PlayerTurn(p Player) error {
	cmd := p.Choose(g.State)
	_, err := g.Do(cmd)
	if IsRefusal(err) {
		_, err = g.Do(&events.Wait{})
		if IsRefusal(err) {
			return fmt.Errorf("turn %d: the bot is stuck: %s refused, and so is waiting: %w", g.State.Turn, FormatCommand(cmd), err)
		}
	}
	return err
}
