package main

import (
	"io"

	"rogue/play"
	"rogue/serve"
	"rogue/web"
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
	// The page's files built into this binary, or an error that says how
	// to build them in.
	page, err := web.Assets()
	if err != nil {
		return fail(1, "%v", err)
	}
	return serve.Command(serve.Options{Dir: dir, MayNotExist: len(pos) == 0, Addr: *addr, Follow: *follow, Page: page}, stdout)
}
