package play

import (
	"fmt"

	"rogue/events"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// earlierMessages loads the log of the turns of the journal at path
// before turn upTo, worded as the game worded them: the journal is folded
// from its first turn (messages are derived from facts, never stored).
// A resumed game's log holds only its last turns; the history asks for
// the rest the first time it opens. A journal that cannot be read gives
// one line saying so instead.
func earlierMessages(path string, upTo int) func() []string {
	return func() []string {
		r, err := journal.Open(path)
		if err != nil {
			return []string{fmt.Sprintf("The messages before turn %d could not be read: %v", upTo, err)}
		}
		defer r.Close()
		h := r.Header()
		s := reducer.New(h.Seed, content.Default())
		s.Wizard = h.Options.Wizard
		var out []string
		for s.Turn < upTo {
			var t events.Turn
			if err := r.Next(&t); err != nil {
				return append(out, fmt.Sprintf("The messages from turn %d on could not be read: %v", s.Turn, err))
			}
			msgs, err := s.ApplyTurnMessages(&t)
			out = append(out, msgs...)
			if err != nil {
				return append(out, fmt.Sprintf("The messages from turn %d on could not be worded: %v", s.Turn, err))
			}
		}
		return out
	}
}
