package play

import (
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/reducer/dungeon"
	"rogue/view"
)

// scripted is a simulated terminal whose events come from next, called on
// the loop's goroutine each time the loop waits for one: next reads the
// screen the loop has just drawn, and the game, with no race.
type scripted struct {
	tcell.SimulationScreen
	next func() tcell.Event
}

func (s *scripted) PollEvent() tcell.Event { return s.next() }

// newScripted is a scripted 80x24 terminal.
func newScripted(t *testing.T) *scripted {
	t.Helper()
	sim := tcell.NewSimulationScreen("UTF-8")
	require.NoError(t, sim.Init())
	t.Cleanup(sim.Fini)
	sim.SetSize(80, 24)
	return &scripted{SimulationScreen: sim}
}

// mouseBot plays by clicks alone, reading the screen for menus and the
// game for the map, as a person looks at it.
type mouseBot struct {
	t      *testing.T
	p      *player
	sim    *scripted
	queue  []tcell.Event
	begun  bool // a game was begun: the menu's next click quits
	events int
	stuck  int // clicks in a row that played no turn
	turn   int
	tried  events.Pos // the tile a pick-up was last tried on
}

// maxClicks bounds the game: past it the bot saves and quits with Q.
const maxClicks = 6000

// click is a left click at (x, y), pressed then released.
func (b *mouseBot) click(x, y int) tcell.Event {
	b.queue = append(b.queue, tcell.NewEventMouse(x, y, tcell.ButtonNone, tcell.ModNone))
	return tcell.NewEventMouse(x, y, tcell.Button1, tcell.ModNone)
}

// clickText clicks the first place the screen shows text.
func (b *mouseBot) clickText(text string) tcell.Event {
	for y, row := range strings.Split(view.SimulationText(b.sim), "\n") {
		if i := strings.Index(row, text); i >= 0 {
			return b.click(len([]rune(row[:i])), y)
		}
	}
	require.Failf(b.t, "not on the screen", "%q in\n%s", text, view.SimulationText(b.sim))
	return nil
}

// clickTile clicks the cell of map tile q.
func (b *mouseBot) clickTile(q events.Pos) tcell.Event {
	x, y, ok := b.p.m.CellOf(q)
	require.True(b.t, ok, "tile %v is on the screen", q)
	return b.click(x, y)
}

func (b *mouseBot) next() tcell.Event {
	if len(b.queue) > 0 {
		ev := b.queue[0]
		b.queue = b.queue[1:]
		return ev
	}
	b.events++
	if b.events > maxClicks {
		return tcell.NewEventKey(tcell.KeyRune, 'Q', tcell.ModNone)
	}
	switch b.p.m.Mode() {
	case view.ModeMainMenu:
		if b.begun {
			return b.clickText("Quit")
		}
		b.begun = true
		return b.clickText("New game")
	case view.ModeLevelUp:
		return b.clickText("Might")
	case view.ModeGameOver:
		return b.clickText("Enter or q: leave")
	case view.ModeInventory:
		s := b.p.sess.g.State
		if me := s.Player(); me.HP*2 < s.MaxHP(me) && b.holds(s, "Health Potion") {
			return b.clickText("Health Potion")
		}
		if b.holds(s, "Ration") {
			return b.clickText("Ration")
		}
		return b.click(0, 23)
	case view.ModePlay:
		return b.play()
	}
	return b.click(0, 23) // beside any window: closes it
}

// play is a click on the play screen: attack what is next to you, step
// towards what you see, drink when hurt, go down the stairs you stand
// on, pick up what you stand on, walk to the nearest unexplored edge on
// the screen, else towards the stairs.
func (b *mouseBot) play() tcell.Event {
	s := b.p.sess.g.State
	me := s.Player()
	if s.Turn == b.turn {
		b.stuck++
	} else {
		b.turn, b.stuck = s.Turn, 0
	}
	if b.stuck > 3 { // a refused click: a step anywhere free
		for d := events.Dir(b.stuck % int(events.NumDirs)); ; d = (d + 1) % events.NumDirs {
			if q := me.Pos.Add(d); s.Map.At(q).Walkable() {
				return b.clickTile(q)
			}
		}
	}
	var seen *reducer.Entity
	for _, e := range s.Monsters() {
		if !s.CanSee(e.Pos) {
			continue
		}
		if _, next := events.DirTo(me.Pos, e.Pos); next {
			return b.clickTile(e.Pos)
		}
		if seen == nil {
			seen = e
		}
	}
	hurt := me.HP*2 < s.MaxHP(me)
	if hurt && b.holds(s, "Health Potion") || s.Hunger >= events.Hungry && b.holds(s, "Ration") {
		return b.clickText("HP ") // the status line opens the inventory
	}
	if seen != nil { // a walk does not start with a monster in view: one step at a time
		if way := b.way(s, func(q events.Pos) bool { _, next := events.DirTo(q, seen.Pos); return next }); len(way) > 0 {
			return b.clickTile(way[0])
		}
		return b.clickTile(me.Pos)
	}
	here := s.ItemsAt(me.Pos)
	if s.Map.At(me.Pos) != dungeon.DownStairs && len(here) == 1 && b.tried != me.Pos &&
		len(s.Backpack(me.ID)) < s.Content().Rules.Backpack {
		b.tried = me.Pos
		return b.clickTile(me.Pos) // picks up
	}
	if s.Map.At(me.Pos) == dungeon.DownStairs {
		return b.clickTile(me.Pos) // descends
	}
	if q, ok := b.nearest(s, func(q events.Pos) bool { return frontierTile(s, q) }); ok {
		return b.clickTile(q)
	}
	if q, ok := b.nearest(s, func(q events.Pos) bool { return s.Map.At(q) == dungeon.DownStairs }); ok {
		return b.clickTile(q)
	}
	return b.clickTile(me.Pos)
}

// holds reports whether the backpack holds an item named name.
func (b *mouseBot) holds(s *reducer.State, name string) bool {
	for _, it := range s.Backpack(events.PlayerID) {
		if s.Content().Name(it.Kind) == name {
			return true
		}
	}
	return false
}

// nearest is the tile on the screen nearest to the player over known
// floor that goal accepts; past the screen's edge, the last tile on the
// screen of the way to it.
func (b *mouseBot) nearest(s *reducer.State, goal func(events.Pos) bool) (events.Pos, bool) {
	way := b.way(s, goal)
	for i := len(way) - 1; i >= 0; i-- {
		if _, _, ok := b.p.m.CellOf(way[i]); ok {
			return way[i], true
		}
	}
	return events.Pos{}, false
}

// way is the shortest way over known floor from the player to the
// nearest tile goal accepts, the player's tile left out; nil for none.
func (b *mouseBot) way(s *reducer.State, goal func(events.Pos) bool) []events.Pos {
	from := s.Player().Pos
	parent := map[events.Pos]events.Pos{from: from}
	queue := []events.Pos{from}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		if q != from && goal(q) {
			var way []events.Pos
			for ; q != from; q = parent[q] {
				way = append([]events.Pos{q}, way...)
			}
			return way
		}
		for d := events.Dir(0); d < events.NumDirs; d++ {
			n := q.Add(d)
			if _, ok := parent[n]; ok || !s.Map.InBounds(n) || !s.Explored().Has(n) || !s.Map.At(n).Walkable() {
				continue
			}
			if a := s.ActorAt(n); a != nil && s.CanSee(n) {
				continue
			}
			parent[n] = q
			queue = append(queue, n)
		}
	}
	return nil
}

// frontierTile reports whether q is known floor next to a tile never seen.
func frontierTile(s *reducer.State, q events.Pos) bool {
	for d := events.Dir(0); d < events.NumDirs; d++ {
		if n := q.Add(d); s.Map.InBounds(n) && !s.Explored().Has(n) {
			return true
		}
	}
	return false
}

// viKey is the key of each direction.
var viKey = map[events.Dir]rune{events.North: 'k', events.South: 'j', events.East: 'l', events.West: 'h',
	events.NorthEast: 'u', events.NorthWest: 'y', events.SouthEast: 'n', events.SouthWest: 'b'}

// keysFor are the keys that give cmd on s, as a person types them.
func keysFor(t *testing.T, s *reducer.State, cmd events.Command) []rune {
	switch c := cmd.(type) {
	case *events.Move:
		return []rune{viKey[c.Dir]}
	case *events.Wait:
		return []rune{'.'}
	case *events.Descend:
		return []rune{'>'}
	case *events.PickUp:
		return []rune{'g'}
	case *events.ChooseAttribute:
		return []rune{[]rune("mfqw")[c.Attribute]}
	case *events.Use:
		return []rune{'i', s.PackLetter(reducer.StackKey(s.Get(c.Item)))}
	}
	require.Failf(t, "no keys for the command", "%T", cmd)
	return nil
}

// turnsIn are the turns of the journal at path.
func turnsIn(t *testing.T, path string) []events.Turn {
	t.Helper()
	r, err := journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	var turns []events.Turn
	for {
		var turn events.Turn
		err := r.Next(&turn)
		if errors.Is(err, io.EOF) {
			return turns
		}
		require.NoError(t, err)
		turns = append(turns, turn)
	}
}

// turnsOf are the commands of the journal at path, after its Begin.
func turnsOf(t *testing.T, path string) []events.Command {
	t.Helper()
	var cmds []events.Command
	for _, turn := range turnsIn(t, path)[1:] {
		cmds = append(cmds, turn.Command)
	}
	return cmds
}

// A whole game played by clicks alone, from the main menu's New game to
// its Quit, through the loop a terminal runs: the journal verifies, and
// typing its commands as keys into a new game of the seed writes the
// same bytes (the journal cannot tell which was used).
func TestAWholeGamePlayedByMouseAloneIsTheGameKeysWouldPlay(t *testing.T) {
	dir := t.TempDir()
	t.Parallel()
	const seed = 6 // the bot's clicks take it to depth 3, where it dies
	mice := &player{m: view.NewModel(view.MainMenu{}), dir: dir, seed: seed, fromMenu: true,
		now: func() time.Time { return aMinute }, version: "rogue test build"}
	sim := newScripted(t)
	bot := &mouseBot{t: t, p: mice, sim: sim}
	sim.next = bot.next
	mice.screen, mice.canvas = sim, view.NewScreen(sim, false)
	require.NoError(t, mice.loop())
	_, err := mice.finish()
	require.NoError(t, err)
	paths, err := filepath.Glob(filepath.Join(dir, "*.rogue"))
	require.NoError(t, err)
	require.Len(t, paths, 1)

	r, err := journal.Open(paths[0])
	require.NoError(t, err)
	div, turns, _, err := game.Verify(r, content.Default())
	r.Close()
	require.NoError(t, err)
	require.Nil(t, div, "the clicked journal verifies")
	cmds := turnsOf(t, paths[0])
	require.Len(t, cmds, turns-1)
	depth := 0
	for _, c := range cmds {
		if _, ok := c.(*events.Descend); ok {
			depth++
		}
	}
	t.Logf("%d clicks, %d turns, %d descents", bot.events, len(cmds), depth)
	assert.GreaterOrEqual(t, depth, 2, "the mouse finds and takes the stairs")
	assert.Less(t, bot.events, maxClicks, "the game ended by a death, then the menu's Quit: no key was pressed")

	keys := testPlayer(newTestSession(t, t.TempDir(), seed))
	ksim := newScripted(t)
	var queue []rune
	ksim.next = func() tcell.Event {
		if len(queue) == 0 && len(cmds) > 0 {
			queue, cmds = keysFor(t, keys.sess.g.State, cmds[0]), cmds[1:]
		}
		if len(queue) == 0 {
			return tcell.NewEventKey(tcell.KeyRune, 'Q', tcell.ModNone)
		}
		r := queue[0]
		queue = queue[1:]
		return tcell.NewEventKey(tcell.KeyRune, r, tcell.ModNone)
	}
	keys.screen, keys.canvas = ksim, view.NewScreen(ksim, false)
	require.NoError(t, keys.loop())
	typedPath := keys.sess.path
	require.NoError(t, keys.sess.close())
	assert.Equal(t, turnsIn(t, paths[0]), turnsIn(t, typedPath), "the same turns, fact for fact")
}
