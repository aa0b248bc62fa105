package view

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// rowOf is the first screen row at 80x24 that holds what.
func rowOf(t *testing.T, m *Model, what string) int {
	t.Helper()
	for y, l := range strings.Split(render(m, 80, 24), "\n") {
		if strings.Contains(l, what) {
			return y
		}
	}
	t.Fatalf("no %q on screen", what)
	return -1
}

// The map keeps the player centred: each step scrolls it one row. A busy
// turn's messages that take rows from the map do not move the map, as
// long as the player stays in the smaller area.
func TestTheMapKeepsThePlayerCentredAndStillOnABusyTurn(t *testing.T) {
	t.Parallel()
	p := withFoes(t)
	m := p.m
	s := p.g.State
	quiet, status := rowOf(t, m, "@"), rowOf(t, m, "HP ")
	assert.Equal(t, status/2, quiet, "centred in the map's rows")

	m.HandleKey(Rune('.'))
	for i := range 5 {
		m.Say(fmt.Sprintf("busy line %d of a turn that says a great deal", i+1))
	}
	require.Less(t, rowOf(t, m, "HP "), status, "the busy turn took rows from the map")
	assert.Equal(t, quiet, rowOf(t, m, "@"), "the map stays put")

	// A step scrolls the map with it: the player stays on their row.
	m.HandleKey(Rune('.'))
	for d := events.Dir(0); d < events.NumDirs; d++ {
		if _, dy := d.Delta(); dy == 0 {
			continue
		}
		if to := s.Player().Pos.Add(d); s.Map.Walkable(to) && s.ActorAt(to) == nil {
			p.do(t, &events.Move{Dir: d})
			assert.Equal(t, quiet, rowOf(t, m, "@"))
			return
		}
	}
	t.Fatal("no step to take that changes the row")
}

// atOf is where the player's @ is on the map's rows (above the status
// line) of m drawn at w x h: column and row.
func atOf(t *testing.T, m *Model, w, h int) (int, int) {
	t.Helper()
	for y, l := range strings.Split(render(m, w, h), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "HP ") {
			break
		}
		if x := strings.IndexRune(l, '@'); x >= 0 {
			return len([]rune(l[:x])), y
		}
	}
	t.Fatalf("no @ on the map at %dx%d", w, h)
	return -1, -1
}

// On a view narrower and shorter than the level, the player stands in
// its middle wherever they are on the level, the view blank past the
// level's edges, rather than at its side when near an edge (a phone's
// narrow grid showed the player off-centre).
func TestTheMapCentresThePlayerOnAViewSmallerThanTheLevel(t *testing.T) {
	t.Parallel()
	p := withFoes(t)
	s := p.g.State
	for w := MinWidth; w < s.Map.Width; w++ {
		x, _ := atOf(t, p.m, w, 24)
		assert.Equal(t, w/2, x, "at %d columns, the player at %v", w, s.Player().Pos)
	}
	l := p.m.layout(50, 24)
	require.Less(t, l.mapArea.h, s.Map.Height, "a view shorter than the level")
	_, y := atOf(t, p.m, 50, 24)
	assert.Equal(t, l.mapArea.y+l.mapArea.h/2, y)
}
