package fame

import "fmt"

// Lines are a page of a board as a terminal prints it (rogue scores
// --online), in the local hall of fame's columns with the account in
// place of the game: a heading, then a line a game, ranked from p.Rank.
// An account's name is shown as it is stored; the server keeps names
// printable.
func Lines(b Board, p Page) []string {
	out := []string{fmt.Sprintf("%s: %s", b.Name(), b.Title()), ""}
	if len(p.Rows) == 0 {
		return append(out, "No games on this board yet.")
	}
	out = append(out, fmt.Sprintf("%4s %5s %5s %6s  %-22s %s", "#", "depth", "level", "turn", "account", "end"))
	for i, e := range p.Rows {
		rank := ""
		if p.Rank > 0 {
			rank = fmt.Sprint(p.Rank + i)
		}
		out = append(out, fmt.Sprintf("%4s %5d %5d %6d  %-22s %s", rank, e.Depth, e.Level, e.Turns, e.Account, e.Outcome))
	}
	if p.Next != "" {
		out = append(out, "", "More after this page.")
	}
	return out
}
