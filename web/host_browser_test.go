//go:build !js

package web

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostSite is the page of this tree (static/, and the wasm built for the
// tests) in front of the real rogue host, on SQLite in a folder of the
// test's: its API, websockets and journals are proxied to it, as a TLS
// proxy in front of a deployed host would.
type hostSite struct {
	*httptest.Server
	host string          // rogue host's own address
	jar  context.Context // the test's own browser context: its cookies
}

// signUpOnPage makes the account name on the page of ctx, a rogue host
// site's, by its Account button, and waits until it is signed in.
func signUpOnPage(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	waitFor(t, ctx, `rogue.online !== undefined && !document.getElementById("online").hidden`)
	click(t, ctx, "account")
	waitFor(t, ctx, `!document.getElementById("overlay").hidden && document.getElementById("acct-name") !== null`)
	fill(t, ctx, "acct-name", name)
	fill(t, ctx, "acct-pass", "a long enough password")
	click(t, ctx, "acct-signup")
	waitFor(t, ctx, "rogue.online.name === "+jsString(name)+` && document.getElementById("overlay").hidden`)
}

// tab is a tab on the site in the test's own browser context, in a
// desktop window of 1280 by 800, where the header shows every button. A
// cookie is the browser's for a host, whatever the port, and every site
// is on 127.0.0.1: in the shared context, one test's sign-in token
// would go to another test's rogue host.
func (s *hostSite) tab(t testing.TB, path string) context.Context {
	t.Helper()
	ctx := tabIn(t, s.jar, s.URL+path, tabDeadline)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)))
	return ctx
}

func newHostSite(t testing.TB) *hostSite {
	t.Helper()
	newSite(t) // starts the browser, or skips
	cmd := exec.Command(browser.rogue, "host", "--addr", "127.0.0.1:0", t.TempDir())
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	lines := bufio.NewScanner(out)
	addr := regexp.MustCompile(`(http://127\.0\.0\.1:\d+)/`)
	jar, cancel := chromedp.NewContext(browser.ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	require.NoError(t, chromedp.Do(jar), "a browser context of the test's own")
	s := &hostSite{jar: jar}
	for s.host == "" && lines.Scan() {
		if m := addr.FindStringSubmatch(lines.Text()); m != nil {
			s.host = m[1]
		}
	}
	require.NotEmpty(t, s.host, "rogue host printed no address: %s", stderr.String())
	go func() { _, _ = io.Copy(io.Discard, out) }()
	u, err := url.Parse(s.host)
	require.NoError(t, err)
	proxy := httputil.NewSingleHostReverseProxy(u)
	mux := http.NewServeMux()
	for _, p := range []string{"/api/", "/page/", "/ws/", "/games/", "/game/", "/boards"} {
		mux.Handle(p, proxy)
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		isolate(w)
		name := strings.TrimPrefix(r.URL.Path, "/")
		switch name {
		case "":
			name = "index.html"
		case WasmName, "wasm_exec.js":
			http.ServeFile(w, r, filepath.Join(browser.dist, name))
			return
		}
		http.ServeFile(w, r, filepath.Join("static", filepath.Base(name)))
	})
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// gameRow is a row of the host's GET /api/games.
type gameRow struct {
	ID      int64  `json:"id"`
	Player  string `json:"player"`
	Turns   int    `json:"turns"`
	Outcome string `json:"outcome"`
	Digest  string `json:"digest"`
	Live    bool   `json:"live"`
}

func (s *hostSite) games(t *testing.T) []gameRow {
	t.Helper()
	resp, err := http.Get(s.host + "/api/games")
	require.NoError(t, err)
	defer resp.Body.Close()
	var rows []gameRow
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&rows))
	return rows
}

// shot takes a screenshot of the page at w x h (a phone's, emulated, at
// 390 wide) and puts the viewport back.
func shot(t *testing.T, ctx context.Context, name string, w, h int64) {
	t.Helper()
	opts := []chromedp.EmulateViewportOption{}
	if w < 700 {
		opts = append(opts, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(w, h, opts...)))
	waitFor(t, ctx, fmt.Sprintf("rogue.term.cols > 0 && innerWidth === %d", w))
	settle(t, ctx)
	screenshot(t, ctx, fmt.Sprintf("%s-%dx%d", name, w, h))
}

// fill types text into the input id as the player would.
func fill(t testing.TB, ctx context.Context, id, text string) {
	t.Helper()
	eval[any](t, ctx, fmt.Sprintf(`document.getElementById(%q).value = %q`, id, text))
}

func click(t testing.TB, ctx context.Context, id string) {
	t.Helper()
	eval[any](t, ctx, fmt.Sprintf(`document.getElementById(%q).click()`, id))
}

// turnsAfter presses keys one at a time and waits for the server's turn
// of each: the page's count of the turns it holds goes up by one a key.
func turnsAfter(t *testing.T, ctx context.Context, keys ...string) int {
	t.Helper()
	for _, k := range keys {
		n := eval[int](t, ctx, `rogue.onlineTurns`)
		press(t, ctx, k)
		waitFor(t, ctx, fmt.Sprintf("rogue.onlineTurns === %d", n+1))
	}
	return eval[int](t, ctx, `rogue.onlineTurns`)
}

// sharedRows are the rows of the screen down to its status line (the
// map, and the line of HP and turns), which the player and a spectator
// see alike; the messages under them are each one's own.
func sharedRows(screen string) string {
	head, _, _ := strings.Cut(screen, "? help")
	return head
}

func TestThePageOfRogueHostSignsUpPlaysWatchesAndReplays(t *testing.T) {
	t.Parallel()
	s := newHostSite(t)
	ctx := s.tab(t, "/")
	waitFor(t, ctx, `rogue.online !== undefined && !document.getElementById("online").hidden`)

	// Sign up, sign out, a wrong password (one line), then sign in.
	click(t, ctx, "account")
	waitFor(t, ctx, `!document.getElementById("overlay").hidden && document.getElementById("acct-name") !== null`)
	shot(t, ctx, "host-signin", 1280, 800)
	shot(t, ctx, "host-signin", 390, 844)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)))
	fill(t, ctx, "acct-name", "alice")
	fill(t, ctx, "acct-pass", "a long enough password")
	click(t, ctx, "acct-signup")
	waitFor(t, ctx, `rogue.online.name === "alice" && document.getElementById("overlay").hidden`)
	assert.False(t, eval[bool](t, ctx, `document.cookie.includes("rogue_token")`), "the token is kept from the page's scripts")
	click(t, ctx, "account") // sign out
	waitFor(t, ctx, `rogue.online.name === ""`)
	click(t, ctx, "account")
	waitFor(t, ctx, `document.getElementById("acct-name") !== null && !document.getElementById("overlay").hidden`)
	fill(t, ctx, "acct-name", "alice")
	fill(t, ctx, "acct-pass", "not the password at all")
	click(t, ctx, "acct-signin")
	waitFor(t, ctx, `document.getElementById("acct-said").textContent === "wrong name or password"`)
	fill(t, ctx, "acct-pass", "a long enough password")
	click(t, ctx, "acct-signin")
	waitFor(t, ctx, `rogue.online.name === "alice" && document.getElementById("overlay").hidden`)

	// Play online: keys, then a click on a floor next to the player.
	click(t, ctx, "online")
	waitFor(t, ctx, `rogue.onlineTurns >= 1 && rogue.term.text.join("\n").includes("@")`)
	start := eval[int](t, ctx, `rogue.onlineTurns`)
	n := turnsAfter(t, ctx, ".", ".", ".")
	require.Equal(t, start+3, n)
	x, y := cellOf(t, ctx, "@")
	rows := strings.Split(screenText(t, ctx), "\n")
	clicked := false
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}} {
		cx, cy := x+d[0], y+d[1]
		if cy < 0 || cy >= len(rows) || cx < 0 || cx >= len([]rune(rows[cy])) || []rune(rows[cy])[cx] != '.' {
			continue
		}
		px, py := cellCentre(t, ctx, cx, cy)
		mouse(t, ctx, input.DispatchMouseEventTypeMousePressed, px, py, input.MouseButtonLeft, 1)
		mouse(t, ctx, input.DispatchMouseEventTypeMouseReleased, px, py, input.MouseButtonLeft, 0)
		waitFor(t, ctx, fmt.Sprintf("rogue.onlineTurns > %d", n))
		clicked = true
		break
	}
	require.True(t, clicked, "no floor next to the player:\n%s", screenText(t, ctx))
	waitFor(t, ctx, fmt.Sprintf(`(() => { const c = %d, r = %d; return rogue.term.text[r][c] !== "@"; })()`, x, y))
	n = eval[int](t, ctx, `rogue.onlineTurns`)
	var id int64
	for _, g := range s.games(t) {
		if g.Player == "alice" && g.Live {
			id = g.ID
			assert.Equal(t, n, g.Turns, "the server holds the turns the page holds")
		}
	}
	require.NotZero(t, id)
	shot(t, ctx, "host-play", 1280, 800)
	shot(t, ctx, "host-play", 390, 844)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)))

	// A dropped connection says so, reconnects, and loses no turn.
	eval[any](t, ctx, `rogue.wsDrop()`)
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("Reconnected.")`)
	assert.Contains(t, screenText(t, ctx), "The connection to the server dropped: reconnecting.")
	n = turnsAfter(t, ctx, ".")
	for _, g := range s.games(t) {
		if g.ID == id {
			assert.Equal(t, n, g.Turns, "no turn was lost or played twice")
		}
	}

	// A second tab watches: the player is told, and both see the same map.
	watch := s.tab(t, fmt.Sprintf("/?watch=%d", id))
	waitFor(t, watch, fmt.Sprintf("rogue.onlineTurns === %d", n))
	waitFor(t, ctx, `rogue.watchers === 1 && rogue.term.text.join("\n").includes("1 person is watching.")`)
	waitFor(t, ctx, `document.getElementById("status").textContent.includes("1 watching")`)
	n = turnsAfter(t, ctx, ".")
	waitFor(t, watch, fmt.Sprintf("rogue.onlineTurns === %d", n))
	assert.Equal(t, sharedRows(screenText(t, ctx)), sharedRows(screenText(t, watch)), "the spectator sees the player's screen")
	shot(t, watch, "host-watch", 1280, 800)
	shot(t, watch, "host-watch", 390, 844)
	assert.Equal(t, "none", eval[string](t, watch, `getComputedStyle(document.getElementById("pad")).display`), "a spectator has no pad")

	// Reload, and go on with the same game at the same turn.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(s.URL+"/?play")))
	waitFor(t, ctx, fmt.Sprintf("rogue.onlineTurns === %d", n))
	n = turnsAfter(t, ctx, ".")
	waitFor(t, watch, fmt.Sprintf("rogue.onlineTurns === %d", n))

	// A finished game (a built-in player's, to its end): its page shows
	// its morgue, replays it from ?turn=N and downloads what verifies.
	cfg := t.TempDir()
	env := append(os.Environ(), "XDG_CONFIG_HOME="+cfg)
	acct := exec.Command(browser.rogue, "account", "new", s.host, "bob")
	acct.Env, acct.Stdin = env, strings.NewReader("another long password\n")
	b, err := acct.CombinedOutput()
	require.NoError(t, err, "%s", b)
	bot := exec.Command(browser.rogue, "bot", "--online", s.host, "--games", "1", "--turns", "50000")
	bot.Env = env
	b, err = bot.CombinedOutput()
	require.NoError(t, err, "%s", b)
	var over gameRow
	for _, g := range s.games(t) {
		if g.Player == "bob" && !g.Live {
			over = g
		}
	}
	require.NotZero(t, over.ID, "bob's game is over")
	page := s.tab(t, fmt.Sprintf("/?game=%d&turn=10", over.ID))
	waitFor(t, page, `rogue.morgueShown === true`)
	morgue := eval[string](t, page, `document.getElementById("morgue").textContent`)
	assert.Contains(t, morgue, "rogue: the ")
	assert.Contains(t, morgue, "digest:  "+over.Digest)
	assert.NotContains(t, morgue, "/tmp/")
	waitFor(t, page, `rogue.term.text.join("\n").includes("Turn 10 of ")`)
	shot(t, page, "host-game", 1280, 800)
	shot(t, page, "host-game", 390, 844)
	got := eval[string](t, page, `(async () => {
		const b = new Uint8Array(await (await fetch(document.getElementById("gamedownload").href)).arrayBuffer());
		let s = ""; for (const x of b) s += String.fromCharCode(x); return btoa(s); })()`)
	journal, err := base64.StdEncoding.DecodeString(got)
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "downloaded.rogue")
	require.NoError(t, os.WriteFile(file, journal, 0o644))
	b, err = exec.Command(browser.rogue, "verify", file).CombinedOutput()
	require.NoError(t, err, "rogue verify: %s", b)
	assert.Contains(t, string(b), "verified")

	// Offline play is still there, on the same page: the menu comes back
	// when the online game is left.
	press(t, ctx, "Q")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("New game")`)
	assert.Regexp(t, fmt.Sprintf(`^Game %d is kept on the server at turn \d+: Play online goes on with it\.$`, id),
		eval[string](t, ctx, `document.getElementById("line").textContent`))
}

// A game the server ends (here a daily challenge's, abandoned with Q
// then A) is said in the page, which leaves it as the terminal does: the
// page reads the note's "ended" (package online/client's session, the
// terminal's own).
func TestThePageLeavesAGameTheServerEnds(t *testing.T) {
	t.Parallel()
	s := newHostSite(t)
	ctx := s.tab(t, "/")
	signUpOnPage(t, ctx, "dana")

	eval[any](t, ctx, `rogue.start({ kind: "online", path: "/page/ws/play?daily=1" })`)
	waitFor(t, ctx, `rogue.onlineTurns >= 1 && rogue.term.text.join("\n").includes("@")`)
	turnsAfter(t, ctx, ".")
	press(t, ctx, "Q")
	waitFor(t, ctx, `rogue.term.text.join(" ").includes("A abandons it now")`)
	press(t, ctx, "A")
	waitFor(t, ctx, `document.getElementById("line").textContent.includes("ends here: you abandoned it")`)
	line := eval[string](t, ctx, `document.getElementById("line").textContent`)
	assert.Regexp(t, `^Game \d+, the daily challenge of \d{4}-\d\d-\d\d, ends here: you abandoned it\. It is abandoned on depth 1 at turn 1, and ranks there\. Game \d+'s page replays it\.$`, line)
	rows := s.games(t)
	require.Len(t, rows, 1)
	assert.False(t, rows[0].Live, "the game ended on the server")
	shot(t, ctx, "host-daily-ended", 1280, 800)
}
