// Package replay shows a journal again: what a replay draws at any turn
// of a journal file (Frames: the state, the log of the turns just before,
// the HP chart once the game is over), found from checkpoints in memory
// and the snapshots on disk; the loop that plays it back on a terminal
// screen it is handed (Replayer), following a journal another process
// is writing (Frames.Grow, Replayer.Follow); and what an export holds (the 80x24
// text screen of a frame, FrameScreen, and an asciicast recording of
// turns, WriteCast).
//
// It only reads journals (through the journal and game packages) and
// never writes one, not even snapshots. It folds the recorded facts and
// never decides anything, so it shows a game as it was played under any
// later rules. The view draws what it is given; cmd/rogue opens the
// terminal and the files an export is written to.
package replay
