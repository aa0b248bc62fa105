//go:build !js

package web

import (
	"context"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var replayBar = regexp.MustCompile(`Replay +Turn (\d+) of (\d+)`)

// replayTurn is the turn the replay bar shows.
func replayTurn(t testing.TB, ctx context.Context) int {
	t.Helper()
	m := replayBar.FindStringSubmatch(screenText(t, ctx))
	require.NotNil(t, m, "no replay bar:\n%s", screenText(t, ctx))
	n, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	return n
}

var depthOnScreen = regexp.MustCompile(`Depth (\d+)`)

func depth(t testing.TB, ctx context.Context) int {
	t.Helper()
	m := depthOnScreen.FindStringSubmatch(screenText(t, ctx))
	require.NotNil(t, m)
	n, _ := strconv.Atoi(m[1])
	return n
}

func TestAReplayInThePageAnswersEveryKeyOfTheTerminalsReplay(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	replayGolden(t, ctx, "deep.rogue")

	press(t, ctx, " ")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("paused")`)
	at := replayTurn(t, ctx)
	press(t, ctx, ".", ".")
	waitFor(t, ctx, `/Turn `+itoa(at+2)+` of/.test(rogue.term.text.join("\n"))`)
	press(t, ctx, ",")
	waitFor(t, ctx, `/Turn `+itoa(at+1)+` of/.test(rogue.term.text.join("\n"))`)
	press(t, ctx, "ArrowRight")
	waitFor(t, ctx, `/Turn `+itoa(at+2)+` of/.test(rogue.term.text.join("\n"))`)

	press(t, ctx, "g", "3", "0", "0", "Enter")
	waitFor(t, ctx, `/Turn 300 of/.test(rogue.term.text.join("\n"))`)
	d := depth(t, ctx)
	press(t, ctx, ">")
	waitFor(t, ctx, `/Depth `+itoa(d+1)+` /.test(rogue.term.text.join("\n"))`)
	press(t, ctx, "<")
	waitFor(t, ctx, `/Depth `+itoa(d)+` /.test(rogue.term.text.join("\n"))`)
	press(t, ctx, "]")
	before := replayTurn(t, ctx)
	press(t, ctx, "[")
	waitFor(t, ctx, `!/Turn `+itoa(before)+` of/.test(rogue.term.text.join("\n"))`)

	press(t, ctx, "Home")
	waitFor(t, ctx, `/Turn 0 of/.test(rogue.term.text.join("\n"))`)
	press(t, ctx, "End")
	waitFor(t, ctx, `/Turn 806 of/.test(rogue.term.text.join("\n"))`)
	press(t, ctx, "g", "4", "0", "0", "Enter")
	waitFor(t, ctx, `/Turn 400 of/.test(rogue.term.text.join("\n"))`)

	for _, k := range []struct{ key, shows string }{
		{"i", "Inventory"}, {"c", "Character"}, {"x", "Esc: done"}, {"?", "Replay keys"},
	} {
		press(t, ctx, k.key)
		waitFor(t, ctx, `rogue.term.text.join("\n").includes("`+k.shows+`")`)
		if k.key == "i" {
			screenshot(t, ctx, "replay-inventory")
		}
		press(t, ctx, "Escape")
	}
	press(t, ctx, "+", "+")
	waitFor(t, ctx, `/paused, \d+ turns\/s/.test(rogue.term.text.join("\n"))`)
	speed := regexp.MustCompile(`(\d+) turns/s`).FindStringSubmatch(screenText(t, ctx))
	press(t, ctx, "-")
	waitFor(t, ctx, `!rogue.term.text.join("\n").includes("`+speed[0]+`")`)

	// Taking over plays on from turn 400 in a new journal of this
	// browser, which the export lists.
	press(t, ctx, "t")
	t0 := time.Now()
	waitFor(t, ctx, `!/Replay +Turn/.test(rogue.term.text.join("\n")) && /Turn \d+ /.test(rogue.term.text.join("\n"))`)
	t.Logf("took over in %v", time.Since(t0))
	screenshot(t, ctx, "taken-over")
	assert.Equal(t, 1, eval[int](t, ctx, `rogueFS.list("/data/rogue").filter((f) => f.name.endsWith(".rogue")).length`))
	press(t, ctx, "5")
	name, b := exported(t, ctx)
	out, err := rogue(t, "verify", writeTemp(t, name, b))
	require.NoError(t, err, out)
	assert.Contains(t, out, "taken over")
}
