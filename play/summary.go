package play

import (
	"fmt"
	"io"

	"rogue/journal"
	"rogue/reducer"
)

// SummaryLine says how a game stands in one line.
func SummaryLine(s *reducer.State) string {
	p := s.Player()
	if p == nil {
		return "the game has not begun"
	}
	if s.Won {
		return fmt.Sprintf("won on depth %d at turn %d, holding the %s", s.Depth, s.TurnNumber(), s.Name(s.Goal))
	}
	if s.Over {
		return fmt.Sprintf("died on depth %d at turn %d: %s", s.Depth, s.TurnNumber(), reducer.DeathCause(s))
	}
	return fmt.Sprintf("alive on depth %d at turn %d, HP %d/%d", s.Depth, s.TurnNumber(), max(0, p.HP), s.MaxHP(p))
}

// PrintSummary is the one-screen summary of replay --headless: total is
// how many turns the journal holds (its last is total-1), or -1 when not
// all of them were read.
func PrintSummary(w io.Writer, path string, h journal.Header, s *reducer.State, total int) {
	p := s.Player()
	fmt.Fprintf(w, "journal:  %s\n", path)
	fmt.Fprintf(w, "player:   %s, seed %d, created %s\n", h.Player, h.Seed, h.Created.UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(w, "versions: format %d, rules %d, chance %s\n", h.FormatVersion, h.RulesVersion, h.Algorithm)
	if p := h.Parent; p != nil {
		fmt.Fprintf(w, "taken over from %s at turn %d: its turns 0 to %d are that game's\n", p.Name, p.Turn, p.Turn)
	}
	if total >= 0 {
		fmt.Fprintf(w, "turn:     %d of %d\n", s.TurnNumber(), total-1)
	} else {
		fmt.Fprintf(w, "turn:     %d\n", s.TurnNumber())
	}
	if p != nil {
		fmt.Fprintf(w, "depth:    %d\n", s.Depth)
		fmt.Fprintf(w, "HP:       %d/%d\n", max(0, p.HP), s.MaxHP(p))
		if s.AtLevelCap(p) {
			fmt.Fprintf(w, "level:    %d, the top level (XP %d)\n", p.Level, p.XP)
		} else {
			fmt.Fprintf(w, "level:    %d (XP %d/%d)\n", p.Level, p.XP, s.XPToLevel(p))
		}
		fmt.Fprintf(w, "hunger:   %s\n", s.Hunger)
		fmt.Fprintf(w, "kills:    %d\n", s.Kills)
	}
	switch {
	case s.Won:
		fmt.Fprintf(w, "status:   %s\n", reducer.DeathCause(s))
	case s.Over:
		fmt.Fprintf(w, "status:   dead: %s\n", reducer.DeathCause(s))
	default:
		fmt.Fprintf(w, "status:   alive\n")
	}
	fmt.Fprintf(w, "digest:   %s\n", s.Digest())
}
