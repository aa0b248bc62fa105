package view

import (
	"rogue/events"
	"rogue/reducer/dungeon"
)

// The mouse (and a finger on the page, which the page sends as the same
// events): a click is turned into what keys would do, so a journal
// cannot tell which was used. On the map a click on a known tile walks
// there (the travel job's walk, with its stops), on an adjacent tile
// steps or attacks there, and on the player waits (descends on the stairs
// down, picks up on items, as > and g there do). Hovering, or a right
// click, says what is on a tile (the look line). Menus, item lists and
// the level-up choice take a click on a line as its letter; a click
// closes a panel (the sheet, the help, a page, a notice); in look and
// targeting a click moves the cursor, and in targeting it also aims
// (Enter).

// Mouse is one mouse event as the view understands it: the cell, and the
// button pressed (ButtonNone: the pointer moved there).
type Mouse struct {
	X, Y   int
	Button Button
}

// Button is a mouse button.
type Button uint8

// The buttons.
const (
	ButtonNone  Button = iota // no button: the pointer moved (hover)
	ButtonLeft                // a click
	ButtonRight               // a right click: say what is there
)

// zone is a place on the screen that a click chooses something in: the
// line of a menu, say. act does what the keys for it do.
type zone struct {
	r   rect
	act func(m *Model) Intent
}

func (r rect) has(x, y int) bool { return x >= r.x && x < r.x+r.w && y >= r.y && y < r.y+r.h }

// hitCanvas draws nothing: drawing the model on it collects the zones
// of the screen, where they are drawn, so that clicks and drawing never
// disagree.
type hitCanvas struct {
	w, h  int
	zones []zone
}

func (c *hitCanvas) Size() (int, int)          { return c.w, c.h }
func (c *hitCanvas) Set(int, int, rune, Style) {}

// hit marks r as a zone doing act, when c collects zones.
func hit(c Canvas, r rect, act func(m *Model) Intent) {
	if hc, ok := c.(*hitCanvas); ok {
		hc.zones = append(hc.zones, zone{r, act})
	}
}

// keyAct is the act of a zone that does what key k does.
func keyAct(k Key) func(m *Model) Intent {
	return func(m *Model) Intent { return m.HandleKey(k) }
}

// playKeyAct is keyAct on the play screen only (over it, a menu takes
// its own clicks).
func playKeyAct(k Key) func(m *Model) Intent {
	return func(m *Model) Intent {
		if m.Mode() != ModePlay {
			return Intent{}
		}
		return m.HandleKey(k)
	}
}

// HandleMouse says what mouse event ev means on the current screen, as
// HandleKey does for a key (ev's cell as Resize's size has the screen).
// A click is a key press: it stops a job under way, and its messages are
// the new ones.
func (m *Model) HandleMouse(ev Mouse) Intent {
	if ev.Button == ButtonNone {
		m.hoverAt(ev.X, ev.Y)
		return Intent{}
	}
	m.hovering = false
	if m.tooSmall() || m.w <= 0 || m.h <= 0 {
		return Intent{}
	}
	if m.quitting && ev.Button == ButtonLeft {
		return m.HandleKey(Named(KeyEsc)) // "save and quit?": not a yes
	}
	if ev.Button == ButtonLeft {
		hc := &hitCanvas{w: m.w, h: m.h}
		Draw(hc, m)
		for i := len(hc.zones) - 1; i >= 0; i-- { // the last drawn is on top
			if z := hc.zones[i]; z.r.has(ev.X, ev.Y) {
				return z.act(m)
			}
		}
	}
	mode := m.Mode()
	p, onMap := m.TileAt(ev.X, ev.Y)
	switch {
	case ev.Button == ButtonRight && onMap:
		m.moment++
		m.Say(describe(m.State, p))
	case ev.Button == ButtonRight:
	case mode == ModePlay && onMap:
		return m.clickMap(p)
	case mode == ModeLook && onMap:
		m.cursor = p
	case mode == ModeTarget && onMap:
		m.cursor = p
		return m.HandleKey(Named(KeyEnter))
	case mode == ModeInventory, mode == ModeDrop, mode == ModeRemove, mode == ModePickUp, mode == ModeEnchant,
		mode == ModeSheet, mode == ModeHelp, mode == ModeNotice, mode == ModePage, mode == ModeHistory, mode == ModeLook:
		return m.HandleKey(Named(KeyEsc)) // a click beside a window closes it
	}
	return Intent{}
}

// clickMap is a click on tile p of the play screen's map.
func (m *Model) clickMap(p events.Pos) Intent {
	s := m.State
	me := s.Player()
	if me == nil || s.Map == nil {
		return Intent{}
	}
	switch d, adjacent := events.DirTo(me.Pos, p); {
	case p == me.Pos && s.Map.At(p) == dungeon.DownStairs:
		return m.HandleKey(Rune('>'))
	case p == me.Pos && len(s.ItemsAt(p)) > 0:
		return m.HandleKey(Rune('g'))
	case p == me.Pos:
		return m.HandleKey(Rune('.'))
	case adjacent:
		return m.HandleKey(Rune(viKeys[d]))
	}
	m.moment++
	return m.orderGo(p)
}

// viKeys are the keys of the eight directions, in Dir order.
var viKeys = func() [events.NumDirs]rune {
	var keys [events.NumDirs]rune
	for _, r := range "hjklyubn" {
		if d, ok := direction(Rune(r)); ok {
			keys[d] = r
		}
	}
	return keys
}()

// hoverAt shows what is on the tile under the pointer at (x, y), if any.
func (m *Model) hoverAt(x, y int) {
	m.hover, m.hovering = m.TileAt(x, y)
	if m.Mode() != ModePlay {
		m.hovering = false
	}
}

// Hovered is the tile the pointer rests on, if it rests on the map of
// the play screen: the message area's first line says what is there.
func (m *Model) Hovered() (events.Pos, bool) { return m.hover, m.hovering }

// TileAt is the map tile drawn in cell (x, y) of the play screen (and of
// the screens over it: look, targeting, the item menus), at the size
// Resize gave; false when the cell shows no tile.
func (m *Model) TileAt(x, y int) (events.Pos, bool) {
	l, cam, ok := m.mapView()
	if !ok || !l.mapArea.has(x, y) {
		return events.Pos{}, false
	}
	p := events.Pos{X: cam.X + x - l.mapArea.x, Y: cam.Y + y - l.mapArea.y}
	return p, m.State.Map.InBounds(p)
}

// CellOf is the cell that tile p is drawn in, the inverse of TileAt;
// false when p is not on the screen.
func (m *Model) CellOf(p events.Pos) (x, y int, ok bool) {
	l, cam, ok := m.mapView()
	if !ok {
		return 0, 0, false
	}
	x, y = l.mapArea.x+p.X-cam.X, l.mapArea.y+p.Y-cam.Y
	return x, y, l.mapArea.has(x, y) && m.State.Map.InBounds(p)
}

// mapView is the play screen's layout and camera at the known size.
func (m *Model) mapView() (layout, events.Pos, bool) {
	switch m.Mode() {
	case ModeMainMenu, ModeJournals, ModePage, ModeNotice, ModeGameOver, ModeHistory:
		return layout{}, events.Pos{}, false
	}
	if m.State == nil || m.State.Map == nil || m.State.Player() == nil || m.w < MinWidth || m.h < MinHeight {
		return layout{}, events.Pos{}, false
	}
	l := m.layout(m.w, m.h)
	return l, m.camera(l), true
}
