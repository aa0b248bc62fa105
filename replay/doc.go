// Package replay shows a journal again: what a replay draws at any turn
// of a journal file (Frames: the state, the log of the turns just before,
// the HP chart once the game is over), found from checkpoints in memory
// and the snapshots on disk, and the loop that plays it back on a
// terminal screen it is handed (Replayer).
//
// It only reads journals (through the journal and game packages) and
// never writes, not even snapshots. It folds the recorded facts and never
// decides anything, so it shows a game as it was played under any later
// rules. The view draws what it is given; cmd/rogue opens the terminal.
package replay
