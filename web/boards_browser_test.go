//go:build !js

package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// boardEntry is a row of the host's GET /api/boards/NAME, as the page's
// table shows it.
type boardEntry struct {
	ID      int64  `json:"id"`
	Account string `json:"account"`
	Outcome string `json:"outcome"`
	Turns   int    `json:"turns"`
	Depth   int    `json:"depth"`
	Level   int    `json:"level"`
	Build   string `json:"build"`
}

type boardPage struct {
	Title string       `json:"title"`
	Next  string       `json:"next"`
	Rows  []boardEntry `json:"rows"`
}

func (s *hostSite) board(t *testing.T, name string) boardPage {
	t.Helper()
	resp, err := http.Get(s.host + "/api/boards/" + name)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", b)
	var p boardPage
	require.NoError(t, json.Unmarshal(b, &p), "%s", b)
	return p
}

// cliAccount makes an account from the terminal, and returns the
// environment its token is kept in.
func (s *hostSite) cliAccount(t *testing.T, name string) []string {
	t.Helper()
	env := append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir())
	acct := exec.Command(browser.rogue, "account", "new", s.host, name)
	acct.Env, acct.Stdin = env, strings.NewReader("another long password\n")
	b, err := acct.CombinedOutput()
	require.NoError(t, err, "%s", b)
	return env
}

func runRogue(t *testing.T, env []string, args ...string) {
	t.Helper()
	c := exec.Command(browser.rogue, args...)
	c.Env = env
	b, err := c.CombinedOutput()
	require.NoError(t, err, "rogue %s: %s", strings.Join(args, " "), b)
}

// tableRows are the rows of the page's board, each as its cells' text,
// and the href of its game's link last.
const tableRows = `[...document.querySelectorAll("#boardrows tr")].map((tr) =>
	[...tr.cells].map((c) => c.textContent).concat([tr.querySelector("a").getAttribute("href")]))`

// wantRows are the rows the page shows of entries ranked from rank.
func wantRows(rank int, entries []boardEntry) [][]string {
	var out [][]string
	for i, e := range entries {
		out = append(out, []string{fmt.Sprint(rank + i), e.Account, e.Outcome, fmt.Sprint(e.Turns), fmt.Sprint(e.Depth),
			fmt.Sprint(e.Level), e.Build, fmt.Sprintf("Game %d", e.ID), fmt.Sprintf("/game/%d", e.ID)})
	}
	return out
}

// axTable is the board's table as Chromium's accessibility tree holds
// it, as a screen reader is handed it: its name, then each row's cells,
// each as ROLE: TEXT.
func axTable(t *testing.T, ctx context.Context) (string, [][]string) {
	t.Helper()
	tree := readAXTree(t, ctx)
	byID := tree.byID
	table := tree.first("table")
	require.NotNil(t, table, "the board is a table")
	var rows [][]string
	var walk func(id accessibility.NodeID)
	walk = func(id accessibility.NodeID) {
		n := byID[id]
		if n == nil {
			return
		}
		if str(n.Role) == "row" {
			var cells []string
			for _, c := range n.ChildIDs {
				if cn := byID[c]; cn != nil {
					cells = append(cells, str(cn.Role)+": "+strings.TrimSpace(str(cn.Name)))
				}
			}
			rows = append(rows, cells)
			return
		}
		for _, c := range n.ChildIDs {
			walk(c)
		}
	}
	walk(table.NodeID)
	return str(table.Name), rows
}

// The page lists the boards and shows one a page at a time, in a table a
// screen reader reads (a caption, headers of its columns and rows, the
// page said in the live region), paged by the API's cursor back and
// forth, each row linking to its game's page; by mouse, by keyboard,
// and on a phone through the header's menu. The game under it takes no
// key while it is open.
func TestThePageShowsTheBoardsAPageAtATime(t *testing.T) {
	t.Parallel()
	s := newHostSite(t)
	bob := s.cliAccount(t, "bob")
	runRogue(t, bob, "bot", "--online", s.host, "--games", "3", "--turns", "50000")
	won, err := os.ReadFile(filepath.Join("..", "golden", "testdata", "r3-won.rogue"))
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "won.rogue")
	require.NoError(t, os.WriteFile(file, won, 0o644))
	runRogue(t, bob, "submit", file, "--online", s.host)
	rules := s.board(t, "rules/3")
	require.Len(t, rules.Rows, 3, "bob's three games are over and ranked")
	// The upload is listed, then ranked: on its board a moment later.
	var offline boardPage
	require.Eventually(t, func() bool { offline = s.board(t, "offline/3"); return len(offline.Rows) == 1 }, 20*time.Second, 20*time.Millisecond)

	ctx := s.tab(t, "/")
	waitFor(t, ctx, `rogue.online !== undefined && !document.getElementById("boards").hidden && rogue.term.text.join("\n").includes("New game")`)
	require.Contains(t, screenText(t, ctx), "New game")

	// By mouse: Boards opens this build's rules board.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#boards"))))
	waitFor(t, ctx, `document.querySelectorAll("#boardrows tr").length === 3`)
	assert.Equal(t, wantRows(1, rules.Rows), eval[[][]string](t, ctx, tableRows))
	assert.Equal(t, "boardhead", eval[string](t, ctx, `document.activeElement.id`), "the focus is in the view")
	assert.Equal(t, "Rules 3, played on the server", eval[string](t, ctx, `document.getElementById("boardtitle").textContent`))
	assert.Equal(t, "3 games, best first.", eval[string](t, ctx, `document.getElementById("boardcaption").textContent`))
	assert.Equal(t, []string{"Rank", "Account", "Outcome", "Turns", "Depth", "Level", "Verified by", "Its page"},
		eval[[]string](t, ctx, `[...document.querySelectorAll("#board thead th[scope=col]")].map((th) => th.textContent)`))
	assert.Equal(t, 3, eval[int](t, ctx, `document.querySelectorAll("#boardrows th[scope=row]").length`), "each row's header is its account")
	waitFor(t, ctx, `document.getElementById("said").textContent.includes("Rules 3, played on the server. 3 games, best first.")`)
	axName, axRows := axTable(t, ctx)
	assert.Equal(t, "Rules 3, played on the server 3 games, best first.", axName)
	require.Len(t, axRows, 4, "a row of headers, and a row a game")
	assert.Equal(t, []string{"columnheader: Rank", "columnheader: Account", "columnheader: Outcome", "columnheader: Turns",
		"columnheader: Depth", "columnheader: Level", "columnheader: Verified by", "columnheader: Its page"}, axRows[0])
	e := rules.Rows[0]
	assert.Equal(t, []string{"cell: 1", "rowheader: " + e.Account, "cell: " + e.Outcome, "cell: " + fmt.Sprint(e.Turns),
		"cell: " + fmt.Sprint(e.Depth), "cell: " + fmt.Sprint(e.Level), "cell: " + e.Build, fmt.Sprintf("cell: Game %d", e.ID)}, axRows[1])
	// The boards listed: the days', the weeks', each rules version's, played
	// on the server and offline.
	list := eval[[]string](t, ctx, `[...document.querySelectorAll("#boardlist button")].map((b) => b.textContent + " = " + b.title)`)
	require.Len(t, list, 10)
	assert.Regexp(t, `^Day \d{4}-\d\d-\d\d = the daily challenge of \d{4}-\d\d-\d\d \(UTC\)$`, list[0])
	assert.Regexp(t, `^Week \d{4}-W\d\d = the daily challenges of the week \d{4}-W\d\d$`, list[2])
	assert.Equal(t, []string{"Rules 3 = rules 3, played on the server", "Rules 2 = rules 2, played on the server", "Rules 1 = rules 1, played on the server",
		"Offline, rules 3 = rules 3, played offline: the seed was the player's choice"}, list[4:8])
	// The keys are the view's: the game under it takes none. (The menu
	// is read again here: the grid may have been resized to the viewport
	// since it was first read.)
	menu := screenText(t, ctx)
	require.Contains(t, menu, "New game")
	press(t, ctx, "n")
	assert.Equal(t, menu, screenText(t, ctx), "a key in the boards does not reach the game")
	shot(t, ctx, "pageboards-rules", 1280, 800)

	// The offline board says the seed was the player's choice.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#boardlist button[data-board="offline/3"]`))))
	waitFor(t, ctx, `document.getElementById("boardtitle").textContent === "Rules 3, played offline: the seed was the player's choice"`)
	waitFor(t, ctx, `document.querySelectorAll("#boardrows tr").length === 1`)
	assert.Equal(t, wantRows(1, offline.Rows), eval[[][]string](t, ctx, tableRows))
	assert.Equal(t, "true", eval[string](t, ctx, `document.querySelector('#boardlist button[data-board="offline/3"]').getAttribute("aria-current")`))
	assert.Equal(t, "won", offline.Rows[0].Outcome)
	// A board with no game says so.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#boardlist button[data-board="rules/1"]`))))
	waitFor(t, ctx, `document.getElementById("boardsaid").textContent === "" && document.getElementById("board").hidden &&
		document.getElementById("boardempty").textContent === "No game is on this board yet." &&
		document.getElementById("boardcaption").textContent === "No game is on this board yet."`)
	words := eval[string](t, ctx, `document.getElementById("boardview").innerText`)
	assert.NotRegexp(t, `rogue [a-z]|--|/tmp|\.rogue\b|/api/`, words, "no command or file path in the page's words")

	// By keyboard: Escape gives the game its keys back, and the focus.
	press(t, ctx, "Escape")
	waitFor(t, ctx, `document.getElementById("boardview").hidden && document.activeElement.id === "screen"`)
	assert.Equal(t, "/", eval[string](t, ctx, `location.pathname + location.search`), "the page's address is back")

	// A link to a board, two games a page: next and previous by the
	// cursor, by keyboard (Enter on the focused button).
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(s.URL+"/?board=rules/3&n=2")))
	waitFor(t, ctx, `document.querySelectorAll("#boardrows tr").length === 2 && !document.getElementById("boardnext").disabled`)
	assert.Equal(t, wantRows(1, rules.Rows[:2]), eval[[][]string](t, ctx, tableRows))
	assert.True(t, eval[bool](t, ctx, `document.getElementById("boardprev").disabled`), "no page before the first")
	assert.Equal(t, "Games 1 to 2, best first; more on the next page.", eval[string](t, ctx, `document.getElementById("boardcaption").textContent`))
	eval[any](t, ctx, `document.getElementById("boardnext").focus()`)
	// No game runs under a page opened on a board: the key is the view's
	// alone (press would wait for the game to take it).
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(keyText("Enter"))))
	waitFor(t, ctx, `document.querySelectorAll("#boardrows tr").length === 1`)
	assert.Equal(t, wantRows(3, rules.Rows[2:]), eval[[][]string](t, ctx, tableRows))
	assert.True(t, eval[bool](t, ctx, `document.getElementById("boardnext").disabled`), "the last page")
	assert.Equal(t, "boardprev", eval[string](t, ctx, `document.activeElement.id`), "the focus goes to the button left")
	assert.Equal(t, "Game 3, the last.", eval[string](t, ctx, `document.getElementById("boardcaption").textContent`))
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(keyText("Enter"))))
	waitFor(t, ctx, `document.querySelectorAll("#boardrows tr").length === 2`)
	assert.Equal(t, wantRows(1, rules.Rows[:2]), eval[[][]string](t, ctx, tableRows))
	// A row's link is its game's page.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#boardrows tr:first-child a`))))
	waitFor(t, ctx, fmt.Sprintf(`location.search === "?game=%d" && rogue.morgueShown === true`, rules.Rows[0].ID))

	// On a phone: the header's menu, then Boards; the table scrolls in
	// its box, and the page never wider than the phone.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(s.URL+"/")))
	waitFor(t, ctx, `rogue.online !== undefined && rogue.term.text.join("\n").includes("New game")`)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch)))
	waitFor(t, ctx, `innerWidth === 390 && document.getElementById("menu").checkVisibility() && !document.getElementById("boards").checkVisibility()`)
	tapOn(t, ctx, "#menu")
	waitFor(t, ctx, `document.getElementById("boards").checkVisibility()`)
	tapOn(t, ctx, "#boards")
	waitFor(t, ctx, `document.querySelectorAll("#boardrows tr").length === 3 && !document.querySelector("header").classList.contains("open")`)
	assert.Equal(t, wantRows(1, rules.Rows), eval[[][]string](t, ctx, tableRows))
	assert.LessOrEqual(t, eval[int](t, ctx, `document.documentElement.scrollWidth`), 390, "nothing wider than the phone")
	assert.True(t, eval[bool](t, ctx, `(() => { const r = document.getElementById("boardview").getBoundingClientRect();
		return r.left === 0 && r.right === 390 && r.top >= document.querySelector("header").getBoundingClientRect().bottom; })()`))
	shot(t, ctx, "pageboards-rules", 390, 844)
	phoneName, phoneRows := axTable(t, ctx)
	assert.Equal(t, []any{axName, axRows}, []any{phoneName, phoneRows}, "on a phone, the same table to a screen reader")
	tapOn(t, ctx, "#boardclose")
	waitFor(t, ctx, `document.getElementById("boardview").hidden`)
}

// "Daily game" plays today's challenge online, once: a second time, and
// before a sign-in, it says in one line why not. The day's board then
// holds the game.
func TestTheDailyGameButtonPlaysTodaysSeedOnce(t *testing.T) {
	t.Parallel()
	s := newHostSite(t)
	ctx := s.tab(t, "/")
	waitFor(t, ctx, `rogue.online !== undefined && !document.getElementById("daily").hidden`)

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#daily"))))
	waitFor(t, ctx, `!document.getElementById("overlay").hidden && document.getElementById("acct-name") !== null`)
	fill(t, ctx, "acct-name", "erin")
	fill(t, ctx, "acct-pass", "a long enough password")
	click(t, ctx, "acct-signup")
	waitFor(t, ctx, `rogue.onlineTurns >= 1 && rogue.term.text.join("\n").includes("@")`)
	rows := s.games(t)
	require.Len(t, rows, 1)
	assert.True(t, rows[0].Live)
	waitFor(t, ctx, `/^Signed in as erin · the daily challenge of \d{4}-\d\d-\d\d$/.test(document.getElementById("status").textContent)`)
	assert.Regexp(t, fmt.Sprintf(`^rogue: the daily challenge of \d{4}-\d\d-\d\d, game %d$`, rows[0].ID), eval[string](t, ctx, `document.title`))
	shot(t, ctx, "pageboards-daily", 1280, 800)

	turnsAfter(t, ctx, ".")
	press(t, ctx, "Q")
	waitFor(t, ctx, `rogue.term.text.join(" ").includes("A abandons it now")`)
	press(t, ctx, "A")
	waitFor(t, ctx, `document.getElementById("line").textContent.includes("ends here: you abandoned it") && rogue.term.text.join("\n").includes("New game")`)

	// Again: one line, and no game.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#daily"))))
	waitFor(t, ctx, `document.getElementById("line").textContent.startsWith("You have played")`)
	assert.Regexp(t, fmt.Sprintf(`^You have played today's daily challenge \(\d{4}-\d\d-\d\d, game %d: abandoned on depth 1\): the next one begins at 00:00 UTC, in \S+\.$`, rows[0].ID),
		eval[string](t, ctx, `document.getElementById("line").textContent`))
	waitFor(t, ctx, `document.getElementById("said").textContent.includes("You have played today's daily challenge")`)
	assert.Len(t, s.games(t), 1, "no second game")
	assert.Contains(t, screenText(t, ctx), "New game", "the page stays where it was")
	// A link to the daily game says the same, then the page is as ever.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(s.URL+"/?daily")))
	waitFor(t, ctx, `document.getElementById("line").textContent.startsWith("You have played") && rogue.term.text.join("\n").includes("New game")`)
	shot(t, ctx, "pageboards-daily-played", 390, 844)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)))

	// The day's board holds it, where it stopped.
	click(t, ctx, "boards")
	waitFor(t, ctx, `document.querySelectorAll("#boardlist button").length > 0`)
	day := eval[string](t, ctx, `document.querySelector('#boardlist button[data-board^="daily/"]').dataset.board.slice(6)`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#boardlist button[data-board="daily/`+day+`"]`))))
	waitFor(t, ctx, `document.getElementById("boardtitle").textContent.startsWith("The daily challenge of ")`)
	waitFor(t, ctx, `document.querySelectorAll("#boardrows tr").length === 1`)
	assert.Equal(t, wantRows(1, s.board(t, "daily/"+day).Rows), eval[[][]string](t, ctx, tableRows))
	assert.Equal(t, "abandoned on depth 1", eval[string](t, ctx, `document.querySelector("#boardrows td.end").textContent`))
	shot(t, ctx, "pageboards-day", 1280, 800)

	// Signed out, the button asks for a sign-in first.
	press(t, ctx, "Escape")
	click(t, ctx, "account")
	waitFor(t, ctx, `rogue.online.name === ""`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#daily"))))
	waitFor(t, ctx, `!document.getElementById("overlay").hidden && document.getElementById("acct-name") !== null`)
	fill(t, ctx, "acct-name", "erin")
	fill(t, ctx, "acct-pass", "a long enough password")
	click(t, ctx, "acct-signin")
	waitFor(t, ctx, `rogue.online.name === "erin" && document.getElementById("line").textContent.startsWith("You have played")`)
}
