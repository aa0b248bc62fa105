// Package reducer is the game: the State of a game, the fold that applies
// facts to it (Apply, which checks structure, never rules), and the rules
// that turn a player's command into facts (Decide). Everything here is
// pure: no clock, files, network, goroutines or global randomness. The same
// state and the same fact give the same next state, always.
//
// Live play, replay and resume share one path: a turn's facts are folded
// with ApplyTurn whether they were just decided or read from a journal.
package reducer
