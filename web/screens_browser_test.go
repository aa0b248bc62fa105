//go:build !js

package web

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// takeOver imports the golden journal name, replays it to turn and takes
// it over there: a game of this browser, played on from that turn.
func takeOver(t *testing.T, ctx context.Context, name string, turn string) {
	t.Helper()
	replayGolden(t, ctx, name)
	press(t, ctx, " ", "g")
	press(t, ctx, splitKeys(turn)...)
	press(t, ctx, "Enter")
	waitFor(t, ctx, `/Turn `+turn+` of/.test(rogue.term.text.join("\n"))`)
	press(t, ctx, "t")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("You take over")`)
}

func splitKeys(s string) []string {
	var ks []string
	for _, r := range s {
		ks = append(ks, string(r))
	}
	return ks
}

// shows waits for the screen to hold text, and saves a screenshot.
func shows(t *testing.T, ctx context.Context, text, shot string) {
	t.Helper()
	cond := "rogue.term.text.join(`\n`).includes(" + jsString(text) + ")"
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(15*time.Second)))
	require.NoError(t, err, "the screen does not show %q:\n%s", text, screenText(t, ctx))
	if shot != "" {
		screenshot(t, ctx, shot)
	}
}

func jsString(s string) string {
	b := []byte{'"'}
	for _, r := range s {
		switch r {
		case '"', '\\':
			b = append(b, '\\', byte(r))
		default:
			b = append(b, string(r)...)
		}
	}
	return string(append(b, '"'))
}

// TestEveryScreenOfTheGameShowsInThePage goes through the screens of the
// terminal game in the page, as the same view code draws them: the
// level-up choice, aiming, the sheet, look, the history, explore, rest,
// travel and run, the game over screen and its morgue, the hall of fame.
// It saves a screenshot of each under the temporary folder.
func TestEveryScreenOfTheGameShowsInThePage(t *testing.T) {
	s := newSite(t)
	ctx := tab(t, s.URL)

	newGame(t, ctx)
	// The page's game has a seed of its own: explore may stop at once,
	// or be refused, for a monster in view; then turns are passed by hand.
	press(t, ctx, "o")
	waitFor(t, ctx, `/Turn ([3-9]|\d\d+) |Not with|You stop/.test(rogue.term.text.join("\n"))`)
	playTo(t, ctx, 3)
	screenshot(t, ctx, "explore")
	for _, k := range []string{"L", "Z", ">"} {
		n := turn(t, screenText(t, ctx))
		press(t, ctx, "Escape", k)
		waitFor(t, ctx, `!/Turn `+itoa(n)+` /.test(rogue.term.text.join("\n")) || /You (stop|are|cannot|have)/.test(rogue.term.text.join("\n"))`)
	}
	screenshot(t, ctx, "travel")
	press(t, ctx, "Escape", "Q", "y")
	shows(t, ctx, "New game", "")

	takeOver(t, ctx, "r2-levelled-up.rogue", "815")
	shows(t, ctx, "Level 2!", "level-up")
	press(t, ctx, "Enter")
	shows(t, ctx, "You reach level 2", "")
	press(t, ctx, "c")
	shows(t, ctx, "Character", "sheet")
	press(t, ctx, "Escape", "x")
	shows(t, ctx, "Esc: done", "look")
	press(t, ctx, "Escape")
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("p", chromedp.KeyModifiers(chromedp.ModifierCtrl))))
	settle(t, ctx)
	shows(t, ctx, "Messages", "history")
	press(t, ctx, "PageUp", "PageDown", "Escape", "Q", "y")
	shows(t, ctx, "New game", "")

	takeOver(t, ctx, "deep.rogue", "400")
	press(t, ctx, "i", "d")
	shows(t, ctx, "Aim the Fireball Scroll", "aiming")
	press(t, ctx, "Tab", "Escape", "Escape", "Q", "y")
	shows(t, ctx, "New game", "")

	takeOver(t, ctx, "slain.rogue", "171")
	press(t, ctx, "j")
	shows(t, ctx, "You died.", "game-over")
	press(t, ctx, "Enter")
	shows(t, ctx, "Hall of fame", "")
	press(t, ctx, "h")
	shows(t, ctx, "slain by an Orc", "hall-of-fame")
}
