package view

import (
	"fmt"
	"strings"
	"time"
)

// The hall of fame: the best games of the data folder, ranked, as rogue
// scores prints them and the main menu's page shows them.

// Score is one game of the hall of fame, read from its journal.
type Score struct {
	Journal string // the journal's file name
	Created time.Time
	Seed    uint64
	Rules   int
	Depth   int // the deepest depth reached (depths only go down)
	Level   int // the character level at the end
	Turn    int // the last turn's number
	Over    bool
	Won     bool   // rules 3: the game was won
	End     string // how it ended: the death's cause, "won, ...", or "alive"
	// TakenOver is a game taken over from another journal (play --from):
	// its first turns were that game's. It ranks as any other, marked.
	TakenOver bool
}

// Unranked is a journal the hall of fame could not read: its name and why.
type Unranked struct {
	Journal, Why string
}

// BestFirst orders scores best first, a total order: the games won
// before all others, the fewest turns first among them; then the deepest
// depth, then the highest character level, then a living player above a
// dead one, then the fewest turns, then the journal's name.
func BestFirst(a, b Score) int {
	switch {
	case a.Won != b.Won:
		return first(a.Won)
	case a.Won && a.Turn != b.Turn:
		return a.Turn - b.Turn
	case a.Depth != b.Depth:
		return b.Depth - a.Depth
	case a.Level != b.Level:
		return b.Level - a.Level
	case a.Over != b.Over:
		return first(!a.Over)
	case a.Turn != b.Turn:
		return a.Turn - b.Turn
	}
	return strings.Compare(a.Journal, b.Journal)
}

// first is BestFirst's answer when what tells a from b is true of one of
// them: -1 when it is a (a comes first), else 1.
func first(a bool) int {
	if a {
		return -1
	}
	return 1
}

// ScoreLines are the hall of fame as lines of at most 76 columns (but a
// very long seed's): a heading, one line a game, best first (the caller
// sorts them with BestFirst and keeps the top), a game taken over marked
// * after its rank and the mark explained below them, then the journals
// that could not be ranked, a line each.
func ScoreLines(scores []Score, unranked []Unranked, of int) []string {
	var out []string
	if len(scores) == 0 {
		out = append(out, "No games to rank yet: play one!")
	} else {
		games := "games"
		if of == 1 {
			games = "game"
		}
		out = append(out, fmt.Sprintf("%d %s; the best first: won, deepest, highest level, alive, fewest turns.", of, games), "")
		out = append(out, fmt.Sprintf("%2s %5s %5s %6s  %-22s %s", "#", "depth", "level", "turn", "game", "end"))
		takenOver := false
		for i, s := range scores {
			game := fmt.Sprintf("%s seed %d", s.Created.UTC().Format("2006-01-02"), s.Seed)
			mark := " "
			if s.TakenOver {
				mark, takenOver = "*", true
			}
			out = append(out, fmt.Sprintf("%2d%s%5d %5d %6d  %-22s %s", i+1, mark, s.Depth, s.Level, s.Turn, game, s.End))
		}
		if takenOver {
			out = append(out, "", "* a take-over (play --from, or t in a replay): it began as another game.")
		}
	}
	if len(unranked) > 0 {
		out = append(out, "", fmt.Sprintf("Not ranked (%d):", len(unranked)))
		for _, u := range unranked {
			out = append(out, u.Journal+": "+u.Why)
		}
	}
	return out
}
