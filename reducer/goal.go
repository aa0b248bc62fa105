package reducer

import (
	"errors"
	"fmt"

	"rogue/events"
)

// The goal (rules 3: see content.Rules.GoalDepth and GoalItem): an item
// that lies on one level, whose stairs down are sealed until it is held;
// holding it wins the game.

// applyWon folds a game won: the player holds the goal.
func (s *State) applyWon(f *events.Won) error {
	if f.Actor != events.PlayerID {
		return fieldErrorf("Actor", "actor %d is not the player: only the player wins", f.Actor)
	}
	if _, err := s.heldBy(f.Item, f.Actor); err != nil {
		return err
	}
	if s.Over {
		return errors.New("the game is over already")
	}
	s.Over, s.Won, s.Goal = true, true, f.Item
	return nil
}

// wonMessage is the log line of a game won.
func wonMessage(s *State, f *events.Won) string {
	return fmt.Sprintf("You hold the %s. You have won!", s.Name(f.Item))
}
