//go:build !js

package web

import (
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxActions bounds a whole game played in the page: past it the test
// fails (the bots below die well before, on the seeds they play).
const maxActions = 2500

// grid is the page's screen as rows of runes, with the status line's row
// (-1 off the play screen).
type grid struct {
	rows   [][]rune
	status int
}

func readGrid(t testing.TB, ctx context.Context) grid {
	t.Helper()
	g := grid{status: -1}
	for i, r := range eval[[]string](t, ctx, `rogue.term.text`) {
		g.rows = append(g.rows, []rune(r))
		if strings.HasPrefix(r, "HP ") && g.status < 0 {
			g.status = i
		}
	}
	return g
}

func (g grid) text() string {
	var b strings.Builder
	for _, r := range g.rows {
		b.WriteString(string(r) + "\n")
	}
	return b.String()
}

func (g grid) at(x, y int) rune {
	if y < 0 || y >= len(g.rows) || x < 0 || x >= len(g.rows[y]) {
		return ' '
	}
	return g.rows[y][x]
}

// find is the first cell of the map showing r.
func (g grid) find(r rune) (int, int, bool) {
	for y := 0; y < g.status; y++ {
		for x, c := range g.rows[y] {
			if c == r {
				return x, y, true
			}
		}
	}
	return 0, 0, false
}

func isMonster(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// monsters are the cells of the map that show a monster, the nearest
// to (px, py) first.
func (g grid) monsters(px, py int) [][2]int {
	var out [][2]int
	for y := 0; y < g.status; y++ {
		for x, c := range g.rows[y] {
			if isMonster(c) {
				out = append(out, [2]int{x, y})
			}
		}
	}
	dist := func(c [2]int) int { return max(abs(c[0]-px), abs(c[1]-py)) }
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && dist(out[j]) < dist(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// frontier is the floor cell beside a cell never seen that is farthest
// from (px, py) within a reach of 20: where a click explores.
func (g grid) frontier(px, py, turn int) (int, int, bool) {
	best, bx, by := -1, 0, 0
	for y := 0; y < g.status; y++ {
		for x, c := range g.rows[y] {
			if c != '.' {
				continue
			}
			d := max(abs(x-px), abs(y-py))
			if d < 2 || d > 20 {
				continue
			}
			if g.at(x+1, y) == ' ' || g.at(x-1, y) == ' ' || g.at(x, y+1) == ' ' || g.at(x, y-1) == ' ' {
				if k := d*7 + (x*31+y*17+turn)%7; k > best {
					best, bx, by = k, x, y
				}
			}
		}
	}
	return bx, by, best >= 0
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// clickCell clicks the cell (x, y) with the left button, pressed then
// released, as a mouse does.
func clickCell(t testing.TB, ctx context.Context, x, y int) {
	t.Helper()
	cx, cy := cellCentre(t, ctx, x, y)
	mouse(t, ctx, input.DispatchMouseEventTypeMousePressed, cx, cy, input.MouseButtonLeft, 1)
	mouse(t, ctx, input.DispatchMouseEventTypeMouseReleased, cx, cy, input.MouseButtonLeft, 0)
}

// clickText clicks the first cell showing text.
func clickText(t testing.TB, ctx context.Context, g grid, text string) {
	t.Helper()
	for y, r := range g.rows {
		if i := strings.Index(string(r), text); i >= 0 {
			clickCell(t, ctx, len([]rune(string(r)[:i])), y)
			return
		}
	}
	require.Failf(t, "not on the screen", "%q in\n%s", text, g.text())
}

// verifyExported takes the page's one .rogue journal, as Save a
// journal… lists it, and runs rogue verify and replay on it.
func verifyExported(t *testing.T, ctx context.Context) {
	t.Helper()
	var names []string
	for _, f := range eval[[]string](t, ctx, `rogue.exportList().map((f) => f.name)`) {
		if strings.HasSuffix(f, ".rogue") {
			names = append(names, f)
		}
	}
	require.Len(t, names, 1, "the game's one journal in Save a journal…'s list")
	name := names[0]
	b, err := base64.StdEncoding.DecodeString(eval[string](t, ctx, `btoa(String.fromCharCode(...rogueFS.read("/data/rogue/`+name+`")))`))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, b, 0o644))
	out, err := rogue(t, "verify", path)
	require.NoError(t, err, out)
	assert.Contains(t, out, "verified")
	t.Logf("rogue verify: %s", strings.TrimSpace(out))
	out, err = rogue(t, "replay", "--headless", path)
	require.NoError(t, err, out)
	t.Logf("rogue replay --headless: %s", strings.TrimSpace(out))
}

// A whole game played by the mouse alone in the page: New game clicked
// on the menu, then clicks on the map (a monster in view attacked, or
// the tile next to you towards it stepped on, a seen > travelled to and
// clicked on to go down, the edge of the unknown travelled to), the
// level-up's Might clicked, until the player dies; the journal the page
// exports verifies.
func TestAWholeGamePlayedByTheMouseAloneInThePage(t *testing.T) {
	t.Parallel()
	wholeGames(t)
	s := newSite(t)
	ctx := tabFor(t, s.URL+"/?seed=11", 15*time.Minute)
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("New game")`)
	clickText(t, ctx, readGrid(t, ctx), "New game")
	var stairs [2]int
	onStairs := false
	lastTurn, same := -1, 0
	for i := 0; ; i++ {
		g := readGrid(t, ctx)
		text := g.text()
		require.Less(t, i, maxActions, "the game did not end:\n%s", text)
		switch {
		case strings.Contains(text, "You died.") && strings.Contains(text, "Enter or q: leave"):
			clickText(t, ctx, g, "Enter or q: leave")
			waitFor(t, ctx, `rogue.term.text.join("\n").includes("New game")`)
			t.Logf("died after %d clicks: %s", i, line(t, ctx))
			verifyExported(t, ctx)
			return
		case strings.Contains(text, "Choose the attribute"):
			clickText(t, ctx, g, "Might")
			continue
		}
		if g.status < 0 {
			clickCell(t, ctx, 0, len(g.rows)-1) // beside any window: closes it
			continue
		}
		px, py, ok := g.find('@')
		require.True(t, ok, "the player on the map:\n%s", text)
		if onStairs && [2]int{px, py} == stairs {
			onStairs = false
			clickCell(t, ctx, px, py) // on the stairs: down
			continue
		}
		if n := turn(t, text); n == lastTurn {
			same++
		} else {
			lastTurn, same = n, 0
		}
		if ms := g.monsters(px, py); len(ms) > 0 {
			m := ms[0]
			switch {
			case same > 2: // a wall between: a step anywhere
				clickCell(t, ctx, px+[]int{1, -1, 0, 0, 1, -1, 1, -1}[i%8], py+[]int{0, 0, 1, -1, 1, -1, -1, 1}[i%8])
			default: // at it, or a step towards it
				clickCell(t, ctx, px+sign(m[0]-px), py+sign(m[1]-py))
			}
			continue
		}
		if x, y, ok := g.find('>'); ok {
			stairs, onStairs = [2]int{x, y}, true
			clickCell(t, ctx, x, y)
			continue
		}
		if x, y, ok := g.frontier(px, py, i); ok {
			clickCell(t, ctx, x, y)
			continue
		}
		clickCell(t, ctx, px+[]int{1, -1, 0, 0}[i%4], py+[]int{0, 0, 1, -1}[i%4])
	}
}

// A whole game played with the touch pad on a phone (Chromium's mobile
// emulation, touch events): the pad's n on the menu, o to explore, >
// to go down, a direction towards a monster in view (at it, next to
// it), Enter on the level-up and on the game over; the journal verifies.
func TestAWholeGamePlayedWithTheTouchPadOnAPhone(t *testing.T) {
	t.Parallel()
	wholeGames(t)
	s := newSite(t)
	ctx := tabFor(t, s.URL+"/?seed=11", 15*time.Minute)
	phone(t, ctx)
	waitFor(t, ctx, `rogue.term.text.join("\n").includes("New game")`)
	pad := func(k string) { tapOn(t, ctx, `#pad [data-key="`+k+`"]`) }
	pad("n")
	dirs := map[[2]int]string{{-1, -1}: "y", {0, -1}: "k", {1, -1}: "u", {-1, 0}: "h", {1, 0}: "l", {-1, 1}: "b", {0, 1}: "j", {1, 1}: "n"}
	lastTurn, same := -1, 0
	for i := 0; ; i++ {
		g := readGrid(t, ctx)
		text := g.text()
		require.Less(t, i, maxActions, "the game did not end:\n%s", text)
		if strings.Contains(text, "You died.") {
			pad("Enter")
			waitFor(t, ctx, `rogue.term.text.join("\n").includes("New game")`)
			t.Logf("died after %d taps: %s", i, line(t, ctx))
			verifyExported(t, ctx)
			return
		}
		if strings.Contains(text, "Choose the attribute") {
			pad("Enter") // the level-up's first choice
			continue
		}
		if g.status < 0 || strings.Contains(text, "┌") {
			pad("Escape") // any other window
			continue
		}
		if i%100 == 0 {
			t.Logf("tap %d: %s", i, strings.TrimSpace(string(g.rows[max(0, g.status)])))
		}
		if n := turn(t, text); n == lastTurn {
			same++
		} else {
			lastTurn, same = n, 0
		}
		px, py, ok := g.find('@')
		require.True(t, ok, "the player on the map:\n%s", text)
		if ms := g.monsters(px, py); len(ms) > 0 {
			m := ms[0]
			d := [2]int{sign(m[0] - px), sign(m[1] - py)}
			if same > 2 { // a wall between: a step anywhere
				pad([]string{"h", "j", "k", "l", "y", "u", "b", "n"}[i%8])
			} else {
				pad(dirs[d]) // towards it, or at it
			}
			continue
		}
		switch {
		case same > 4:
			pad([]string{"h", "j", "k", "l", "y", "u", "b", "n"}[i%8])
		case same > 1 || strings.Contains(text, "explored"):
			pad(">")
		default:
			pad("o")
		}
	}
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// wholeGames skips a whole game played in the page unless
// ROGUE_WHOLE_GAMES is set: each takes a minute or more of a browser,
// more than the normal run's budget. .ci/run sets it in a step of its
// own; the shorter tests of the mouse, the pad and the taps run always.
func wholeGames(t *testing.T) {
	t.Helper()
	if os.Getenv("ROGUE_WHOLE_GAMES") == "" {
		t.Skip("a whole game in the page runs with ROGUE_WHOLE_GAMES=1 (.ci/run sets it)")
	}
}
