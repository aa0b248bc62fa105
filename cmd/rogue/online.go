package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"rogue/internal/terminal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/term"

	"rogue/host"
	"rogue/online"
)

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
	return signIn(pos[1], pos[2], true, stdout, stderr)
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
	return signIn(pos[0], pos[1], false, stdout, stderr)
}

func signIn(url, name string, signUp bool, stdout, stderr io.Writer) error {
	if err := host.CheckName(name); err != nil {
		return usageError("%v", err)
	}
	pw, err := readPassword(stderr)
	if err != nil {
		return fail(1, "reading the password: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	tok, err := online.Account(ctx, url, name, pw, signUp)
	if err != nil {
		return fail(1, "%s: %v", url, err)
	}
	path, err := online.SaveToken(url, name, tok)
	if err != nil {
		return fail(1, "keeping the token: %v", err)
	}
	fmt.Fprintf(stdout, "signed in to %s as %s (the token is kept in %s)\n", url, name, path)
	return nil
}

// readPassword reads the password from the terminal without echo, or a
// line of standard input when that is not a terminal.
func readPassword(stderr io.Writer) (string, error) {
	if term.IsTerminal(int(os.Stdin.Fd())) {
		fmt.Fprint(stderr, "password: ")
		b, err := term.ReadPassword(int(os.Stdin.Fd()))
		fmt.Fprintln(stderr)
		return string(b), err
	}
	line, err := bufio.NewReader(io.LimitReader(os.Stdin, host.MaxPassword+2)).ReadString('\n')
	if err != nil && line == "" {
		return "", fmt.Errorf("no password on standard input")
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// playOnline is `rogue play --online URL`.
func playOnline(url string, stdout io.Writer) error {
	_, tok, err := online.Token(url)
	if err != nil {
		return fail(1, "%v", err)
	}
	line, err := online.Play(url, tok, terminal.Run)
	if line != "" {
		fmt.Fprintln(stdout, line)
	}
	if err != nil {
		return fail(1, "%s: %v", url, err)
	}
	return nil
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
		return listLive(pos[0], stdout)
	case 2:
		id, err := strconv.ParseInt(pos[1], 10, 64)
		if err != nil {
			return usageError("GAME is a game's number, got %q", pos[1])
		}
		line, err := online.Watch(pos[0], id, terminal.Run)
		if line != "" {
			fmt.Fprintln(stdout, line)
		}
		if err != nil {
			return fail(1, "%s: %v", pos[0], err)
		}
		return nil
	}
	return usageError("rogue watch URL [GAME]")
}

func listLive(url string, stdout io.Writer) error {
	c := http.Client{Timeout: 30 * time.Second}
	resp, err := c.Get(strings.TrimRight(url, "/") + "/api/games?live=1")
	if err != nil {
		return fail(1, "%v", err)
	}
	defer resp.Body.Close()
	var rows []host.GameRow
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&rows); err != nil {
		return fail(1, "%s: the list of games does not read: %v", url, err)
	}
	if len(rows) == 0 {
		fmt.Fprintf(stdout, "nobody is playing on %s now\n", url)
		return nil
	}
	fmt.Fprintf(stdout, "%6s  %-20s %6s %5s\n", "game", "player", "turn", "depth")
	for _, r := range rows {
		fmt.Fprintf(stdout, "%6d  %-20s %6d %5d\n", r.ID, r.Player, r.Turns, r.Depth)
	}
	fmt.Fprintf(stdout, "rogue watch %s GAME follows one\n", url)
	return nil
}

// botsOnline is `rogue bot --online URL`: built-in players on a server.
func botsOnline(url string, games int, pace float64, turns int, stdout io.Writer) error {
	if games < 1 || pace < 0 {
		return usageError("--games must be at least 1 and --pace at least 0")
	}
	_, tok, err := online.Token(url)
	if err != nil {
		return fail(1, "%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	b, err := online.PlayBots(ctx, url, tok, games, pace, turns, nil)
	fmt.Fprintf(stdout, "%d games on %s, %d over, %d turns; command to turn: p50 %v, p99 %v\n",
		b.Games, url, b.Over, b.Turns, b.Percentile(0.5), b.Percentile(0.99))
	if err != nil {
		return fail(1, "%s: %v", url, err)
	}
	return nil
}
