//go:build !js

package web

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAFollowedJournalShowsEachNewTurnAsItComes follows a journal
// that grows as a game being played writes it (a bot game's bytes,
// appended in pieces that cut records in two), through the Range
// requests of the real rogue serve.
func TestAFollowedJournalShowsEachNewTurnAsItComes(t *testing.T) {
	s := newSite(t)
	s.serveJournals(t)
	whole := filepath.Join(t.TempDir(), "bot.rogue")
	out, err := rogue(t, "bot", "--seed", "5", "--turns", "400", "--out", whole)
	require.NoError(t, err, out)
	b, err := os.ReadFile(whole)
	require.NoError(t, err)
	last := lastTurnOnScreen(t, whole)

	served := filepath.Join(s.journals, "live.rogue")
	half := len(b) / 2
	require.NoError(t, os.WriteFile(served, b[:half], 0o644))
	ctx := tab(t, s.URL+"/?follow=/journals/live.rogue")
	waitFor(t, ctx, `/Turn \d+ /.test(rogue.term.text.join("\n"))`)
	first := turn(t, screenText(t, ctx))
	require.Less(t, first, last)

	// The rest comes in pieces of 37 bytes, as a writer cut short at
	// any byte would leave it; the page polls at least every 500 ms.
	f, err := os.OpenFile(served, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	defer f.Close()
	seen := map[int]bool{}
	for off := half; off < len(b); off += 37 {
		_, err := f.Write(b[off:min(off+37, len(b))])
		require.NoError(t, err)
		time.Sleep(40 * time.Millisecond)
		seen[turn(t, screenText(t, ctx))] = true
	}
	start := time.Now()
	waitFor(t, ctx, `/Turn `+strconv.Itoa(last)+` /.test(rogue.term.text.join("\n"))`)
	t.Logf("the last turn showed %v after its last byte was written", time.Since(start))
	assert.Greater(t, len(seen), 3, "the turns did not show as they came: %v", seen)
	assert.Empty(t, line(t, ctx), "a torn tail while following is no error")
	screenshot(t, ctx, "follow")
}

// lastTurnOnScreen is the turn the status line shows at the end of the
// journal at path, as rogue export --text draws it.
func lastTurnOnScreen(t *testing.T, path string) int {
	t.Helper()
	text, err := rogue(t, "export", "--text", "-", path)
	require.NoError(t, err, text)
	return turn(t, text)
}

func TestTheServersJournalsAreListedAndOneReplaysFromItsLink(t *testing.T) {
	s := newSite(t)
	s.serveJournals(t)
	golden, err := os.ReadFile("../golden/testdata/short.rogue")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(s.journals, "short.rogue"), golden, 0o644))
	ctx := tab(t, s.URL)
	waitFor(t, ctx, `!document.getElementById("served").hidden`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("served"))))
	waitFor(t, ctx, `document.querySelectorAll("#overlay a").length > 0`)
	assert.Contains(t, eval[string](t, ctx, `document.getElementById("overlay").textContent`), "short.rogue: replay (turn 40")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#overlay a"))))
	waitFor(t, ctx, `location.search.startsWith("?replay=") && window.rogue && rogue.term.text.join("\n").includes("Replay")`)
	press(t, ctx, " ", "End")
	waitFor(t, ctx, `/Turn 39 /.test(rogue.term.text.join("\n"))`)
	screenshot(t, ctx, "served-replay")
}
