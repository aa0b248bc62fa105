package main

import (
	"io"
	"path/filepath"
	"strings"

	"rogue/host"
	"rogue/play"
	"rogue/store"
)

// runHost is `rogue host`: the server that decides online games
// (host.Command).
func runHost(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("host")
	addr := fs.String("addr", "127.0.0.1:8081", "listen on `HOST:PORT` (port 0: any free port); loopback unless you mean to serve the network (behind a TLS proxy)")
	db := fs.String("db", "", "the database: a postgres:// `URL`; by default SQLite in DIR")
	node := fs.String("node", "", "this node's `NAME` among those sharing one database (default: the host name and the address)")
	proxies := fs.String("proxy", "", "the reverse proxies in front, trusted for X-Forwarded-For: comma-separated `ADDRESSES` or CIDR prefixes")
	conns := fs.Int("conns-per-address", host.ConnsPerAddress, "the most websockets one address may hold open (raise it for a load test from one machine)")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usageError("one folder at a time, got %d arguments", len(pos))
	}
	if *db != "" && !store.IsPostgres(*db) {
		return usageError("--db takes a postgres:// URL; SQLite lives in DIR")
	}
	dir := strings.Join(pos, "") // the one folder, or none
	if dir == "" && *db == "" {
		if dir, err = play.DataDirPath(); err != nil {
			return err
		}
		dir = filepath.Join(dir, "host")
	}
	return host.Command(host.Config{Addr: *addr, DB: *db, Node: *node, ConnsPerAddress: *conns, Proxies: *proxies}, dir, stdout)
}
