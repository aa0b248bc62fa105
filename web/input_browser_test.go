//go:build !js

package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cellOf is the column and row of the first r on the page's grid.
func cellOf(t testing.TB, ctx context.Context, r string) (int, int) {
	t.Helper()
	for y, row := range strings.Split(screenText(t, ctx), "\n") {
		if x := strings.Index(row, r); x >= 0 {
			return len([]rune(row[:x])), y
		}
	}
	require.Failf(t, "not on the screen", "%q:\n%s", r, screenText(t, ctx))
	return 0, 0
}

// cellCentre is the point of the window (CSS pixels) at the middle of
// cell (x, y) of the canvas, as the player sees it.
func cellCentre(t testing.TB, ctx context.Context, x, y int) (float64, float64) {
	t.Helper()
	p := eval[[]float64](t, ctx, fmt.Sprintf(`(() => {
		const t = rogue.term, r = t.canvas.getBoundingClientRect();
		const w = r.width / t.cols, h = r.height / t.rows;
		return [r.left + (%d + 0.5) * w, r.top + (%d + 0.5) * h]; })()`, x, y))
	return p[0], p[1]
}

// mouse sends the browser one mouse event at (x, y) and waits for the
// game to have handled it.
func mouse(t testing.TB, ctx context.Context, typ input.DispatchMouseEventType, x, y float64, button input.MouseButton, buttons int64) {
	t.Helper()
	p := input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: button, Buttons: buttons}
	if typ != input.DispatchMouseEventTypeMouseMoved {
		p.ClickCount = 1
	}
	require.NoError(t, chromedp.Do(ctx, dispatch(input.DispatchMouseEvent, p)))
	settle(t, ctx)
}

// dispatch is the protocol command c with params p, as an action.
func dispatch[P any](c cdp.Command[P, cdp.Empty], p P) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, c, p)
		return err
	})
}

// Each mouse event on the canvas reaches the game as tcell's mouse event
// on the cell under the pointer: a press with its button, the release
// with none, a move to another cell with none held (hovering).
func TestTheMouseOnTheCanvasReachesTheGameOnTheCellUnderIt(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	newGame(t, ctx)
	x, y := cellOf(t, ctx, "@")
	px, py := cellCentre(t, ctx, x, y)
	at := func(x, y, b int) string { return fmt.Sprintf("%d,%d,%d", x, y, b) }
	for _, c := range []struct {
		what    string
		typ     input.DispatchMouseEventType
		dx, dy  int
		button  input.MouseButton
		buttons int64
		want    string
	}{
		{"a left press", input.DispatchMouseEventTypeMousePressed, 0, 0, input.MouseButtonLeft, 1, at(x, y, 1)},
		{"its release", input.DispatchMouseEventTypeMouseReleased, 0, 0, input.MouseButtonLeft, 0, at(x, y, 0)},
		{"a move to the next cell", input.DispatchMouseEventTypeMouseMoved, 1, 0, input.MouseButtonNone, 0, at(x+1, y, 0)},
		{"a right press", input.DispatchMouseEventTypeMousePressed, 1, 0, input.MouseButtonRight, 2, at(x+1, y, 2)},
		{"its release", input.DispatchMouseEventTypeMouseReleased, 1, 0, input.MouseButtonRight, 0, at(x+1, y, 0)},
	} {
		cx, cy := cellCentre(t, ctx, x+c.dx, y+c.dy)
		mouse(t, ctx, c.typ, cx, cy, c.button, c.buttons)
		assert.Equal(t, c.want, eval[string](t, ctx, `rogue.lastMouse`), c.what)
	}
	assert.Equal(t, []float64{px, py}, func() []float64 { a, b := cellCentre(t, ctx, x, y); return []float64{a, b} }(),
		"the grid did not move")
	assert.Equal(t, false, eval[bool](t, ctx, `document.getElementById("pad").checkVisibility()`), "a wide window with a mouse has no pad")
}

// phone makes the tab a phone of 390x844 CSS pixels with a touch screen,
// as Chromium's mobile emulation does.
func phone(t testing.TB, ctx context.Context) {
	t.Helper()
	fits := eval[int](t, ctx, `rogue.term.fits`)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch)))
	waitFor(t, ctx, `innerWidth === 390 && document.getElementById("pad").checkVisibility() && rogue.term.fits > `+itoa(fits)+
		` && rogue.term.fw === rogue.term.cols && rogue.term.fh === rogue.term.rows`)
}

// tap touches the screen at (x, y) and lets go.
func tap(t testing.TB, ctx context.Context, x, y float64) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx,
		dispatch(input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: x, Y: y}}}),
		dispatch(input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}),
	))
	settle(t, ctx)
}

// tapOn taps the middle of the element the CSS selector names.
func tapOn(t testing.TB, ctx context.Context, sel string) {
	t.Helper()
	p := eval[[]float64](t, ctx, `(() => { const r = document.querySelector(`+jsString(sel)+`).getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
	tap(t, ctx, p[0], p[1])
}

// On a phone the pad plays: a new game from the menu by its Enter and
// keys, turns passed by its wait and its directions, the inventory
// opened and closed; a tap on the canvas reaches the game as a click
// on the cell under it. The font is never under 12 px, and the grid
// never wider than the phone.
func TestOnAPhoneThePadPlaysAndATapIsAClick(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL)
	phone(t, ctx)
	assert.GreaterOrEqual(t, eval[int](t, ctx, `rogue.term.px`), 12)
	assert.LessOrEqual(t, eval[float64](t, ctx, `rogue.term.canvas.getBoundingClientRect().right`), 390.0)
	cols := eval[int](t, ctx, `rogue.term.cols`)
	assert.True(t, cols >= 40 && cols < 80, "fewer than 80 columns, at 12 px or more: %d", cols)
	assert.InDelta(t, 1.0, eval[float64](t, ctx, `rogue.term.scale`), 0.001, "the grid is not scaled down under its font")
	assert.Equal(t, 0, eval[int](t, ctx, `document.scrollingElement.scrollLeft + document.scrollingElement.scrollTop`))
	assert.Less(t, eval[float64](t, ctx, `document.querySelector("header").getBoundingClientRect().height`), 50.0,
		"the header folds into its menu")

	tapOn(t, ctx, `#pad [data-key="n"]`) // n on the main menu: a new game
	waitFor(t, ctx, `/\bT(urn)? 0 /.test(rogue.term.text.join("\n"))`)
	tapOn(t, ctx, `#pad [data-key="."]`)
	waitFor(t, ctx, `/\bT(urn)? 1 /.test(rogue.term.text.join("\n"))`)
	for _, k := range []string{"l", "j", "h", "k", "y", "u", "b", "n"} {
		tapOn(t, ctx, `#pad [data-key="`+k+`"]`)
	}
	assert.Greater(t, turn(t, screenText(t, ctx)), 1, "the pad's directions passed turns")
	tapOn(t, ctx, `#pad [data-key="i"]`)
	tapOn(t, ctx, `#pad [data-key="Escape"]`)

	x, y := 3, 2
	cx, cy := cellCentre(t, ctx, x, y)
	tap(t, ctx, cx, cy)
	assert.Equal(t, fmt.Sprintf("%d,%d,0", x, y), eval[string](t, ctx, `rogue.lastMouse`), "the tap's release")
	screenshot(t, ctx, "phone")
}
