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
}

// summaryWhere is where the game over screen says the summary at path is.
func (w Words) summaryWhere(path string) string {
	if w.Summary != nil {
		return w.Summary(path)
	}
	return path
}
