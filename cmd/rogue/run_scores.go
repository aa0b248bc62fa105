package main

import (
	"io"

	"rogue/online"
	"rogue/play"
)

// runScores is `rogue scores [--top N] [DIR]`: the hall of fame of the
// journals in the data folder (or DIR), best first (play.PrintScores);
// with --online URL, a board of a server (online.Scores).
func runScores(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("scores")
	top := fs.Int("top", play.DefaultTop, "how many of the best games to list")
	url := fs.String("online", "", "list a board of the server at `URL` (rogue host) instead")
	daily := fs.Bool("daily", false, "with --online: today's daily challenge")
	offline := fs.Bool("offline", false, "with --online: the games played offline and uploaded")
	rules := fs.Int("rules", 0, "with --online: the board of rules version `N` (default: the server's newest)")
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if *url != "" || *daily || *offline || *rules != 0 {
		return online.Scores(*url, *daily, *offline, *rules, *top, pos, stdout)
	}
	return play.ScoresCommand(pos, *top, stdout)
}
