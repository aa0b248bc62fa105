package main

import (
	"errors"
	"io"
	"net"
	"os"

	"rogue/play"
	"rogue/serve"
)

// runServe is `rogue serve`: the browser page and the journals of the
// data folder (or DIR), read-only, over HTTP (serve.Command).
func runServe(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("serve")
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0: any free port); a loopback address unless you mean to share every journal of the folder with the network")
	follow := fs.Bool("follow", false, "print the address that watches the newest journal of the folder as it grows (the game being played in a terminal), found when the page is opened")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	var dir string
	switch len(pos) {
	case 0:
		if dir, err = play.DataDirPath(); err != nil {
			return err
		}
	case 1:
		dir = pos[0]
	default:
		return usageError("one folder at a time, got %d arguments", len(pos))
	}
	// The data folder may not exist yet (no game was played here): it
	// is served empty until a game makes it.
	fresh := false
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		if len(pos) != 0 || !errors.Is(err, os.ErrNotExist) {
			return fail(1, "%s is not a folder of journals: rogue serve DIR serves another", dir)
		}
		fresh = true
	}
	if _, _, err := net.SplitHostPort(*addr); err != nil {
		return usageError("--addr %q is not HOST:PORT", *addr)
	}
	page, err := pageFiles()
	if err != nil {
		return fail(1, "%v", err)
	}
	return serve.Command(serve.Options{Dir: dir, MayNotExist: fresh, Addr: *addr, Follow: *follow, Page: page}, stdout)
}
