// Package game joins the rules to the journal. A live Game decides each
// command, makes the turn durable in its journal, and only then folds it
// into the state; Fold rebuilds a state from a journal's recorded facts
// (replay, resume); Verify re-simulates a journal's commands under the
// rules it was played with (VerifyUnder, under any rules version this
// program has) and names the first turn where they decide otherwise;
// Dump writes a journal as text, one turn a line, every die roll visible.
package game
