// Package golden holds the golden journals: real games under testdata/,
// each replayed (its recorded facts folded) and re-simulated (its commands
// decided again by the rules it was played under, which this program
// keeps) by `go test ./golden`, and compared with a text .golden file
// beside it: the state and the 80x24 screen at the end and at the turns
// listed in a .turns file, the digest, and what re-simulation found.
// `go test ./golden -update` rewrites the .golden files; review the diff.
//
// Adding a journal to testdata/ is all it takes to add a test: a bug
// report's journal becomes a regression test by copying it in, or by
// rogue golden FILE NAME (Write), which writes it into a checkout's
// testdata/ and runs that checkout's go test ./golden to write and check
// its .golden and its log (testdata/logs/NAME.log, what the player read
// each turn: TestTheLogOfEveryGoldenJournalIsWordedAsBefore).
//
// The journals of rules 3's items (testdata/r3-wand, r3-ring, r3-pile and
// r3-enchanted) are the strong bot's games: while rules 3 is tuned, `go
// test ./golden -run TestRecordRules3ItemJournals -record-items` records
// them again under the rules as they are (then -update their .golden).
package golden
