//go:build !js

package web

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/view"
)

// pagePalette is the page's colors as the program sent them, 3 numbers
// each (the first, the default, left out by the page).
func pagePalette(t testing.TB, ctx context.Context) []float64 {
	t.Helper()
	return eval[[]float64](t, ctx, `rogue.term.palette.slice(1).flat()`)
}

// wantPalette is p's table as the page keeps it.
func wantPalette(p view.Palette) []float64 {
	var want []float64
	for _, b := range p.Table()[3:] {
		want = append(want, float64(b))
	}
	return want
}

// The page paints in the palette the view's p chose, the same RGB the
// terminal shows, and keeps the choice across reloads.
func TestThePagePaintsInThePaletteChosenAndKeepsIt(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL+"/?seed="+screensSeed)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)))
	settle(t, ctx)
	assert.Equal(t, wantPalette(view.PaletteDefault), pagePalette(t, ctx))
	newGame(t, ctx)
	playTo(t, ctx, 6)
	screenshot(t, ctx, "palette-default")

	press(t, ctx, "Q")
	waitFor(t, ctx, `/Colours/.test(rogue.term.text.join("\n"))`)
	press(t, ctx, "p")
	waitFor(t, ctx, `rogue.palette === "colour-blind"`)
	assert.Contains(t, screenText(t, ctx), "Colours            colour-blind")
	assert.Equal(t, wantPalette(view.PaletteColourBlind), pagePalette(t, ctx))

	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	waitFor(t, ctx, "rogue.term && rogue.term.paints > 0")
	settle(t, ctx)
	assert.Equal(t, "colour-blind", eval[string](t, ctx, `rogue.palette`), "kept across the reload")
	assert.Contains(t, screenText(t, ctx), "Colours            colour-blind")
	assert.Equal(t, wantPalette(view.PaletteColourBlind), pagePalette(t, ctx))
	press(t, ctx, "c")
	waitFor(t, ctx, `/Turn \d+ /.test(rogue.term.text.join("\n"))`)
	settle(t, ctx)
	screenshot(t, ctx, fmt.Sprintf("palette-%s", view.PaletteColourBlind))
}
