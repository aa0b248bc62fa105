package game

import (
	"fmt"

	"rogue/bot"
	"rogue/events"
)

// PlayBot lets the built-in player play until the game has `turns` turns
// or the player dies. A command the rules refuse is replaced by waiting;
// if even that is refused the bot is stuck, which is a bug, and says so.
func (g *Game) PlayBot(turns int) error {
	for g.State.Turn < turns && !g.State.Over {
		if err := g.BotTurn(); err != nil {
			return err
		}
	}
	return nil
}

// BotTurn plays one turn of the strong built-in player.
func (g *Game) BotTurn() error { return g.PlayerTurn(bot.Strong{}) }

// PlayerTurn plays one turn of a built-in player.
func (g *Game) PlayerTurn(p bot.Player) error {
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
