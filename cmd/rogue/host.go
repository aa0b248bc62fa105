package main

import (
	"io"

	"rogue/host"
	"rogue/play"
)

// runHost is `rogue host`: the server that decides online games, and
// its admin commands (host.Main).
func runHost(args []string, stdout, stderr io.Writer) error {
	return host.Main(args, play.DataDirPath, stdout, stderr)
}
