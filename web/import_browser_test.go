//go:build !js

package web

import (
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sizeGrid makes the page's grid cols x rows, as a terminal of that size.
func sizeGrid(t testing.TB, ctx context.Context, cols, rows int) {
	t.Helper()
	cw := eval[float64](t, ctx, `rogue.term.cw`)
	ch := eval[float64](t, ctx, `rogue.term.ch`)
	top := eval[float64](t, ctx, `document.querySelector("main").getBoundingClientRect().top`)
	w, h := int64(cw*float64(cols)+cw/2), int64(top+ch*float64(rows)+ch/2)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(w, h)))
	waitFor(t, ctx, `rogue.term.fw === `+itoa(cols)+` && rogue.term.fh === `+itoa(rows))
}

// importFile picks path in the page's file picker, as a player would.
func importFile(t testing.TB, ctx context.Context, path string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("file"), []string{path})))
	waitFor(t, ctx, `!document.getElementById("overlay").hidden && !!document.getElementById("import-said")`)
}

// replayGolden imports golden/testdata/name and starts its replay in
// the page, at turn 0; it returns the golden's absolute path.
func replayGolden(t testing.TB, ctx context.Context, name string) string {
	t.Helper()
	golden, err := filepath.Abs("../golden/testdata/" + name)
	require.NoError(t, err)
	importFile(t, ctx, golden)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("import-replay"))))
	waitFor(t, ctx, `/Replay +Turn/.test(rogue.term.text.join("\n"))`)
	return golden
}

// line is the page's status line: what the last task ended with.
func line(t testing.TB, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `document.getElementById("line").textContent`)
}

func TestAGoldenJournalImportedReplaysToItsLastTurnAsTheTerminalShowsIt(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	sizeGrid(t, ctx, 80, 24)
	golden := replayGolden(t, ctx, "deep.rogue")
	press(t, ctx, " ", "End")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("Turn")`)
	page := screenText(t, ctx)
	screenshot(t, ctx, "replay-end")

	want, err := rogue(t, "export", "--text", "-", golden)
	require.NoError(t, err, want)
	assert.Equal(t, mapRows(want), mapRows(page), "the map at the last turn")
	assert.Equal(t, statusLine(want), statusLine(page))

	summary, err := rogue(t, "replay", "--headless", golden)
	require.NoError(t, err, summary)
	pageSummary := eval[string](t, ctx, `rogue.summary("/tmp/import/deep.rogue")`)
	assert.Equal(t, digestLine.FindStringSubmatch(summary), digestLine.FindStringSubmatch(pageSummary))
	assert.Empty(t, eval[[]any](t, ctx, `rogueFS.list("/data/rogue")`), "a replayed import is not kept")
}

// statusLine is the line of a play screen that starts with HP.
// (without the help hint, which a replay shows on its own bar).
func statusLine(text string) string {
	for l := range strings.Lines(text) {
		if strings.HasPrefix(l, "HP ") {
			return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(l), "? help"))
		}
	}
	return ""
}

// damage makes damaged copies of a golden journal, as a bad download or
// a hostile sender would, in dir.
func damage(t testing.TB, dir string) map[string]string {
	t.Helper()
	b, err := os.ReadFile("../golden/testdata/short.rogue")
	require.NoError(t, err)
	flip := func(at int) []byte {
		c := append([]byte(nil), b...)
		c[at] ^= 0x10
		return c
	}
	cases := map[string][]byte{
		"header-cut.rogue":     b[:20],
		"not-a-journal.rogue":  []byte("this is not a journal at all\n"),
		"first-record.rogue":   flip(60),
		"middle-record.rogue":  flip(len(b) / 2),
		"garbage-after.rogue":  append(append([]byte(nil), b...), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01),
		"header-changed.rogue": flip(12),
	}
	paths := map[string]string{}
	for name, data := range cases {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o644))
		paths[name] = p
	}
	return paths
}

// A hostile import is said in one line of the page's words, naming no
// file and no command: a damaged one offers the turns before the damage
// (replayed, or exported as a new journal) and says nothing of it again
// when that replay is left; nothing refused is kept.
func TestAHostileImportIsSaidInOneLineOfThePagesWordsAndNothingIsKept(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	damaged := regexp.MustCompile(`^This file is damaged after turn \d+: replay the turns before it, or export them as a new journal\.$`)
	for name, path := range damage(t, t.TempDir()) {
		out, err := rogue(t, "verify", path)
		require.Error(t, err, "rogue verify %s: %s", name, out)
		importFile(t, ctx, path)
		said := eval[string](t, ctx, `document.getElementById("import-said").textContent`)
		assert.NotContains(t, said, "\n", name)
		assert.NotRegexp(t, `/|rogue (play|salvage|replay|verify|dump)`, said, "%s: no path, no command", name)
		assert.False(t, eval[bool](t, ctx, `!!document.getElementById("import-continue")`), "%s cannot be played on", name)
		if !strings.Contains(out, "damaged journal") {
			assert.Regexp(t, `^This file cannot be replayed: .+\.$`, said, name)
			press(t, ctx, "Escape")
			continue
		}
		if !eval[bool](t, ctx, `!!document.getElementById("import-replay")`) {
			assert.Equal(t, "This file is damaged from its first turn: there is nothing in it to replay.", said, name)
			press(t, ctx, "Escape")
			continue
		}
		assert.Regexp(t, damaged, said, name)
		assert.True(t, eval[bool](t, ctx, `!!document.getElementById("import-salvage")`), name)
		eval[bool](t, ctx, `(document.getElementById("line").textContent = "", true)`)
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("import-replay"))))
		waitFor(t, ctx, `rogue.term.text.join("\n").includes("DAMAGED")`)
		press(t, ctx, "q")
		waitFor(t, ctx, `rogue.term.text.join("\n").includes("New game")`)
		assert.Empty(t, line(t, ctx), "%s: the damage is not said again", name)
		require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("file"), []string{})))
	}
	assert.Empty(t, eval[[]any](t, ctx, `rogueFS.list("/data/rogue")`), "nothing refused is kept")
	assert.Empty(t, eval[[]string](t, ctx, `new Promise((ok) => { const r = indexedDB.open("rogue"); r.onsuccess = () => {
		const q = r.result.transaction("nodes").objectStore("nodes").getAllKeys(); q.onsuccess = () => ok(q.result.filter((k) => k.endsWith(".rogue"))); }; })`), "nothing refused is stored")
	screenshot(t, ctx, "refused")
}

func TestAJournalDroppedOnThePageReplays(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	golden, err := os.ReadFile("../golden/testdata/short.rogue")
	require.NoError(t, err)
	eval[bool](t, ctx, `(() => {
		const bytes = Uint8Array.from(atob(`+jsString(base64.StdEncoding.EncodeToString(golden))+`), (c) => c.charCodeAt(0));
		const dt = new DataTransfer();
		dt.items.add(new File([bytes], "dropped.rogue"));
		document.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
		return true; })()`)
	waitFor(t, ctx, `!!document.getElementById("import-replay")`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("import-replay"))))
	waitFor(t, ctx, `/Replay +Turn/.test(rogue.term.text.join("\n"))`)
	press(t, ctx, " ", "End")
	waitFor(t, ctx, `/Turn 39 of 39/.test(rogue.term.text.join("\n"))`)
}

func TestAGamePlayedInThePageReplaysFromTheMainMenu(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	newGame(t, ctx)
	playTo(t, ctx, 4)
	n := turn(t, screenText(t, ctx))
	press(t, ctx, "Q", "y")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("Replay a journal")`)
	press(t, ctx, "r")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("seed-")`)
	press(t, ctx, "Enter")
	waitFor(t, ctx, `/Replay +Turn/.test(rogue.term.text.join("\n"))`)
	press(t, ctx, " ", "End")
	waitFor(t, ctx, `/Turn `+itoa(n)+` of `+itoa(n)+`/.test(rogue.term.text.join("\n"))`)
	screenshot(t, ctx, "menu-replay")
}

func TestAnImportedJournalIsContinuedInTheBrowserAndStillVerifies(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	golden, err := filepath.Abs("../golden/testdata/short.rogue")
	require.NoError(t, err)
	importFile(t, ctx, golden)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("import-continue"))))
	waitFor(t, ctx, `/Turn 39 /.test(rogue.term.text.join("\n"))`)
	assert.Contains(t, screenText(t, ctx), "Welcome back")
	press(t, ctx, "5", "5")
	waitFor(t, ctx, `/Turn 41 /.test(rogue.term.text.join("\n"))`)

	name, b := exported(t, ctx)
	assert.Equal(t, "short.rogue", name)
	original, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, original, b[:len(original)], "the imported bytes are kept as they were, the new turns after them")
	out, err := rogue(t, "verify", writeTemp(t, name, b))
	require.NoError(t, err, out)
	assert.Contains(t, out, "verified 42 turns")
}

// Enter, which the game uses, does not click again the overlay's button
// that started a replay: once the overlay closes, the keys are the
// game's.
func TestEnterInAnImportedReplayDoesNotStartItAgain(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	replayGolden(t, ctx, "short.rogue")
	assert.Equal(t, "screen", eval[string](t, ctx, `document.activeElement.id`), "the game's canvas has the focus")
	press(t, ctx, " ", "End")
	waitFor(t, ctx, `/Turn 39 of 39/.test(rogue.term.text.join("\n"))`)
	press(t, ctx, "Enter")
	assert.Contains(t, screenText(t, ctx), "Turn 39 of 39", "the replay goes on where it was")
}
