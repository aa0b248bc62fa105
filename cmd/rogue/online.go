package main

import (
	"io"
	"strconv"

	"rogue/internal/terminal"
	"rogue/online"
)

// The online commands' flags; package online does their work.

// runAccount is `rogue account new URL NAME`: an account on a server.
func runAccount(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("account")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if len(pos) != 3 || pos[0] != "new" {
		return usageError("rogue account new URL NAME")
	}
	return online.SignIn(pos[1], pos[2], true, stdout, stderr)
}

// runLogin is `rogue login URL NAME`: a new sign-in token for the account.
func runLogin(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("login")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usageError("rogue login URL NAME")
	}
	return online.SignIn(pos[0], pos[1], false, stdout, stderr)
}

// runWatch is `rogue watch URL [GAME]`: the live games, or one followed.
func runWatch(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("watch")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	switch len(pos) {
	case 1:
		return online.ListLive(pos[0], stdout)
	case 2:
		id, err := strconv.ParseInt(pos[1], 10, 64)
		if err != nil {
			return usageError("GAME is a game's number, got %q", pos[1])
		}
		return online.WatchOn(pos[0], id, terminal.Run, stdout)
	}
	return usageError("rogue watch URL [GAME]")
}
