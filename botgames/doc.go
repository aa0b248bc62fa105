// Package botgames plays many bot games at once, as rogue bot --games
// does: each game into a journal of its own in a directory, on every core,
// its outcome read back from its journal, then the totals and the balance
// report (bot/balance), the same however the games were scheduled.
//
// It makes the directory for the journals, so it is one of the packages
// that use the operating system.
package botgames
