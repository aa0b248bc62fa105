// Package host is rogue host: a server that decides every turn of the
// games played on it. A client sends commands over a websocket; the
// server decides each with the same game code the terminal runs, commits
// the turn to the game's journal in the store, folds it, and sends the
// journal record back to the player and to everyone watching. Accounts
// sign up and in over HTTP; a finished game's journal is anyone's to
// download and verify. The seed of a live game never leaves the server.
// A game that ends goes on the hall of fame's boards (boards.go), which
// the server pages by key and exports; the daily challenge (daily.go)
// gives every account one game a day on the day's seed.
// Several servers (nodes) may share one PostgreSQL: the node a game's
// player is connected to holds it, and the others follow it for their
// spectators (nodes.go). What must hold across the nodes is counted in
// the store: the rate limits (limit.go), the spectators the player is
// told of (watchers.go); a live game's digest is asked of its holder
// (digests.go).
package host
