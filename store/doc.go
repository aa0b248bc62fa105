// Package store keeps what rogue host serves in a database: accounts,
// their sign-in tokens (only a hash of each), games, each game's journal
// as the exact bytes of its file (the header, then one framed record per
// turn, appended a turn at a time inside a transaction), and snapshots of
// game states (a cache: deleting them loses nothing); the hall of fame's
// board rows, kept in each board's order by key, daily games (one a day
// per account) and the server's secrets. One schema, with
// numbered migrations, runs on an embedded SQLite (modernc.org/sqlite, no
// cgo; WAL, a busy timeout) and on PostgreSQL (jackc/pgx/v5), where
// several nodes share it: a node claims a game to append its turns, and
// hears of the turns the others commit (notify.go).
package store
