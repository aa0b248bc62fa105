package view

import (
	"sync"

	"rogue/events"
	"rogue/reducer/content"
	"rogue/reducer/dungeon"
)

// The map: tiles through a camera that follows the player (and keeps the
// look or targeting cursor in view), blank beyond the level's edges. Visible
// tiles are lit, a little less far from the player (see light.go), and
// remembered ones dark, each kind of terrain in its colors (see
// palette.go); monsters show only where the
// player sees them, over an item. An item on a tile out of sight that the
// player has seen (explored) is remembered there, dim, as the walls are:
// items on the floor move only when the player picks them up or drops
// them, or when a monster dies holding them, so the state's explored
// tiles tell where the player saw each one, in play, after Continue and
// in a replay alike.

// camera is the map position shown at the top-left corner of the map's
// area. It keeps the player centred (as DCSS does), even at the level's
// edges, beyond which the view is blank, so that every step scrolls the
// map by one tile and the player is always where the eye left them, in
// the middle; a map that scrolled by half a screen would jump 10 rows at
// 80x24 and hide what lies 2 rows ahead of a player at the edge, and one
// that stopped at the level's edges would leave a phone's narrow view
// with the player at its side. A level that fits the view whole stands
// still in its middle. It is centred in the steady area (l.steadyH
// rows, what the map has when no busy turn takes rows from it), so the
// map stays put when a busy turn's messages push its bottom up: it moves
// only as far as keeps the player and the tiles beside them in the
// smaller area.
func (m *Model) camera(l layout) events.Pos {
	s := m.State
	p := s.Player().Pos
	area := l.mapArea
	cam := events.Pos{
		X: axis(p.X, area.w, s.Map.Width),
		Y: axis(p.Y, max(area.h, l.steadyH), s.Map.Height),
	}
	if l.steadyH > area.h {
		// The rows next to the player stay in view too: what stands
		// beside them is never hidden by a busy turn's messages.
		cam.Y = follow(cam.Y, min(p.Y+1, s.Map.Height-1), area.h, s.Map.Height)
		cam.Y = follow(cam.Y, max(p.Y-1, 0), area.h, s.Map.Height)
	}
	if mode := m.Mode(); mode == ModeLook || mode == ModeTarget {
		cam.X = follow(cam.X, m.cursor.X, area.w, s.Map.Width)
		cam.Y = follow(cam.Y, m.cursor.Y, area.h, s.Map.Height)
	}
	return cam
}

// axis is the camera's start on one axis: centred on p, past the level's
// edges if need be; a level no larger than the view is centred in it.
func axis(p, view, size int) int {
	if size <= view {
		return -(view - size) / 2
	}
	return p - view/2
}

// follow moves a camera start just enough to show q (on a level larger
// than the view: one that fits is shown whole).
func follow(cam, q, view, size int) int {
	if size <= view {
		return cam
	}
	if q < cam {
		cam = q
	}
	if q >= cam+view {
		cam = q - view + 1
	}
	return cam
}

func (m *Model) drawMap(c Canvas, l layout) {
	area := l.mapArea
	s := m.State
	p := s.Player()
	if p == nil || s.Map == nil || area.w <= 0 || area.h <= 0 {
		return
	}
	visible, explored := s.Visible(), s.Explored()
	cam := m.camera(l)
	// What is visibly on each tile of the area: an item (the lowest id)
	// unless an actor stands there.
	scratch := glyphScratch.Get().(*glyphs)
	defer glyphScratch.Put(scratch)
	seen, seenStyle := scratch.of(area.w * area.h)
	for e := range s.Entities() {
		x, y := e.Pos.X-cam.X, e.Pos.Y-cam.Y
		if !e.OnMap() || x < 0 || x >= area.w || y < 0 || y >= area.h || !s.Map.InBounds(e.Pos) {
			continue
		}
		actor := s.IsActor(e)
		vis := visible.Has(e.Pos)
		if !vis && (actor || !explored.Has(e.Pos)) {
			continue
		}
		at := y*area.w + x
		if seen[at] != 0 && !actor {
			continue
		}
		g := s.Content().Glyph(e.Kind)
		seen[at], seenStyle[at] = g, glyphStyle(g, e.ID == events.PlayerID, actor)
		if c := s.Content().ColorOf(e.Kind); c != content.NoColor && e.ID != events.PlayerID {
			seenStyle[at].Fg = contentColors[c]
		}
		if !vis {
			seenStyle[at] = Style{Fg: seenStyle[at].Fg, Dim: true} // remembered
		}
	}
	mode := m.Mode()
	vision := s.Content().Rules.Vision
	for sy := 0; sy < area.h; sy++ {
		for sx := 0; sx < area.w; sx++ {
			mp := events.Pos{X: cam.X + sx, Y: cam.Y + sy}
			if !s.Map.InBounds(mp) {
				continue
			}
			vis := visible.Has(mp)
			r, st := ' ', Plain
			switch {
			case vis:
				r, st = tileGlyph(s.Map.At(mp), lightLevel(mp.X-p.Pos.X, mp.Y-p.Pos.Y, vision))
			case explored.Has(mp):
				r, st = tileGlyph(s.Map.At(mp), remembered)
			}
			if g := seen[sy*area.w+sx]; g != 0 {
				r, st = g, seenStyle[sy*area.w+sx]
			}
			if mode == ModeTarget && vis && s.Map.Walkable(mp) {
				switch {
				case m.inBlast(mp):
					st.Bg = ColorRed
				case m.inRange(mp):
					st.Bg = ColorBlue
				}
			}
			if (mode == ModeLook || mode == ModeTarget) && mp == m.cursor {
				st = styleCursor
			}
			c.Set(area.x+sx, area.y+sy, r, st)
		}
	}
}

// glyphs is drawMap's scratch: what is seen on each tile of the map's
// area. Reused from frame to frame (an export draws ten thousand), as
// allocating it each time made most of the garbage of drawing one.
type glyphs struct {
	runes  []rune
	styles []Style
}

var glyphScratch = sync.Pool{New: func() any { return new(glyphs) }}

// of is the scratch for n tiles, with no glyph on any.
func (g *glyphs) of(n int) ([]rune, []Style) {
	if cap(g.runes) < n {
		g.runes, g.styles = make([]rune, n), make([]Style, n)
	}
	clear(g.runes[:n])
	return g.runes[:n], g.styles[:n]
}

// tileGlyph is how a tile looks at light level l (remembered: out of
// sight), its color the palette's for that kind of terrain and light.
func tileGlyph(t dungeon.Tile, l int) (rune, Style) {
	switch t {
	case dungeon.Wall:
		return '#', Style{Fg: terrainColor(terrainWall, l)}
	case dungeon.Floor:
		return '.', Style{Fg: terrainColor(terrainFloor, l)}
	case dungeon.DownStairs:
		return '>', Style{Fg: terrainColor(terrainStairs, l), Bold: l != remembered}
	}
	if l == remembered {
		return '?', Style{Fg: ColorGray, Dim: true}
	}
	return '?', Style{Fg: ColorMagenta}
}

// Monsters, items and terrain read apart with and without colors:
// monsters are bold, items are not, remembered terrain is dim; and no
// monster shares a color with an item (the content tables give the
// glyph; the colors are the view's business).
var (
	monsterColors = map[rune]Color{'r': ColorRed, 'g': ColorGreen, 'o': ColorMagenta, 'O': ColorMagenta, 'T': ColorRed}
	itemColors    = map[rune]Color{
		'!': ColorBlue, '%': ColorBrown, '?': ColorCyan,
		'/': ColorCyan, '(': ColorGray, '^': ColorGray, '[': ColorGray,
		'-': ColorBrown, '=': ColorCyan, '"': ColorBlue,
	}
	// terrainColors are the colors of the tiles in sight, for the test
	// that no monster or item looks like one.
	terrainColors = []Color{terrainColor(terrainWall, 0), terrainColor(terrainFloor, 0), terrainColor(terrainStairs, 0)}
)

// contentColors are the view's colors of the tables' (rules 3 and later
// give every monster and item its own).
var contentColors = [...]Color{
	content.NoColor: ColorDefault, content.Red: ColorRed, content.Green: ColorGreen,
	content.Yellow: ColorYellow, content.Blue: ColorBlue, content.Magenta: ColorMagenta,
	content.Cyan: ColorCyan, content.White: ColorWhite, content.Gray: ColorGray, content.Brown: ColorBrown,
}

// glyphStyle is how an entity with glyph g looks on the map.
func glyphStyle(g rune, player, actor bool) Style {
	switch {
	case player:
		return Style{Fg: ColorWhite, Bold: true}
	case actor:
		return Style{Fg: monsterColors[g], Bold: true}
	}
	return Style{Fg: itemColors[g]}
}
