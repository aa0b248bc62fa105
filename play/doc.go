// Package play is a game played on a terminal, kept on disk: the data
// folder and its journals (their names, finding the unfinished game), a
// session (a journal opened for appending, locked, resumed from its
// newest snapshot, its torn end cut into a side file), the loop that
// turns the keys of a screen it is handed into turns, the morgue (the
// death summary) folded from a journal and written beside it when its
// player dies, the hall of fame ranked from the journals of the data
// folder (Scores), and Salvage, the new
// journal of every turn of a damaged one that can be re-verified, to play
// on from. It also holds what rogue's other commands on a journal do
// once their flags are read: a journal replayed on a terminal or
// summarized without one (Replay, ReplaySummary), re-simulated (Verify),
// printed turn by turn (Dump) or as its morgue (PrintMorgue), exported
// as a screen of text or an asciicast (Export), the hall of fame printed
// (PrintScores), and the crash report written beside the
// journals when rogue panics.
//
// It touches the file system (the data folder, journals, locks, the
// summary file, crash reports), reads the login name and suspends the
// process on Ctrl-Z, so it is one of the few packages that use the
// operating system; the terminal itself is opened by cmd/rogue (internal/terminal) and handed
// to Run and Replay.
package play
