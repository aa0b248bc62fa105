package balance

import "rogue/events"

// won reports whether f is the player's victory (rules 3: it picked up
// the goal).
func won(f events.Fact) bool {
	w, ok := f.(*events.Won)
	return ok && w.Actor == events.PlayerID
}
