package view

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/auto"
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/dungeon"
)

// cellOf is the cell where text begins on m's screen at 80x24.
func cellOf(t *testing.T, m *Model, text string) (int, int) {
	t.Helper()
	for y, row := range strings.Split(render(m, 80, 24), "\n") {
		if i := strings.Index(row, text); i >= 0 {
			return len([]rune(row[:i])), y
		}
	}
	require.Failf(t, "not on the screen", "%q", text)
	return 0, 0
}

// click is a left click on the cell of tile p.
func click(t *testing.T, m *Model, p events.Pos) Intent {
	t.Helper()
	x, y, ok := m.CellOf(p)
	require.True(t, ok, "tile %v is on the screen", p)
	return m.HandleMouse(Mouse{X: x, Y: y, Button: ButtonLeft})
}

// aFreeTile is a known floor tile with no one on it, at steps from the
// player (1: next to them) in the direction of the first it finds.
func aFreeTile(t *testing.T, p *played, far bool) events.Pos {
	t.Helper()
	s := p.g.State
	me := s.Player().Pos
	for q := range s.Explored().All() {
		d := max(q.X-me.X, me.X-q.X, q.Y-me.Y, me.Y-q.Y)
		if s.Map.At(q) == dungeon.Floor && s.ActorAt(q) == nil && (far && d >= 3 || !far && d == 1) {
			if _, _, ok := p.m.CellOf(q); ok {
				return q
			}
		}
	}
	require.Fail(t, "no such tile")
	return events.Pos{}
}

func TestAClickOnTheMapGivesWhatKeysGive(t *testing.T) {
	p := newPlayed(t, 5)
	p.m.Resize(80, 24)
	me := p.g.State.Player().Pos
	next := aFreeTile(t, p, false)
	dir, _ := events.DirTo(me, next)
	far := aFreeTile(t, p, true)
	cases := []struct {
		name string
		at   events.Pos
		want Intent
	}{
		{"the player waits", me, Intent{Command: &events.Wait{}}},
		{"a tile next to them steps there", next, Intent{Command: &events.Move{Dir: dir}}},
		{"a known tile further walks there", far, Intent{Job: &auto.Order{Kind: auto.Go, Goal: far, Pickup: true}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, click(t, p.m, tc.at))
		})
	}
}

func TestAClickWalksToATileAndTheWalkIsOrdinaryMoves(t *testing.T) {
	p := newPlayed(t, 5)
	p.m.Resize(80, 24)
	far := aFreeTile(t, p, true)
	start := p.g.State.Turn
	p.jobs.take(click(t, p.m, far))
	n := p.work(t)
	assert.Equal(t, far, p.g.State.Player().Pos)
	assert.Equal(t, start+n, p.g.State.Turn, "a turn a step")
}

func TestAClickOnAnAdjacentMonsterAttacksIt(t *testing.T) {
	p := newPlayed(t, 4)
	var foe *reducer.Entity
	p.recordedUntil(t, func(s *reducer.State) bool {
		for _, e := range s.Monsters() {
			if _, next := events.DirTo(s.Player().Pos, e.Pos); next && s.CanSee(e.Pos) {
				foe = e
				return true
			}
		}
		return false
	})
	p.m.Resize(80, 24)
	d, _ := events.DirTo(p.g.State.Player().Pos, foe.Pos)
	assert.Equal(t, Intent{Command: &events.Move{Dir: d}}, click(t, p.m, foe.Pos), "a move into a monster is the attack")
}

func TestHoveringOrARightClickSaysWhatIsThere(t *testing.T) {
	p := newPlayed(t, 5)
	p.m.Resize(80, 24)
	me := p.g.State.Player().Pos
	x, y, ok := p.m.CellOf(me)
	require.True(t, ok)
	assert.Equal(t, Intent{}, p.m.HandleMouse(Mouse{X: x, Y: y}))
	assert.Contains(t, render(p.m, 80, 24), "You see yourself on the floor.", "the hover's line")
	p.m.HandleKey(Rune('.'))
	assert.NotContains(t, render(p.m, 80, 24), "You see yourself on the floor.", "a key puts the messages back")
	assert.Equal(t, Intent{}, p.m.HandleMouse(Mouse{X: x, Y: y, Button: ButtonRight}))
	assert.Equal(t, []string{"You see yourself on the floor."}, p.m.Messages(1))
}

func TestMenusTakeAClickOnALineAsItsLetter(t *testing.T) {
	t.Run("the main menu", func(t *testing.T) {
		m := NewModel(MainMenu{})
		m.Resize(80, 24)
		x, y := cellOf(t, m, "New game")
		assert.Equal(t, Intent{Menu: MenuNewGame}, m.HandleMouse(Mouse{X: x, Y: y, Button: ButtonLeft}))
	})
	t.Run("the level-up choice", func(t *testing.T) {
		p := levelUp(t)
		p.m.Resize(80, 24)
		x, y := cellOf(t, p.m, "Fitness")
		got := p.m.HandleMouse(Mouse{X: x, Y: y, Button: ButtonLeft})
		assert.Equal(t, p.m.HandleKey(Rune('f')), got)
	})
	t.Run("the inventory, opened by a click on the status line", func(t *testing.T) {
		p := withFoes(t)
		p.m.Resize(80, 24)
		x, y := cellOf(t, p.m, "HP ")
		assert.Equal(t, Intent{}, p.m.HandleMouse(Mouse{X: x, Y: y, Button: ButtonLeft}))
		require.Equal(t, ModeInventory, p.m.Mode())
		pack, _ := p.m.itemEntries()
		require.NotEmpty(t, pack)
		name := itemName(p.g.State, pack[0].item)
		x, y = cellOf(t, p.m, name)
		got := p.m.HandleMouse(Mouse{X: x, Y: y, Button: ButtonLeft})
		p.m.HandleKey(Rune('i'))
		assert.Equal(t, p.m.HandleKey(Rune(pack[0].letter)), got)
	})
	t.Run("the game over's leave", func(t *testing.T) {
		p := dead(t)
		p.m.Resize(80, 24)
		x, y := cellOf(t, p.m, "Enter or q: leave")
		assert.Equal(t, Intent{Quit: true}, p.m.HandleMouse(Mouse{X: x, Y: y, Button: ButtonLeft}))
	})
}

func TestAClickOnTheReplayBarGoesToTheTurnUnderIt(t *testing.T) {
	v, _ := pausedReplay(t, "long", 800)
	st := v.Control.Status()
	x, barW := barSpan(80, st)
	y := v.barRow(80, 24)
	a := v.HandleMouse(Mouse{X: x + barW - 1, Y: y, Button: ButtonLeft})
	assert.Equal(t, ReplayAction{Do: ReplaySeek, Turn: st.Last}, a, "the last cell is the last turn")
	x, barW = barSpan(80, v.Control.Status()) // "Turn 1499" is wider than "Turn 800"
	a = v.HandleMouse(Mouse{X: x, Y: y, Button: ButtonLeft})
	assert.Equal(t, ReplaySeek, a.Do)
	assert.Less(t, a.Turn, st.Last/barW+2, "the first cell, the first turns")
	assert.True(t, v.Control.Status().Paused)
	v.Show(v.frame)
	v.HandleMouse(Mouse{X: 1, Y: y, Button: ButtonLeft})
	assert.False(t, v.Control.Status().Paused, "the label plays, as space does")
}

func TestTheMouseReaderTakesAPressAsOneClickAndAMoveAsAHover(t *testing.T) {
	ev := func(b tcell.ButtonMask) *tcell.EventMouse { return tcell.NewEventMouse(3, 4, b, tcell.ModNone) }
	var r MouseReader
	type read struct {
		m  Mouse
		ok bool
	}
	var got []read
	for _, e := range []*tcell.EventMouse{ev(tcell.ButtonNone), ev(tcell.Button1), ev(tcell.Button1), ev(tcell.ButtonNone),
		ev(tcell.Button2), ev(tcell.ButtonNone), ev(tcell.Button3)} {
		m, ok := r.Read(e)
		got = append(got, read{m, ok})
	}
	assert.Equal(t, []read{
		{Mouse{X: 3, Y: 4}, true},                      // a move: hover
		{Mouse{X: 3, Y: 4, Button: ButtonLeft}, true},  // the press
		{Mouse{}, false},                               // held (a drag)
		{Mouse{}, false},                               // the release
		{Mouse{X: 3, Y: 4, Button: ButtonRight}, true}, // a right press
		{Mouse{}, false},                               // its release
		{Mouse{}, false},                               // the middle button means nothing
	}, got)
}

func TestABusyTurnHidesNothingNextToThePlayer(t *testing.T) {
	p := newPlayed(t, 5)
	p.m.Resize(80, 24)
	p.m.HandleKey(Rune('.'))
	for i := range 30 {
		p.m.Say(strings.Repeat("A very busy turn. ", 1+i%3))
	}
	me := p.g.State.Player().Pos
	l, _, ok := p.m.mapView()
	require.True(t, ok)
	require.Equal(t, minMapRows, l.mapArea.h, "the messages take the map down to its least")
	for d := events.Dir(0); d < events.NumDirs; d++ {
		q := me.Add(d)
		if !p.g.State.Map.InBounds(q) {
			continue
		}
		_, _, shown := p.m.CellOf(q)
		assert.True(t, shown, "the tile %s of the player", d)
	}
}
