//go:build !js

package web

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/journal"
)

// TestAFollowedJournalShowsEachNewTurnAsItComes follows a journal
// that grows as a game being played writes it (a bot game's bytes,
// appended in pieces that cut records in two), through the Range
// requests of the real rogue serve.
func TestAFollowedJournalShowsEachNewTurnAsItComes(t *testing.T) {
	t.Parallel()
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

	// The screen shows the last turn whose record is whole in what was
	// written: the page showed it for the first half.
	ends := turnEnds(t, b)
	shownAfter := func(n int) int {
		k := 0
		for k < len(ends) && ends[k] <= n {
			k++
		}
		return k - 1
	}
	waitFor(t, ctx, `/Turn `+strconv.Itoa(shownAfter(half))+` /.test(rogue.term.text.join("\n"))`)

	// The rest comes in pieces of 37 bytes, as a writer cut short at
	// any byte would leave it; the page polls at least every 500 ms.
	// At five moments along the way, with a record cut in two as often
	// as not, the page is waited for until it shows the last whole turn.
	f, err := os.OpenFile(served, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	defer f.Close()
	pieces := (len(b) - half + 36) / 37
	step := max(1, pieces/6)
	var seen []int
	for i := range pieces {
		off := half + 37*i
		end := min(off+37, len(b))
		_, err := f.Write(b[off:end])
		require.NoError(t, err)
		if (i+1)%step == 0 && len(seen) < 5 && end < len(b) {
			want := shownAfter(end)
			waitFor(t, ctx, `/Turn `+strconv.Itoa(want)+` /.test(rogue.term.text.join("\n"))`)
			seen = append(seen, want)
		}
	}
	start := time.Now()
	waitFor(t, ctx, `/Turn `+strconv.Itoa(last)+` /.test(rogue.term.text.join("\n"))`)
	t.Logf("the last turn showed %v after its last byte was written; on the way, turns %v", time.Since(start), seen)
	assert.Len(t, seen, 5)
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
	t.Parallel()
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

// turnEnds is where each turn's record ends in the journal b (its
// header's record aside), by its framing: a uvarint length, 4 bytes of
// checksum, the payload.
func turnEnds(t *testing.T, b []byte) []int {
	t.Helper()
	var ends []int
	for off := len(journal.Magic); off < len(b); {
		n, k := binary.Uvarint(b[off:])
		require.Positive(t, k)
		off += k + 4 + int(n)
		ends = append(ends, off)
	}
	require.Equal(t, len(b), ends[len(ends)-1])
	return ends[1:]
}
