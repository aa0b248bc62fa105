//go:build !js

package web

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheGridGrowsWithTheWindowAndIsNeverSmallerThan80x24(t *testing.T) {
	s := newSite(t)
	ctx := tab(t, s.URL)
	newGame(t, ctx)
	for _, c := range []struct {
		w, h  int64
		small bool
	}{
		{1600, 1000, false},
		{400, 300, true},
		{1000, 640, false},
	} {
		fits := eval[int](t, ctx, `rogue.term.fits`)
		require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(c.w, c.h)))
		waitFor(t, ctx, `rogue.term.fits > `+itoa(fits)+` && rogue.term.fw === rogue.term.cols && rogue.term.fh === rogue.term.rows`)
		cols, rows := eval[int](t, ctx, `rogue.term.cols`), eval[int](t, ctx, `rogue.term.rows`)
		if c.small {
			assert.GreaterOrEqual(t, cols, 80)
			assert.GreaterOrEqual(t, rows, 24)
			assert.Less(t, eval[int](t, ctx, `rogue.term.px`), 16, "a small window has a smaller font")
		} else {
			assert.Greater(t, cols, 100, "%dx%d", c.w, c.h)
			assert.Greater(t, rows, 24, "%dx%d", c.w, c.h)
		}
		settle(t, ctx)
		assert.Contains(t, screenText(t, ctx), "Turn 0 ", "the game is redrawn at %dx%d", cols, rows)
	}
	screenshot(t, ctx, "resized")
}

// TestDimIsDrawnDimmerThanTheSameColourLit compares the ink of a
// remembered (dim) wall with a lit one, averaged over the cells: dim
// halves the colour towards the background, as a terminal draws it. A
// golden journal's replay at turn 400 shows both, whatever seed a new
// game of the page would draw.
func TestDimIsDrawnDimmerThanTheSameColourLit(t *testing.T) {
	s := newSite(t)
	ctx := tab(t, s.URL)
	replayGolden(t, ctx, "deep.rogue")
	press(t, ctx, " ", "g", "4", "0", "0", "Enter")
	waitFor(t, ctx, `/Turn 400 of/.test(rogue.term.text.join("\n"))`)
	waitFor(t, ctx, `(() => {
		const u = new Uint32Array(rogue.term.prev.buffer);
		let dim = false, lit = false;
		for (let i = 0; i < u.length; i += 2) if (u[i] === 35) { if ((u[i+1] >> 16) & 2) dim = true; else lit = true; }
		return dim && lit; })()`)
	bright := eval[[]float64](t, ctx, `(() => {
		const t = rogue.term, u = new Uint32Array(t.prev.buffer), w = t.fw;
		const ctx = t.canvas.getContext("2d"), ink = [0, 0], n = [0, 0];
		for (let i = 0; i < u.length; i += 2) {
			if (u[i] !== 35) continue;
			const dim = (u[i+1] >> 16) & 2 ? 1 : 0, x = (i / 2) % w, y = Math.floor(i / 2 / w);
			const d = ctx.getImageData(x * t.cw * t.dpr, y * t.ch * t.dpr, t.cw * t.dpr, t.ch * t.dpr).data;
			for (let j = 0; j < d.length; j += 4) ink[dim] += d[j] + d[j+1] + d[j+2];
			n[dim]++;
		}
		return [ink[0] / n[0], ink[1] / n[1]]; })()`)
	assert.Greater(t, bright[0], 1.6*bright[1], "lit %v, dim %v", bright[0], bright[1])
	assert.Greater(t, bright[1], 0.0, "dim is still drawn")
}
