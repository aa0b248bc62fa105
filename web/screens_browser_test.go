//go:build !js

package web

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
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

// screensSeed is the seed of the screens test's new game: one whose
// first turns have no monster in view, so that its screenshots show the
// jobs at work.
const screensSeed = "3"

// TestEveryScreenOfTheGameShowsInThePage goes through the screens of the
// terminal game in the page, as the same view code draws them: the
// level-up choice, aiming, the sheet, look, the history, explore, rest,
// travel and run, the game over screen and its morgue, the hall of fame.
// It saves a screenshot of each under the temporary folder.
func TestEveryScreenOfTheGameShowsInThePage(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL+"/?seed="+screensSeed)

	newGame(t, ctx)
	// Explore, rest, run and travel each pass turns, or stop or are
	// refused with a line that says why (a monster in view, nowhere left
	// to go): either shows the job's screen.
	press(t, ctx, "o")
	waitFor(t, ctx, `/Turn ([3-9]|\d\d+) |Not with|You stop/.test(rogue.term.text.join("\n"))`)
	playTo(t, ctx, 3)
	screenshot(t, ctx, "explore")
	for _, k := range []string{"L", "Z", ">"} {
		n := turn(t, screenText(t, ctx))
		press(t, ctx, "Escape", k)
		waitFor(t, ctx, `!/Turn `+itoa(n)+` /.test(rogue.term.text.join("\n")) || /You (stop|are|cannot|have)|Not with/.test(rogue.term.text.join("\n"))`)
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

// TestANewGameInThePageHasTheSeedItsLinkAsks opens the page with
// ?seed=N, as rogue play --seed N, and sees the new game's journal
// named for that seed; a seed that is no number is said, and new games
// then have a random one.
func TestANewGameInThePageHasTheSeedItsLinkAsks(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := tab(t, s.URL+"/?seed=4242")
	newGame(t, ctx)
	playTo(t, ctx, 2)
	press(t, ctx, "Q", "y")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("Replay a journal")`)
	press(t, ctx, "r")
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("seed-")`)
	assert.Contains(t, screenText(t, ctx), "_seed-4242.rogue")
	screenshot(t, ctx, "seed")

	// Another site: this one's tab holds the lock on its journals.
	ctx = tab(t, newSite(t).URL+"/?seed=forty-two")
	assert.Equal(t, "?seed=forty-two: not a whole number from 1 to 9007199254740991, so new games have a random seed", line(t, ctx))
	screenshot(t, ctx, "bad-seed")
	newGame(t, ctx)
}
