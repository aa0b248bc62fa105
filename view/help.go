package view

import (
	"fmt"
	"slices"
)

// The help (?): every key of the game.

// helpKeys are the keys and what they do, as the help lists them.
var helpKeys = [][2]string{
	{"  y k u", "walk that way (into a monster: attack)"},
	{"  h @ l", "the arrows and the numpad's 1-9 walk too"},
	{"  b j n", ""},
	{"Shift+arrow, H J K L...", "run until something is worth a look"},
	{". or 5", "wait a turn"},
	{"Z", "rest until healed"},
	{"o  A", "explore the level  its pickup of ! and ? on/off"},
	{">", "go down the stairs (first travel to them)"},
	{"g or ,", "pick up (from a pile: choose which)"},
	{"i  d  R", "inventory (use, equip)  drop  take off"},
	{"c", "character sheet"},
	{"x  v", "look around (Tab: monsters)  say what you see"},
	{"Ctrl-P or M", "message history"},
	{"?  Esc", "this help  cancel, close"},
	{"Q, Ctrl-C", "save and quit: rogue continues the game"},
	{"Ctrl-Z  Ctrl-R", "suspend to the shell  redraw the screen"},
	{"Any key", "stops resting, exploring, travelling, running"},
	{"When aiming", "movement keys move, Tab next target, Enter use"},
}

// SetPlatformKeys replaces the help's line for the keys of the terminal
// around the game (job control, redraw) with keys and what: a build for
// another platform calls it before drawing (the browser's says which
// keys the browser keeps for itself).
func SetPlatformKeys(keys, what string) {
	for i, k := range helpKeys {
		if k[0] == "Ctrl-Z  Ctrl-R" {
			helpKeys[i] = [2]string{keys, what}
		}
	}
}

// Words are the view's lines that name the terminal's own commands; a
// build for another platform (the page, which has no shell) words them
// itself with SetWords before drawing. An empty field keeps the
// terminal's.
type Words struct {
	// Quit is what the help says Q and Ctrl-C do.
	Quit string
	// SetAside is the question the menu's New game asks while a game
	// can be continued, ending with its keys.
	SetAside string
}

// SetWords replaces the terminal's words with w's.
func SetWords(w Words) {
	if w.Quit != "" {
		for i, k := range helpKeys {
			if k[0] == "Q, Ctrl-C" {
				helpKeys[i][1] = w.Quit
			}
		}
	}
	if w.SetAside != "" {
		newGameQuestion = w.SetAside
	}
}

// helpLines are the help's lines for a map area w cells wide.
func helpLines(w int) []line {
	var lines []line
	keyW, textW := 24, 0
	for _, k := range helpKeys {
		textW = max(textW, textWidth(k[1]))
	}
	// On a narrow screen the keys take a narrower column, a key longer
	// than it a line of its own, and what they do wraps under itself.
	if room := w - 4; keyW+textW > room {
		keyW = helpNarrowKeys
		textW = max(1, room-keyW)
	}
	for _, k := range helpKeys {
		key := k[0]
		if textWidth(key) >= keyW {
			lines = append(lines, styled(key, Style{Bold: true}))
			key = ""
		}
		for i, part := range wrap(k[1], textW) {
			if i > 0 {
				key = ""
			}
			lines = append(lines, line{{pad(key, keyW), Style{Bold: true}}, {part, Plain}})
		}
	}
	return lines
}

// helpPage is the help on a screen w x h whose map area is area: its
// lines, and, when they cannot all be shown at once (not in one column
// down to the screen's bottom, nor in columns side by side within its
// width), how many rows one page shows (0 when they can).
func helpPage(area rect, h int) ([]line, int) {
	lines := helpLines(area.w)
	rows := max(1, h-area.y-2) // the window takes the rows below the map
	if len(lines) <= rows {
		return lines, 0
	}
	cols := (len(lines) + rows - 1) / rows
	width := 4 + columnGap*(cols-1)
	for c := range cols {
		w := 0
		for _, l := range lines[c*rows : min(len(lines), (c+1)*rows)] {
			w = max(w, l.width())
		}
		width += w
	}
	if width <= area.w {
		return lines, 0
	}
	return lines, max(1, rows-1) // a row for where the page is
}

// helpTopMost is the first line of the help's last page.
func helpTopMost(lines []line, rows int) int { return max(0, len(lines)-rows) }

// drawHelp draws the keys; on a screen too small to show them all (50x24,
// 40 columns) it shows a page of them, which the movement keys scroll.
func (m *Model) drawHelp(c Canvas, area rect) {
	_, h := c.Size()
	lines, rows := helpPage(area, h)
	win := window{title: "Keys", hint: "Esc: close", selected: -1, lines: lines}
	if rows > 0 {
		top := min(max(m.helpTop, 0), helpTopMost(lines, rows))
		end := min(len(lines), top+rows)
		win.lines = append(slices.Clone(lines[top:end]), styled(fmt.Sprintf("lines %d-%d of %d", top+1, end, len(lines)), styleHint))
		win.hint = "j k: scroll  Esc: close"
		// The page takes the rows under the map, the status's and the
		// messages': none shows beside it.
		w, _ := c.Size()
		fill(c, 0, area.y+area.h, w, h-area.y-area.h, ' ', Plain)
	}
	win.draw(c, area)
}

// keyHelp: the help closes as a panel does (Esc, Enter, space, ?); on a
// screen too small for all of it, the movement keys scroll it a line,
// PgUp and PgDn a page.
func (m *Model) keyHelp(k Key) Intent {
	w, h := m.w, m.h
	if w <= 0 || h <= 0 {
		w, h = MinWidth, MinHeight
	}
	lines, rows := helpPage(m.layout(w, h).mapArea, h)
	if rows == 0 {
		return m.keyPanel(k)
	}
	switch {
	case k.Code == KeyDown, k == Rune('j'), k == Rune('2'):
		m.helpTop++
	case k.Code == KeyUp, k == Rune('k'), k == Rune('8'):
		m.helpTop--
	case k.Code == KeyPgDn, k == Rune('f'), k == Rune('3'):
		m.helpTop += rows
	case k.Code == KeyPgUp, k == Rune('b'), k == Rune('9'):
		m.helpTop -= rows
	default:
		return m.keyPanel(k)
	}
	m.helpTop = min(max(m.helpTop, 0), helpTopMost(lines, rows))
	return Intent{}
}

// helpNarrowKeys is the keys' column of the help on a narrow screen.
const helpNarrowKeys = 12

// pad fills s with blanks to n cells.
func pad(s string, n int) string {
	for w := textWidth(s); w < n; w++ {
		s += " "
	}
	return s
}
