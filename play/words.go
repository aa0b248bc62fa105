package play

import "rogue/reducer"

// Words are what play says of the files it keeps, where a terminal's
// words name a file: a program that shows no file names (the page)
// words them itself. A nil field keeps the terminal's words.
type Words struct {
	// Saved is the line said when the game in the journal at path is
	// closed at state s (the terminal's "saved turn 432 to FILE (digest
	// ...)", and how the game ended); "" says nothing.
	Saved func(path string, s *reducer.State) string
	// Summary is where the game over screen says the summary written to
	// path is ("The death summary is in " and it).
	Summary func(path string) string
	// Torn is the line said of a torn last turn cut on opening a game
	// to play on from turn (the terminal's names the side file that
	// keeps its bytes); "" says nothing of it: no notice, no message, no
	// line at exit (the page said it when the journal was imported).
	Torn func(turn int) string
}

// word words ss's torn end as w says, once.
func (w Words) word(ss *session) {
	if w.Torn == nil || ss.torn == "" || ss.tornWorded {
		return
	}
	ss.tornWorded = true
	worded := w.Torn(ss.tornTurn)
	recent := ss.recent[:0]
	for _, r := range ss.recent {
		switch {
		case r != ss.torn:
			recent = append(recent, r)
		case worded != "":
			recent = append(recent, worded)
		}
	}
	ss.recent, ss.torn = recent, worded
}

// summaryWhere is where the game over screen says the summary at path is.
func (w Words) summaryWhere(path string) string {
	if w.Summary != nil {
		return w.Summary(path)
	}
	return path
}
