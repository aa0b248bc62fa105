package reducer

import "rogue/events"

// Played is a turn as the player lives it: folded into the state it was
// decided on, with the words of its log.
type Played struct {
	Turn events.Turn
	// Log is the turn's log, worded by the fold (see ApplyTurnMessages).
	Log []string
	// From is where the player stood before the turn, on depth
	// FromDepth (0 before the game began).
	From      events.Pos
	FromDepth int
}

// FoldPlayed folds t, a turn just decided on s and journaled, into s in
// one pass that also words its log: the state after the turn and what the
// player reads of it. An error is ApplyTurn's.
func (s *State) FoldPlayed(t events.Turn) (Played, error) {
	p := Played{Turn: t}
	if pl := s.Player(); pl != nil {
		p.From, p.FromDepth = pl.Pos, s.Depth
	}
	log, err := s.ApplyTurnMessages(&t)
	p.Log = log
	return p, err
}
