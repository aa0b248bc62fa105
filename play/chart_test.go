package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/reducer/content"
	"rogue/replay"
	"rogue/view"
)

// chartOf is the HP chart in text, the lines from the one after heading
// on, as many as the chart has, each without the indent before its axis.
func chartOf(t *testing.T, text, heading string) []string {
	t.Helper()
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.Contains(l, heading) {
			require.Greater(t, len(lines), i+view.ChartHeight, "the chart fits")
			out := lines[i+1 : i+1+view.ChartHeight]
			for j := range out {
				out[j] = strings.TrimRight(strings.TrimPrefix(out[j], "  "), " ")
			}
			return out
		}
	}
	t.Fatalf("no %q in\n%s", heading, text)
	return nil
}

// One game's HP chart is one picture on the game over screen, in the
// morgue and on the replay's last screen, and its last column shows the
// fall to 0.
func TestTheHPChartIsTheSameOnTheDeathScreenTheMorgueAndTheReplay(t *testing.T) {
	t.Parallel()
	p := testPlayer(newDeadlySession(t, t.TempDir()))
	botPlays(p, 500)
	require.True(t, p.sess.g.State.Over, "seed 7 dies under the bot")
	path := p.sess.path
	_, err := p.finish()
	require.NoError(t, err)
	p.m.Resize(80, 24)
	death := chartOf(t, screenText(p.m), "HP over the game")

	morgue, _, err := MorgueFile(path, "v")
	require.NoError(t, err)
	assert.Equal(t, death, chartOf(t, morgue, "HP over the game"), "the morgue's")

	f, err := replay.Open(path, content.Default())
	require.NoError(t, err)
	defer f.Close()
	frame, err := f.At(f.Total())
	require.NoError(t, err)
	v := view.NewReplayView(view.NewReplayControl(f.Total(), f.Total(), true))
	v.Resize(80, 24)
	v.Show(frame)
	c := view.NewTextCanvas(80, 24)
	view.DrawReplay(c, v)
	assert.Equal(t, death, chartOf(t, c.String(), "HP over the game"), "the replay's")

	bottom, axis := []rune(death[len(death)-3]), []rune(death[len(death)-2]) // the lowest row of bars, the axis
	assert.Less(t, len(bottom), len(axis), "the last column is the death, at 0: no bar\n%s", strings.Join(death, "\n"))
}
