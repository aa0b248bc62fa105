// Package online is the wire between rogue host and its clients, and the
// clients' side of it: the frames a player's client sends (a command for
// a numbered turn, the start or stop of a multi-turn job), the frames the
// server sends back (a hello with the game's state, its seed removed;
// each turn as the journal record it committed; a one-line note), the
// HTTP calls for accounts, and the terminal loops that play and watch a
// game on a server with the view the terminal game draws; and what the
// online commands of rogue (account, login, watch, play --online
// [--daily], bot --online, scores --online) do once their flags are
// read.
package online
