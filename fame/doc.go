// Package fame is the hall of fame that proves every score: what a
// server (and the local commands) need to list a game on a board
// without trusting it. Check re-simulates an uploaded journal under its
// own rules, within a size cap, a turn cap and a budget of work, and
// gives either its Entry or a Refusal in the one line `rogue verify`
// prints; Entry.Key is a board's order as one sortable string, for a
// keyset-paged index; DailySeed and Week name the daily challenge's
// seed and the weekly board; WriteLogfile and WriteJSON export a board;
// Reverify re-simulates many journals on several workers; Golden plans
// a bug report's journal as a golden test.
//
// It touches no file, clock or network of its own: callers hand it
// bytes, an fs.FS, a time and a secret.
package fame
