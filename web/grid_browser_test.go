//go:build !js

package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/reducer/dungeon"
	"rogue/view"
)

// The grid fills the window at any size: the font as large as gives
// the 80x24 the view is laid out for, past 16 px on a large window,
// never under 12 px on a small one, where the grid has fewer columns
// (down to 40) rather than a smaller font; the canvas is centred in the
// space it has.
func TestTheGridFillsTheWindowWithTheLargestFontThatFits(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	newGame(t, ctx)
	for _, c := range []struct {
		w, h   int64
		bigger bool // the font is larger than 16 px
	}{
		{1920, 1080, true},
		{1280, 800, true},
		{800, 600, false},
		{400, 300, false},
		{1000, 640, true},
	} {
		fits := eval[int](t, ctx, `rogue.term.fits`)
		require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(c.w, c.h)))
		waitFor(t, ctx, `rogue.term.fits > `+itoa(fits)+` && rogue.term.fw === rogue.term.cols && rogue.term.fh === rogue.term.rows`)
		g := eval[map[string]float64](t, ctx, `(() => {
			const t = rogue.term, m = document.querySelector("main").getBoundingClientRect(), r = t.canvas.getBoundingClientRect();
			return { px: t.px, cols: t.cols, rows: t.rows, cw: t.cw, ch: t.ch, mw: m.width, mh: m.height,
				left: r.left - m.left, right: m.right - r.right, top: r.top - m.top, bottom: m.bottom - r.bottom, width: r.width, height: r.height }; })()`)
		what := fmt.Sprintf("%dx%d: %v", c.w, c.h, g)
		if g["px"] > 12 {
			assert.GreaterOrEqual(t, g["cols"], 80.0, "80 columns while the font can be 12 px or more: "+what)
		} else {
			assert.GreaterOrEqual(t, g["cols"], 40.0, "the view's smallest width: "+what)
		}
		assert.GreaterOrEqual(t, g["rows"], 24.0, what)
		assert.GreaterOrEqual(t, g["px"], 12.0, what)
		assert.Equal(t, c.bigger, g["px"] > 16, what)
		assert.LessOrEqual(t, g["width"], g["mw"]+0.5, "the grid is never wider than the window: "+what)
		assert.LessOrEqual(t, g["height"], g["mh"]+0.5, "nor taller: "+what)
		if g["width"] >= g["cols"]*g["cw"]-0.5 { // not scaled down: it fills
			assert.Less(t, g["mw"]-g["width"], g["cw"], "no column more fits: "+what)
			assert.Less(t, g["mh"]-g["height"], g["ch"], "no row more fits: "+what)
		}
		assert.InDelta(t, g["left"], g["right"], 1, "centred: "+what)
		assert.InDelta(t, g["top"], g["bottom"], 1, "centred: "+what)
		settle(t, ctx)
		assert.Regexp(t, `\bT(urn)? 0 `, screenText(t, ctx), "the game is redrawn at %v (T on a narrow grid)", what)
		screenshot(t, ctx, fmt.Sprintf("grid-%dx%d", c.w, c.h))
	}
}

// TestDimIsDrawnDimmerThanTheSameColourLit compares the ink of a
// remembered wall with a lit one, averaged over the cells: remembered
// terrain is drawn in its own dark colour (see view/palette.go), as a
// terminal draws it.
func TestDimIsDrawnDimmerThanTheSameColourLit(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	replayGolden(t, ctx, "deep.rogue")
	press(t, ctx, " ", "g", "4", "0", "0", "Enter")
	waitFor(t, ctx, `/Turn 400 of/.test(rogue.term.text.join("\n"))`)
	// The wall's colors: lit (at any light) and remembered.
	var lit []string
	for l := range view.LightLevels {
		lit = append(lit, fmt.Sprint(view.TileStyle(dungeon.Wall, l).Fg))
	}
	kind := fmt.Sprintf(`const kind = (st) => { const fg = st & 0xff; return fg === %d ? 1 : [%s].includes(fg) ? 0 : -1; };`,
		view.TileStyle(dungeon.Wall, view.Remembered).Fg, strings.Join(lit, ","))
	waitFor(t, ctx, `(() => {
		`+kind+`
		const u = new Uint32Array(rogue.term.prev.buffer);
		let dim = false, lit = false;
		for (let i = 0; i < u.length; i += 2) if (u[i] === 35) { if (kind(u[i+1]) === 1) dim = true; else if (kind(u[i+1]) === 0) lit = true; }
		return dim && lit; })()`)
	bright := eval[[]float64](t, ctx, `(() => {
		`+kind+`
		const t = rogue.term, u = new Uint32Array(t.prev.buffer), w = t.fw;
		const ctx = t.canvas.getContext("2d"), ink = [0, 0], n = [0, 0];
		for (let i = 0; i < u.length; i += 2) {
			if (u[i] !== 35 || kind(u[i+1]) < 0) continue;
			const dim = kind(u[i+1]), x = (i / 2) % w, y = Math.floor(i / 2 / w);
			const d = ctx.getImageData(x * t.cw * t.dpr, y * t.ch * t.dpr, t.cw * t.dpr, t.ch * t.dpr).data;
			for (let j = 0; j < d.length; j += 4) ink[dim] += d[j] + d[j+1] + d[j+2];
			n[dim]++;
		}
		return [ink[0] / n[0], ink[1] / n[1]]; })()`)
	assert.Greater(t, bright[0], 1.6*bright[1], "lit %v, dim %v", bright[0], bright[1])
	assert.Greater(t, bright[1], 0.0, "dim is still drawn")
}

// Box lines are drawn as lines: the ink of a │ reaches the top and the
// bottom pixel rows of its cell, so that the lines of two rows meet with
// no gap, as a font's glyph leaves one.
func TestBoxLinesMeetFromRowToRow(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	newGame(t, ctx)
	press(t, ctx, "?")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("│")`)
	waitFor(t, ctx, `!rogue.term.pending`)
	gaps := eval[[]string](t, ctx, `(() => {
		const t = rogue.term, ctx = t.canvas.getContext("2d"), gaps = [];
		t.text.forEach((row, y) => {
			const x = Array.from(row).indexOf("│");
			if (x < 0) return;
			// The brightest pixel across the cell, on its top and bottom rows.
			for (const py of [y * t.ch, (y + 1) * t.ch - 1]) {
				const d = ctx.getImageData(Math.floor(x * t.cw * t.dpr), Math.floor(py * t.dpr), Math.ceil(t.cw * t.dpr), 1).data;
				let ink = 0;
				for (let i = 0; i < d.length; i += 4) ink = Math.max(ink, d[i] + d[i + 1] + d[i + 2]);
				if (ink < 150) gaps.push("row " + y + " pixel row " + py);
			}
		});
		return gaps; })()`)
	assert.Empty(t, gaps)
}
