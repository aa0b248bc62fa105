//go:build !js

package web

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// After Q, the page's line says the game is saved, in words, and the
// grid makes room for it; the next key (Continue) takes it away, and
// after a death and a second Q only the last game's line is said.
func TestTheSavedLineMakesRoomAndGoesAtTheNextKey(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(800, 600)))
	newGame(t, ctx)
	playTo(t, ctx, 2)
	n := turn(t, screenText(t, ctx))
	press(t, ctx, "Q")
	waitFor(t, ctx, `document.getElementById("line").textContent !== "" && rogue.term.text.join("\n").includes("Continue")`)
	assert.Equal(t, "The game is saved at turn "+itoa(n)+": Continue on the menu plays on from there.", line(t, ctx))
	inWindow := `(() => { const r = rogue.term.canvas.getBoundingClientRect(); return r.bottom <= innerHeight && rogue.term.fh === rogue.term.rows; })()`
	waitFor(t, ctx, inWindow)
	press(t, ctx, "c")
	waitFor(t, ctx, `/Turn `+itoa(n)+` /.test(rogue.term.text.join("\n"))`)
	assert.Empty(t, line(t, ctx), "the line went with the key")
	waitFor(t, ctx, inWindow)

	// Die in a game taken over, go back to the menu, play a new game and
	// quit it: one line, the last game's.
	press(t, ctx, "Q")
	takeOver(t, ctx, "slain.rogue", "171")
	press(t, ctx, "j")
	shows(t, ctx, "You died.", "")
	press(t, ctx, "Enter")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("New game")`)
	press(t, ctx, "c")
	waitFor(t, ctx, `/Turn `+itoa(n)+` /.test(rogue.term.text.join("\n"))`)
	press(t, ctx, "Q")
	waitFor(t, ctx, `document.getElementById("line").textContent !== ""`)
	assert.Equal(t, "The game is saved at turn "+itoa(n)+": Continue on the menu plays on from there.", line(t, ctx))
}

// Playing an import on, when this browser has an unfinished game, asks
// first, as n on the menu does; no answers leaves both as they were.
func TestPlayingAnImportOnAsksBeforeSettingTheUnfinishedGameAside(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	newGame(t, ctx)
	playTo(t, ctx, 1)
	press(t, ctx, "Q")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("Continue")`)
	golden, err := filepath.Abs("../golden/testdata/short.rogue")
	require.NoError(t, err)
	importFile(t, ctx, golden)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("import-continue"))))
	waitFor(t, ctx, `!!document.getElementById("import-aside")`)
	assert.Contains(t, eval[string](t, ctx, `document.querySelector("#overlay h2").textContent`), "Set the unfinished game aside")
	press(t, ctx, "Escape")
	assert.False(t, eval[bool](t, ctx, `rogueFS.exists("/data/rogue/short.rogue")`), "nothing was kept")
	assert.Contains(t, screenText(t, ctx), "Continue", "the menu still offers the unfinished game")

	importFile(t, ctx, golden)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("import-continue"))))
	waitFor(t, ctx, `!!document.getElementById("import-aside")`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("import-aside"))))
	waitFor(t, ctx, `/Turn 39 /.test(rogue.term.text.join("\n"))`)
}

// q on the main menu closes rogue: nothing drawn, a line that says how
// to come back, and the next key opens the menu again (here n: a new
// game).
func TestQuitOnTheMenuClosesTheGameUntilTheNextKey(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	press(t, ctx, "q")
	waitFor(t, ctx, `document.getElementById("line").textContent.startsWith("rogue is closed")`)
	assert.Empty(t, eval[[]string](t, ctx, `rogue.term.text`), "nothing is drawn")
	newGame(t, ctx)
	assert.Empty(t, line(t, ctx))
}

// A followed game that ends is no longer followed: its bar says it
// reached the end, not that it follows the newest turn.
func TestAFollowedGameThatEndsIsNoLongerFollowed(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	s.serveJournals(t)
	b, err := os.ReadFile("../golden/testdata/slain.rogue")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(s.journals, "slain.rogue"), b, 0o644))
	ctx := tab(t, s.URL+"/?follow=/journals/slain.rogue")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("the end")`)
	assert.NotContains(t, screenText(t, ctx), "following")
}
