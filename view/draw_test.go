package view

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/content"
)

// Every known tile on the map is lit when visible and dark (a remembered
// terrain color, or dim) when only remembered; unknown tiles are blank.
func TestVisibleTilesAreBrightAndRememberedOnesDim(t *testing.T) {
	t.Parallel()
	m := withFoes(t).m
	s := m.State
	c := NewTextCanvas(80, 24)
	Draw(c, m)
	l := m.layout(80, 24)
	area := l.mapArea
	cam := m.camera(l)
	counts := map[string]int{}
	for y := 0; y < area.h; y++ {
		for x := 0; x < area.w; x++ {
			p := events.Pos{X: cam.X + x, Y: cam.Y + y}
			r, st := c.At(area.x+x, area.y+y)
			switch {
			case s.CanSee(p):
				counts["visible"]++
				assert.False(t, st.Dim || isRemembered(st.Fg), "visible %v is dim", p)
			case s.Explored().Has(p):
				counts["remembered"]++
				assert.True(t, st.Dim || isRemembered(st.Fg), "remembered %v is bright", p)
			default:
				counts["unknown"]++
				assert.Equal(t, ' ', r, "unknown %v is drawn", p)
			}
		}
	}
	for _, k := range []string{"visible", "remembered", "unknown"} {
		assert.NotZero(t, counts[k], "the screen has %s tiles", k)
	}
}

func TestThePlayerIsDrawnWhereTheyStand(t *testing.T) {
	t.Parallel()
	m := withFoes(t).m
	c := NewTextCanvas(120, 40)
	Draw(c, m)
	cam := m.camera(m.layout(120, 40))
	p := m.State.Player().Pos
	r, st := c.At(p.X-cam.X, p.Y-cam.Y)
	assert.Equal(t, '@', r)
	assert.Equal(t, Style{Fg: ColorWhite, Bold: true}, st)
}

func TestTheCameraKeepsThePlayerInTheMiddleOfAViewSmallerThanTheMap(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name          string
		p, view, size int
		want          int
	}{
		{"centred on the player in the middle", 40, 20, 50, 30},
		{"centred at the top edge, blank above it", 3, 20, 50, -7},
		{"centred at the bottom edge, blank below it", 48, 20, 50, 38},
		{"a map narrower than the view is centred", 10, 120, 80, -20},
		{"a map as wide as the view starts at 0", 70, 80, 80, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, axis(tc.p, tc.view, tc.size))
		})
	}
}

func TestTheLookCursorIsReversedAndTheAimShowsItsRange(t *testing.T) {
	t.Parallel()
	p := withFoes(t)
	m := p.m
	m.HandleKey(Rune('i'))
	m.HandleKey(Rune('a'))
	require.Equal(t, ModeTarget, m.Mode())
	c := NewTextCanvas(80, 24)
	Draw(c, m)
	l := m.layout(80, 24)
	area := l.mapArea
	cam := m.camera(l)
	cur := m.Cursor()
	_, st := c.At(cur.X-cam.X, cur.Y-cam.Y)
	assert.Equal(t, styleCursor, st)
	pl := m.State.Player().Pos
	for y := 0; y < area.h; y++ {
		for x := 0; x < area.w; x++ {
			q := events.Pos{X: cam.X + x, Y: cam.Y + y}
			if q == cur || !m.State.CanSee(q) || !m.State.Map.Walkable(q) || m.State.ActorAt(q) != nil {
				continue
			}
			_, st := c.At(x, y)
			in := distance2(pl, q) <= 36
			assert.Equal(t, in, st.Bg == ColorBlue, "tile %v in range %v", q, in)
		}
	}
}

func TestWrapBreaksBetweenWords(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   string
		w    int
		want []string
	}{
		{"a short line stays whole, spaces and all", "Move: keys  Esc: done", 30, []string{"Move: keys  Esc: done"}},
		{"a long line breaks between words", "the quick brown fox jumps", 10, []string{"the quick", "brown fox", "jumps"}},
		{"a word longer than the line is cut", "abcdefghijkl xy", 5, []string{"abcde", "fghij", "kl xy"}},
		{"an empty text is one empty line", "", 5, []string{""}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, wrap(tc.in, tc.w))
		})
	}
}

func TestTheStatusLineIsOneLineWithTheHelpHintAtEveryWidth(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		hunger events.Hunger
		width  int
		want   string
	}{
		{"normal hunger is not shown", events.Normal, 80,
			"HP ████████ 10/10  MP 4  Lv 1  XP 100/1000  Depth 1  Turn 42  Kills 1     ? help"},
		{"well fed at 80 columns the parts close up to keep the kills", events.WellFed, 80,
			"HP ████████ 10/10 MP 4 Lv 1 XP 100/1000 Depth 1 Well Fed Turn 42 Kills 1  ? help"},
		{"at 81 columns too", events.WellFed, 81,
			"HP ████████ 10/10 MP 4 Lv 1 XP 100/1000 Depth 1 Well Fed Turn 42 Kills 1   ? help"},
		{"starving at 80 columns", events.Starving, 80,
			"HP ████████ 10/10 MP 4 Lv 1 XP 100/1000 Depth 1 Starving Turn 42 Kills 1  ? help"},
		{"at 120 columns everything", events.WellFed, 120,
			"HP ████████ 10/10  MP 4  Lv 1  XP 100/1000  Depth 1  Well Fed  Turn 42  Kills 1" + strings.Repeat(" ", 35) + "? help"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := withFoes(t).m
			s := m.State.Clone()
			s.Hunger = tc.hunger
			m.State = s
			lines := strings.Split(render(m, tc.width, 24), "\n")
			assert.Equal(t, tc.want, lines[20])
		})
	}
}

// A crowded status line (a character of level 7, well fed, deep in a
// long game) keeps every part at 80 columns, the kills too, in short
// forms.
func TestACrowdedStatusLineKeepsTheKillsAt80Columns(t *testing.T) {
	t.Parallel()
	m := withFoes(t).m
	s := m.State.Clone()
	s.Hunger, s.Turn, s.Kills, s.Depth = events.WellFed, 123457, 1234, 12
	p := s.Player()
	p.Level, p.XP, p.HP = 7, 35000, 100
	m.State = s
	lines := strings.Split(render(m, 80, 24), "\n")
	assert.Equal(t, fmt.Sprintf("HP ████ 100/%d MP %d Lv 7 XP 35k/%s Depth 12 Well Fed T 123456 K 1234 ? help",
		s.MaxHP(p), s.MaxMana(p), thousands(s.XPToLevel(p))), strings.Join(strings.Fields(lines[20]), " "))
}

// A monster is drawn over an item on its tile, and an item the player
// does not see now is not drawn (the remembered tile is).
func TestMonstersHideItemsAndItemsOutOfSightAreRememberedDim(t *testing.T) {
	t.Parallel()
	m := withFoes(t).m
	s := m.State.Clone()
	m.State = s
	dagger, ok := s.Content().ByName("Dagger")
	require.True(t, ok)
	var goblin events.Pos
	for _, e := range s.Monsters() {
		if s.CanSee(e.Pos) && s.Content().Name(e.Kind) == "Goblin" {
			goblin = e.Pos
		}
	}
	var memory, unknown events.Pos
	l := m.layout(80, 24)
	area := l.mapArea
	cam := m.camera(l)
	for y := 0; y < area.h; y++ {
		for x := 0; x < area.w; x++ {
			q := events.Pos{X: cam.X + x, Y: cam.Y + y}
			switch {
			case !s.Map.Walkable(q) || s.CanSee(q):
			case s.Explored().Has(q) && memory == (events.Pos{}):
				memory = q
			case !s.Explored().Has(q) && unknown == (events.Pos{}):
				unknown = q
			}
		}
	}
	require.NotEqual(t, events.Pos{}, memory, "a remembered floor tile on screen")
	require.NotEqual(t, events.Pos{}, unknown, "a floor tile never seen, on screen")
	for _, at := range []events.Pos{goblin, memory, unknown} {
		require.NoError(t, s.Apply(&events.Spawned{ID: s.NextID, Kind: dagger, Pos: at}))
	}
	c := NewTextCanvas(80, 24)
	Draw(c, m)
	r, _ := c.At(goblin.X-cam.X, goblin.Y-cam.Y)
	assert.Equal(t, 'g', r, "the goblin over the dagger")
	r, st := c.At(memory.X-cam.X, memory.Y-cam.Y)
	assert.Equal(t, s.Content().Glyph(dagger), r, "the dagger, remembered where it lies")
	assert.Equal(t, Style{Fg: itemColors[r], Dim: true}, st, "dim, as the remembered floor")
	r, _ = c.At(unknown.X-cam.X, unknown.Y-cam.Y)
	assert.Equal(t, ' ', r, "nothing on a tile never seen")
}

// Drawing changes neither the game nor the model.
func TestDrawingChangesNothing(t *testing.T) {
	t.Parallel()
	for _, keys := range [][]Key{nil, {Rune('i')}, {Rune('x'), Rune('h')}, {Rune('i'), Rune('a')}} {
		m := withFoes(t).m
		for _, k := range keys {
			m.HandleKey(k)
		}
		digest := m.State.Digest()
		ui := *m
		ui.State = nil
		Draw(NewTextCanvas(80, 24), m)
		Draw(NewTextCanvas(120, 40), m)
		after := *m
		after.State = nil
		assert.Equal(t, ui, after, "the model after keys %v", keys)
		assert.Equal(t, digest, m.State.Digest())
	}
}

// Under rules 1 and 2, whose tables leave colors to the view (rules 3
// gives each kind its own: see TestEveryKindOfRules3HasAColorAndALook).
func TestMonstersItemsAndTerrainReadApartWithAndWithoutColor(t *testing.T) {
	t.Parallel()
	tables, err := content.ForRules(2)
	require.NoError(t, err)
	var monsters, items []rune
	for code := range 300 {
		switch {
		case tables.Monster(code) != nil && !tables.Monster(code).Player:
			monsters = append(monsters, tables.Glyph(code))
		case tables.Item(code) != nil:
			items = append(items, tables.Glyph(code))
		}
	}
	require.NotEmpty(t, monsters)
	require.NotEmpty(t, items)
	colorOf := map[Color]string{}
	for _, c := range terrainColors {
		colorOf[c] = "terrain"
	}
	for _, g := range monsters {
		st := glyphStyle(g, false, true)
		assert.True(t, st.Bold, "monster %c is bold: it reads without color", g)
		assert.NotEqual(t, ColorDefault, st.Fg, "monster %c has a color", g)
		assert.NotContains(t, []string{"terrain", "item"}, colorOf[st.Fg], "monster %c's color", g)
		colorOf[st.Fg] = "monster"
	}
	for _, g := range items {
		st := glyphStyle(g, false, false)
		assert.False(t, st.Bold, "item %c is not bold: it reads apart from monsters without color", g)
		assert.NotEqual(t, ColorDefault, st.Fg, "item %c has a color", g)
		assert.NotContains(t, []string{"terrain", "monster"}, colorOf[st.Fg], "item %c's color", g)
		colorOf[st.Fg] = "item"
	}
}

func TestEveryKindOfRules3HasAColorAndALook(t *testing.T) {
	t.Parallel()
	tables, err := content.ForRules(3)
	require.NoError(t, err)
	for _, m := range tables.Monsters {
		if m.Player {
			continue
		}
		assert.NotEqual(t, content.NoColor, m.Color, "%s has a color", m.Name)
		assert.NotEmpty(t, m.Look, "%s has a look", m.Name)
	}
	assert.Equal(t, ColorRed, contentColors[content.Red])
	assert.Equal(t, ColorBrown, contentColors[content.Brown])
}

// The sheet's attack says the part of it that Well Fed gives, so that it
// does not change with the same gear for no reason.
func TestTheSheetsAttackShowsThePartFromWellFed(t *testing.T) {
	t.Parallel()
	for _, hunger := range []events.Hunger{events.Normal, events.WellFed} {
		m := withFoes(t).m
		s := m.State.Clone()
		s.Hunger = hunger
		m.State = s
		p := s.Player()
		want := fmt.Sprintf("Attack %+d   ", s.AttackBonus(p))
		if hunger == events.WellFed {
			require.NotZero(t, s.Content().Rules.WellFedHitBonus)
			want = fmt.Sprintf("Attack %+d (%+d Well Fed)   ", s.AttackBonus(p), s.Content().Rules.WellFedHitBonus)
		}
		var text []string
		for _, l := range sheetLines(s) {
			var b strings.Builder
			for _, sp := range l {
				b.WriteString(sp.text)
			}
			text = append(text, b.String())
		}
		assert.Contains(t, strings.Join(text, "\n"), want, "%s", hunger)
	}
}

// isRemembered reports whether c is the color of remembered terrain.
func isRemembered(c Color) bool {
	for t := range numTerrains {
		if c == terrainColor(t, remembered) {
			return true
		}
	}
	return false
}
