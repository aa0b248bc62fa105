package online

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/gdamore/tcell/v2"
	"golang.org/x/term"

	"rogue/internal/cli"
	"rogue/internal/settings"
)

// What the commands rogue account, login, play --online, watch and
// bot --online do once their flags are read. Their failures carry the
// exit code the command exits with (cli.Fail).

// OnTerminal runs a loop on a terminal screen opened for it.
type OnTerminal func(run func(tcell.Screen) error) error

// SignIn is `rogue account new` (signUp) and `rogue login`: the password
// read (ReadPassword), the account's token asked of the server at url and
// kept in the user's config folder.
func SignIn(url, name string, signUp bool, stdout, stderr io.Writer) error {
	if err := CheckName(name); err != nil {
		return cli.UsageError("%v", err)
	}
	pw, err := ReadPassword(stderr)
	if err != nil {
		return cli.Fail(1, "reading the password: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	tok, err := Account(ctx, url, name, pw, signUp)
	if err != nil {
		return cli.Fail(1, "%s: %v", url, err)
	}
	path, err := SaveToken(url, name, tok)
	if err != nil {
		return cli.Fail(1, "keeping the token: %v", err)
	}
	fmt.Fprintf(stdout, "signed in to %s as %s (the token is kept in %s)\n", url, name, path)
	return nil
}

// ReadPassword reads the password from the terminal without echo, or a
// line of standard input when that is not a terminal.
func ReadPassword(stderr io.Writer) (string, error) {
	if term.IsTerminal(int(os.Stdin.Fd())) {
		fmt.Fprint(stderr, "password: ")
		b, err := term.ReadPassword(int(os.Stdin.Fd()))
		fmt.Fprintln(stderr)
		return string(b), err
	}
	line, err := bufio.NewReader(io.LimitReader(os.Stdin, MaxPassword+2)).ReadString('\n')
	if err != nil && line == "" {
		return "", fmt.Errorf("no password on standard input")
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// PlayOn is `rogue play --online URL [--daily]`: the player's game on
// the server (today's daily challenge with daily), signed in as rogue
// login left it. args is how many arguments and flags the command had
// (--palette among them when palette is not ""): --online URL goes
// alone, or with --daily, and --palette. palette
// is --palette's name ("" for $ROGUE_PALETTE, else the menu's last
// choice, see internal/settings).
func PlayOn(url string, daily bool, args int, palette string, onTerminal OnTerminal, stdout io.Writer) error {
	if palette != "" {
		args-- // --palette goes with --online too: the colours are the terminal's
	}
	switch {
	case url == "":
		return cli.UsageError("--daily is the daily challenge of a server: --online URL --daily")
	case daily && args != 2, !daily && args != 1:
		return cli.UsageError("--online URL goes alone, or with --daily (and --palette): the server keeps the game and picks its seed")
	}
	pal, _, err := settings.Palette(palette) // a saved choice left out: the default
	if err != nil {
		return cli.UsageError("%v", err)
	}
	_, tok, err := Token(url)
	if err != nil {
		return cli.Fail(1, "%v", err)
	}
	play := Play
	if daily {
		play = PlayDaily
	}
	line, err := play(url, tok, pal, onTerminal)
	return lastLine(url, line, err, stdout)
}

// WatchOn is `rogue watch URL GAME`: game id followed turn by turn.
func WatchOn(url string, id int64, onTerminal OnTerminal, stdout io.Writer) error {
	_, tok, _ := Token(url)           // a daily game of today's asks who watches
	pal, _, _ := settings.Palette("") // $ROGUE_PALETTE, else the menu's choice
	line, err := Watch(url, id, tok, pal, onTerminal)
	return lastLine(url, line, err, stdout)
}

// lastLine prints the line a loop on a server ended with, and its error
// as the command's failure.
func lastLine(url, line string, err error, stdout io.Writer) error {
	if line != "" {
		fmt.Fprintln(stdout, line)
	}
	if err != nil {
		return cli.Fail(1, "%s: %v", url, err)
	}
	return nil
}

// ListLive is `rogue watch URL`: the games being played on the server.
func ListLive(url string, stdout io.Writer) error {
	c := http.Client{Timeout: 30 * time.Second}
	resp, err := c.Get(strings.TrimRight(url, "/") + "/api/games?live=1")
	if err != nil {
		return cli.Fail(1, "%v", err)
	}
	defer resp.Body.Close()
	var rows []GameRow
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&rows); err != nil {
		return cli.Fail(1, "%s: the list of games does not read: %v", url, err)
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
