// Package botgames plays many bot games at once, as rogue bot --games
// does: each game into a journal of its own in a directory, on every core,
// its outcome read back from its journal, then the totals and the balance
// report (bot/balance), the same however the games were scheduled; and
// One, the single game of rogue bot --out FILE (or -, the standard
// output); and Reverify, rogue reverify's folder of journals
// re-simulated on several workers (fame.Reverify).
//
// It makes the directory for the journals, and the temporary file a
// journal for the standard output is written through, and reads the
// journals of a folder to re-verify, so it is one of the packages that
// use the operating system.
package botgames
