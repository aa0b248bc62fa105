package view

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// On a screen taller than the map (a 50-row level on 80 rows), the map,
// the status line and the messages stand together in the middle: the
// status line right under the map's last row, the messages right under
// it, and the empty rows shared above and below.
func TestOnATallScreenTheMapStatusAndMessagesStandTogether(t *testing.T) {
	t.Parallel()
	p := newPlayedRules(t, 3, 3)
	require.Equal(t, 50, p.m.State.Map.Height)
	screen := strings.Split(render(p.m, 100, 80), "\n")
	status := -1
	for i, l := range screen {
		if strings.HasPrefix(l, "HP ") {
			status = i
		}
	}
	require.NotEqual(t, -1, status, "a status line")
	l := p.m.layout(100, 80)
	assert.Equal(t, l.mapArea.y+l.mapArea.h, status, "the status is the row under the map's last")
	assert.Equal(t, "The Amulet of the Deep lies on depth 14: go down (>) and find it.", strings.TrimSpace(screen[status+1]),
		"the game's first line is right under the status")
	assert.InDelta(t, l.mapArea.y, 80-status-1-l.mapArea.y, 14, "the map is not at the top: %d rows above it", l.mapArea.y)
	assert.Greater(t, l.mapArea.y, 5)
}

// A screen narrower than 80 columns (a phone's 50, a terminal's 60)
// plays: the map scrolls round the player, who stays in the middle of
// it, and the status line fits.
func TestANarrowScreenPlaysWithTheMapRoundThePlayer(t *testing.T) {
	t.Parallel()
	for _, w := range []int{MinWidth, 50, 60} {
		p := newPlayedRules(t, 3, 3)
		screen := strings.Split(render(p.m, w, 24), "\n")
		l := p.m.layout(w, 24)
		cam := p.m.camera(l)
		pos := p.m.State.Player().Pos
		x, y := pos.X-cam.X, pos.Y-cam.Y
		assert.Equal(t, '@', []rune(screen[y])[x], "the player is drawn at %d columns", w)
		assert.InDelta(t, w/2, x, 1, "in the middle at %d columns (the map is 80 wide: it scrolls)", w)
		status := screen[l.statusY]
		assert.True(t, strings.HasPrefix(status, "HP ") && strings.HasSuffix(strings.TrimRight(status, " "), "? help"),
			"the status line fits %d columns: %q", w, status)
	}
}
