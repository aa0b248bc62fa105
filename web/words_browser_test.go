//go:build !js

package web

import (
	"encoding/base64"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A journal whose last turn was cut short is said so once, on import,
// and its turns before it replay with nothing more said of it; the
// turns before a damage are exported as a new journal that verifies.
func TestATornImportIsSaidOnceAndADamagedOneExportsItsTurnsBefore(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	b, err := os.ReadFile("../golden/testdata/short.rogue")
	require.NoError(t, err)
	torn := writeTemp(t, "torn.rogue", b[:len(b)-3])
	importFile(t, ctx, torn)
	said := eval[string](t, ctx, `document.getElementById("import-said").textContent`)
	assert.Contains(t, said, "its last turn was cut short as it was written")
	eval[bool](t, ctx, `(document.getElementById("line").textContent = "", true)`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("import-replay"))))
	waitFor(t, ctx, `/Replay +Turn/.test(rogue.term.text.join("\n"))`)
	press(t, ctx, " ", "End", "q")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("New game")`)
	assert.Empty(t, line(t, ctx), "the torn end is not said again")

	flipped := append([]byte(nil), b...)
	flipped[len(b)/2] ^= 0x10
	importFile(t, ctx, writeTemp(t, "flipped.rogue", flipped))
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("import-salvage"))))
	waitFor(t, ctx, `!!document.getElementById("salvaged")`)
	name := eval[string](t, ctx, `document.getElementById("salvaged").download`)
	assert.Equal(t, "flipped-before-the-damage.rogue", name)
	got := eval[string](t, ctx, `fetch(document.getElementById("salvaged").href).then((r) => r.arrayBuffer()).then((a) => btoa(String.fromCharCode(...new Uint8Array(a))))`)
	salvaged := writeTemp(t, name, decode64(t, got))
	out, err := rogue(t, "verify", salvaged)
	require.NoError(t, err, out)
}

// A link to a journal the server does not have says so in one line.
func TestALinkToAJournalTheServerHasNotSaysSoInOneLine(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL+"/?replay=/journals/nope.rogue")
	waitFor(t, ctx, `document.getElementById("line").textContent !== ""`)
	assert.Equal(t, "The journal of this link, nope.rogue, could not be fetched: the server has no such journal.", line(t, ctx))
}

// The game over screen says where the death summary is in the page's
// words, and Save a journal lists it; the game's line names no file.
func TestTheDeathSummaryIsWhereThePageSaysAndSaveListsIt(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	takeOver(t, ctx, "slain.rogue", "171")
	press(t, ctx, "j")
	shows(t, ctx, "You died.", "")
	text := screenText(t, ctx)
	assert.Contains(t, strings.Join(strings.Fields(text), " "), "The death summary is in the list of Save a journal…, as")
	assert.NotContains(t, text, "/data/")
	files := eval[[]string](t, ctx, `rogue.exportList().map((f) => f.name)`)
	var summaries []string
	for _, f := range files {
		if strings.HasSuffix(f, "-death.txt") {
			summaries = append(summaries, f)
		}
	}
	assert.Len(t, summaries, 1, "%v", files)
	press(t, ctx, "Enter")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("New game")`)
	assert.Regexp(t, `^You died at turn \d+: slain by .+\. Save a journal… has the game and its summary\.$`, line(t, ctx))
}

func decode64(t testing.TB, s string) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(s)
	require.NoError(t, err)
	return b
}

// The page names no shell command: the help says what Q does in the
// page, New game over an unfinished game asks in the page's words, and
// on a first visit r and h say why there is nothing to replay or rank.
func TestThePageNamesNoShellCommandAndTheMenuAnswersEveryLetter(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("New game")`)
	for _, k := range []string{"r", "h"} {
		press(t, ctx, k)
		waitFor(t, ctx, `rogue.term.text.join(" ").replace(/\s+/g, " ").includes("No game has been played here yet")`)
		press(t, ctx, "j") // any other key clears it
		waitFor(t, ctx, `!rogue.term.text.join(" ").replace(/\s+/g, " ").includes("No game has been played here yet")`)
	}
	newGame(t, ctx)
	press(t, ctx, "?")
	help := strings.Join(strings.Fields(screenText(t, ctx)), " ")
	assert.Contains(t, help, "save and go to the menu: Continue plays on")
	assert.NotContains(t, help, "rogue continues")
	press(t, ctx, "Escape", ".", "Q", "y")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("Continue")`)
	press(t, ctx, "n")
	asked := strings.Join(strings.Fields(screenText(t, ctx)), " ")
	assert.Contains(t, asked, "It stays in this browser")
	assert.NotContains(t, asked, "--journal")
	assert.NotContains(t, asked, "rogue play")
}
