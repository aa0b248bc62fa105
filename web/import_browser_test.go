//go:build !js

package web

import (
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
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
	waitFor(t, ctx, `!document.getElementById("overlay").hidden && !!document.getElementById("import-replay")`)
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

func TestAHostileImportIsRefusedAsTheTerminalRefusesItAndNothingIsKept(t *testing.T) {
	s := newSite(t)
	ctx := tab(t, s.URL)
	for name, path := range damage(t, t.TempDir()) {
		// rogue replay needs a terminal to show the turns before the
		// damage; rogue verify refuses a damaged journal in the same words.
		for _, c := range []struct{ button, command string }{
			{"import-replay", "verify"},
			{"import-continue", "play"},
		} {
			args := []string{c.command, path}
			if c.command == "play" {
				args = []string{"play", "--journal", path}
			}
			out, err := rogue(t, args...)
			require.Error(t, err, "rogue %s %s: %s", c.command, name, out)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			want := strings.TrimPrefix(lines[len(lines)-1], "rogue "+c.command+": ")
			want = strings.ReplaceAll(want, path, "/tmp/import/"+name)

			importFile(t, ctx, path)
			eval[bool](t, ctx, `(document.getElementById("line").textContent = "", true)`)
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID(c.button))))
			// A journal damaged after some turns replays up to the damage,
			// as in the terminal, and says why once the replay is left.
			waitFor(t, ctx, `document.getElementById("line").textContent !== "" || rogue.term.text.join("\n").includes("DAMAGED")`)
			if line(t, ctx) == "" {
				press(t, ctx, "q")
				waitFor(t, ctx, `document.getElementById("line").textContent !== ""`)
			}
			got := line(t, ctx)
			if c.command == "play" {
				want = name + ": " + want // the page says which import
			}
			assert.Equal(t, want, got, "%s, %s", name, c.button)
			require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("file"), []string{})))
		}
	}
	assert.Empty(t, eval[[]any](t, ctx, `rogueFS.list("/data/rogue")`), "nothing refused is kept")
	assert.Empty(t, eval[[]string](t, ctx, `new Promise((ok) => { const r = indexedDB.open("rogue"); r.onsuccess = () => {
		const q = r.result.transaction("nodes").objectStore("nodes").getAllKeys(); q.onsuccess = () => ok(q.result.filter((k) => k.endsWith(".rogue"))); }; })`), "nothing refused is stored")
	screenshot(t, ctx, "refused")
}

func TestAJournalDroppedOnThePageReplays(t *testing.T) {
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
	s := newSite(t)
	ctx := tab(t, s.URL)
	replayGolden(t, ctx, "short.rogue")
	assert.Equal(t, "screen", eval[string](t, ctx, `document.activeElement.id`), "the game's canvas has the focus")
	press(t, ctx, " ", "End")
	waitFor(t, ctx, `/Turn 39 of 39/.test(rogue.term.text.join("\n"))`)
	press(t, ctx, "Enter")
	assert.Contains(t, screenText(t, ctx), "Turn 39 of 39", "the replay goes on where it was")
}
