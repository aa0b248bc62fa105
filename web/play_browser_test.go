//go:build !js

package web

import (
	"context"
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var turnOnScreen = regexp.MustCompile(`\b(?:Turn|T) (\d+)`)

// turn is the turn the page's status line shows, or -1.
func turn(t testing.TB, text string) int {
	t.Helper()
	m := turnOnScreen.FindStringSubmatch(text)
	if m == nil {
		return -1
	}
	n, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	return n
}

// eval evaluates a JavaScript expression in the page, awaiting a promise.
func eval[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	require.NoError(t, err, "evaluating %s", expr)
	return v
}

// newGame starts a new game from the main menu and waits for its map.
func newGame(t testing.TB, ctx context.Context) {
	t.Helper()
	press(t, ctx, "n")
	waitFor(t, ctx, `/Turn 0 /.test(rogue.term.text.join("\n"))`)
}

// playSomeTurns presses keys that pass turns (waits, and steps in every
// direction, some of which the walls refuse) until the status line shows
// turn want.
func playTo(t testing.TB, ctx context.Context, want int) {
	t.Helper()
	for i := 0; turn(t, screenText(t, ctx)) < want; i++ {
		require.Less(t, i, 200, "the turn did not reach %d:\n%s", want, screenText(t, ctx))
		press(t, ctx, []string{"ArrowRight", "ArrowDown", "5", "ArrowLeft", "ArrowUp", "l", "j", "."}[i%8])
	}
}

func TestAGameStartsInThePageAndItsMapAndTurnMoveWithTheKeys(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	newGame(t, ctx)
	before := screenText(t, ctx)
	require.Contains(t, before, "@")

	press(t, ctx, "5")
	waitFor(t, ctx, `/Turn 1 /.test(rogue.term.text.join("\n"))`)
	moved, changed := false, false
	for _, k := range []string{"ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "l", "j", "h", "k"} {
		n := turn(t, screenText(t, ctx))
		press(t, ctx, k)
		now := screenText(t, ctx)
		moved = moved || turn(t, now) > n
		changed = changed || mapRows(now) != mapRows(before)
	}
	assert.True(t, moved, "no step passed a turn:\n%s", screenText(t, ctx))
	assert.True(t, changed, "the map never changed")
	screenshot(t, ctx, "play")
}

// mapRows are the rows of a play screen above its status line.
func mapRows(text string) string {
	i := strings.Index(text, "HP ")
	if i < 0 {
		return text
	}
	return text[:i]
}

func TestTheKeysTheGameUsesStayInThePage(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	newGame(t, ctx)
	eval[bool](t, ctx, `(window.seen = [], addEventListener("keydown", (e) => seen.push(e.key + (e.defaultPrevented ? "" : " was not kept")), false), true)`)
	keys := []string{"ArrowDown", "ArrowUp", "PageDown", "PageUp", "Home", "End", "Tab", "Escape", "Enter", "Escape", " ", "Backspace"}
	press(t, ctx, keys...)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("p", chromedp.KeyModifiers(chromedp.ModifierCtrl))))
	settle(t, ctx)
	history := screenText(t, ctx)
	press(t, ctx, "Escape")
	seen := eval[[]string](t, ctx, `seen`)
	want := []string{"ArrowDown", "ArrowUp", "PageDown", "PageUp", "Home", "End", "Tab", "Escape", "Enter", "Escape", " ", "Backspace", "p", "Escape"}
	assert.Equal(t, want, seen)
	assert.Equal(t, 0, eval[int](t, ctx, `window.scrollY + document.scrollingElement.scrollTop`))
	assert.Contains(t, history, "The Amulet of the Deep lies on depth 14", "Ctrl-P shows the message history, from the first line of the game")
}

// A reloaded page continues the game on the turn it showed: every turn
// was stored before it was drawn, by the worker of a cross-origin
// isolated page as rogue serve serves it, or by the page itself when it
// is served without isolation.
func TestAReloadedPageContinuesTheGameOnTheSameTurn(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		isolated bool
		storer   string
	}{{true, "worker"}, {false, "page"}} {
		t.Run(c.storer, func(t *testing.T) {
			s := newSite(t)
			s.notIsolated = !c.isolated
			ctx := tab(t, s.URL)
			assert.Equal(t, c.storer, eval[string](t, ctx, `rogueFS.storer`))
			newGame(t, ctx)
			playTo(t, ctx, 5)
			n := turn(t, screenText(t, ctx))

			require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
			waitFor(t, ctx, `rogue.term && rogue.term.text.join("\n").includes("Continue")`)
			menu := screenText(t, ctx)
			assert.Contains(t, menu, "turn "+strconv.Itoa(n)+" on depth")
			press(t, ctx, "c")
			waitFor(t, ctx, `/Turn \d+ /.test(rogue.term.text.join("\n"))`)
			assert.Equal(t, n, turn(t, screenText(t, ctx)))
			screenshot(t, ctx, "continued-"+c.storer)
		})
	}
}

// exported is what the page's export link of its only journal downloads.
func exported(t testing.TB, ctx context.Context) (string, []byte) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("export"))))
	name := eval[string](t, ctx, `document.querySelector("#overlay a").download`)
	b64 := eval[string](t, ctx, `fetch(document.querySelector("#overlay a").href).then((r) => r.arrayBuffer()).then((b) => {
		let s = ""; for (const c of new Uint8Array(b)) s += String.fromCharCode(c); return btoa(s); })`)
	press(t, ctx, "Escape")
	b, err := base64.StdEncoding.DecodeString(b64)
	require.NoError(t, err)
	return name, b
}

// rogue runs the rogue binary and returns its standard output and error.
func rogue(t testing.TB, args ...string) (string, error) {
	t.Helper()
	out, err := exec.Command(browser.rogue, args...).CombinedOutput()
	return string(out), err
}

var digestLine = regexp.MustCompile(`digest: +(\S+)`)

func TestAnExportedJournalVerifiesAndFoldsToThePagesDigest(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	newGame(t, ctx)
	playTo(t, ctx, 12)
	name, b := exported(t, ctx)
	require.True(t, strings.HasSuffix(name, ".rogue"), name)
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, b, 0o644))

	out, err := rogue(t, "verify", path)
	require.NoError(t, err, out)
	assert.Contains(t, out, "verified")
	t.Logf("rogue verify of the page's export: %s", strings.TrimSpace(out))
	out, err = rogue(t, "replay", "--headless", path)
	require.NoError(t, err, out)
	page := eval[string](t, ctx, `rogue.summary("/data/rogue/`+name+`")`)
	require.Regexp(t, digestLine, page)
	assert.Equal(t, digestLine.FindStringSubmatch(out)[1], digestLine.FindStringSubmatch(page)[1])
	stored, err := base64.StdEncoding.DecodeString(eval[string](t, ctx, `btoa(String.fromCharCode(...rogueFS.read("/data/rogue/`+name+`")))`))
	require.NoError(t, err)
	assert.Equal(t, b, stored, "the stored bytes are the exported ones")
}

// writeTemp writes b to a file named name in a temporary folder.
func writeTemp(t testing.TB, name string, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return path
}

func TestTheNumpadsFiveWaitsWithOrWithoutNumLock(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	newGame(t, ctx)
	// Without Num Lock the numpad's 5 is "Clear"; with it, "5".
	for i, key := range []string{"Clear", "5"} {
		eval[bool](t, ctx, `dispatchEvent(new KeyboardEvent("keydown", {key: `+jsString(key)+`, code: "Numpad5", bubbles: true, cancelable: true})) === false`)
		settle(t, ctx)
		assert.Equal(t, i+1, turn(t, screenText(t, ctx)), "after %s", key)
	}
}
