package play

import (
	"strings"
	"unicode/utf8"
)

// ExitWidth is the width the lines printed at exit are wrapped to: the
// terminal the game was played in is at least this wide.
const ExitWidth = 80

// wrapExit wraps the lines printed at exit (where each game was saved, a
// torn tail's note) at ExitWidth columns, between words, so that the
// terminal does not cut them mid-word: a line too long goes on over
// lines indented by two spaces. A word longer than a line (a journal's
// long path) is not cut: it has a line of its own, whole, to be copied.
func wrapExit(text string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if utf8.RuneCountInString(l) <= ExitWidth {
			out = append(out, l)
			continue
		}
		cur := ""
		for _, word := range strings.Fields(l) {
			switch {
			case cur == "":
				cur = word
			case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(word) <= ExitWidth:
				cur += " " + word
			default:
				out = append(out, cur)
				cur = "  " + word
			}
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}
