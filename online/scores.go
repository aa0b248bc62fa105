package online

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"rogue/fame"
	"rogue/internal/cli"
)

// BoardName is the board `rogue scores --online` asks for: today's
// daily challenge (daily), the offline board (offline), rules N's
// board, or the server's newest rules' ("rules"); the server names the
// current ones.
func BoardName(daily, offline bool, rules int) (string, error) {
	switch {
	case daily && (offline || rules != 0):
		return "", cli.UsageError("--daily is one board: it goes with neither --offline nor --rules")
	case rules < 0:
		return "", cli.UsageError("--rules must be a rules version, 1 or more, got %d", rules)
	case daily:
		return "daily", nil
	case offline && rules > 0:
		return fmt.Sprintf("offline/%d", rules), nil
	case offline:
		return "offline", nil
	case rules > 0:
		return fmt.Sprintf("rules/%d", rules), nil
	}
	return "rules", nil
}

// Scores is `rogue scores --online URL [--daily|--offline|--rules N]
// [--top N]`: the best games of a board of the server, printed in the
// local hall of fame's columns (fame.Lines) with the account in place
// of the game. pos must be empty: the board is on the server.
func Scores(base string, daily, offline bool, rules, top int, pos []string, stdout io.Writer) error {
	switch {
	case base == "":
		return cli.UsageError("--daily, --offline and --rules name a board of a server: give --online URL")
	case len(pos) > 0:
		return cli.UsageError("--online lists a board of a server: no folder goes with it, got %q", pos[0])
	case top < 1:
		return cli.UsageError("--top must be a number of games (1 or more), got %d", top)
	}
	name, err := BoardName(daily, offline, rules)
	if err != nil {
		return err
	}
	b, p, err := BoardPage(base, name, fame.PageSize(top))
	if err != nil {
		return cli.Fail(1, "%s: %v", base, err)
	}
	for _, l := range fame.Lines(b, p) {
		fmt.Fprintln(stdout, l)
	}
	fmt.Fprintf(stdout, "\nThe whole board: %s/boards/%s\n", strings.TrimRight(base, "/"), b.Name())
	return nil
}

// BoardPage reads the first n rows of the board name from the server
// at base (GET /api/boards/NAME).
func BoardPage(base, name string, n int) (fame.Board, fame.Page, error) {
	c := http.Client{Timeout: 30 * time.Second}
	resp, err := c.Get(fmt.Sprintf("%s/api/boards/%s?n=%d", strings.TrimRight(base, "/"), name, n))
	if err != nil {
		return fame.Board{}, fame.Page{}, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fame.Board{}, fame.Page{}, httpError(resp, nil)
	}
	var page struct {
		Board string       `json:"board"`
		Rank  int          `json:"rank"`
		Next  string       `json:"next"`
		Rows  []fame.Entry `json:"rows"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 4<<20)).Decode(&page); err != nil {
		return fame.Board{}, fame.Page{}, fmt.Errorf("the board does not read: %v", err)
	}
	b, err := fame.ParseBoard(page.Board)
	if err != nil {
		return fame.Board{}, fame.Page{}, err
	}
	return b, fame.Page{Rows: page.Rows, Next: page.Next, Rank: page.Rank}, nil
}
