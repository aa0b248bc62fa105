package view

import (
	"fmt"
	"path/filepath"
	"strings"
)

// The main menu (new game, continue, replay a journal, quit), the list of
// journals to replay, and the page that shows one.

type menuAction uint8

const (
	actNewGame menuAction = iota
	actContinue
	actReplay
	actScores
	actPalette
	actQuit
)

type menuItem struct {
	key    rune
	label  string
	detail string
	act    menuAction
}

// menuItems are the main menu's lines: continuing and replaying only when
// there is something to continue or replay.
func (m *Model) menuItems() []menuItem {
	items := []menuItem{{'n', "New game", "", actNewGame}}
	if m.menu.Continue != "" {
		items = append(items, menuItem{'c', "Continue", m.menu.Continue, actContinue})
	}
	if n := len(m.menu.Journals); n > 0 {
		items = append(items, menuItem{'r', "Replay a journal", fmt.Sprintf("%d in the data folder", n), actReplay})
		items = append(items, menuItem{'h', "Hall of fame", "the best games", actScores})
	}
	items = append(items, menuItem{'p', "Colours", m.Palette.String(), actPalette})
	return append(items, menuItem{'q', "Quit", "", actQuit})
}

// menuKeys are the main menu's keys, as ? on it shows them.
var menuKeys = []string{
	"Up/Down (or j/k, Tab)  move the selection",
	"Enter                  choose the selected line",
	"n                      a new game",
	"c                      continue the unfinished game (when there is one)",
	"r                      replay a journal of the data folder",
	"h                      the hall of fame",
	"p                      the colours: default, or for colour blindness",
	"q, Q, Esc              quit",
	"?                      these keys",
	"",
	"In a game, ? shows the game's keys.",
}

func (m *Model) keyMainMenu(k Key) Intent {
	if m.confirm {
		// New game asked whether to set the unfinished game aside.
		m.confirm = false
		if k == Rune('y') || k == Rune('Y') {
			return Intent{Menu: MenuNewGame}
		}
		return Intent{}
	}
	items := m.menuItems()
	m.menuSaid = ""
	step := menuStep(k)
	if k == Rune('j') {
		step = 1
	}
	if k == Rune('k') {
		step = -1
	}
	if step != 0 {
		m.moveSelection(step, len(items))
		return Intent{}
	}
	choose := -1
	switch {
	case k == Rune('?'):
		m.page = page{Title: "Keys of the main menu", Lines: menuKeys, menu: true}
		m.mode = ModePage
		return Intent{}
	case k.Code == KeyEnter:
		choose = m.sel
	case k == Rune('Q'), k.Code == KeyEsc:
		return Intent{Quit: true}
	case k.Code == KeyRune:
		for i, it := range items {
			if it.key == k.Rune {
				choose = i
			}
		}
	}
	if choose < 0 || choose >= len(items) {
		if k.Code == KeyRune {
			m.menuSaid = notOffered(k.Rune)
		}
		return Intent{}
	}
	m.sel = choose
	switch items[choose].act {
	case actNewGame:
		if m.menu.Continue != "" {
			m.confirm = true
			return Intent{}
		}
		return Intent{Menu: MenuNewGame}
	case actContinue:
		return Intent{Menu: MenuContinue}
	case actReplay:
		m.open(ModeJournals)
		return Intent{}
	case actScores:
		return Intent{Menu: MenuScores}
	case actPalette:
		m.Palette = m.Palette.Next()
		return Intent{Menu: MenuPalette}
	}
	return Intent{Quit: true}
}

func (m *Model) keyJournals(k Key) Intent {
	if step := menuStep(k); step != 0 {
		m.moveSelection(step, len(m.menu.Journals))
		return Intent{}
	}
	switch {
	case k.Code == KeyEsc:
		m.ShowMainMenu(m.menu)
	case k == Rune('Q'):
		return Intent{Quit: true}
	case k.Code == KeyEnter && m.sel < len(m.menu.Journals):
		return Intent{Menu: MenuReplay, Journal: m.menu.Journals[m.sel]}
	}
	return Intent{}
}

func (m *Model) keyPage(k Key) Intent {
	switch {
	case k == Rune('Q'):
		return Intent{Quit: true}
	case k.Code == KeyEsc, k.Code == KeyEnter, k == Rune('q'), k == Rune(' '):
		m.mode = ModeJournals
		if m.page.menu {
			m.mode = ModeMainMenu
		}
	}
	return Intent{}
}

func (m *Model) drawMainMenu(c Canvas) {
	w, h := c.Size()
	items := m.menuItems()
	top := max(1, (h-len(items)*2-8)/2)
	// Centred on its widest line as shown: without the details' names
	// in brackets when the lines are too wide for them (see fitDetail).
	widest := func(detail func(string) string) (n int) {
		for _, it := range items {
			n = max(n, 23+textWidth(detail(it.detail)))
		}
		return n
	}
	block := widest(func(s string) string { return s })
	if block > w-4 {
		block = widest(shortDetail)
	}
	x := max(2, (w-max(block, 44))/2)
	put(c, x, top, "rogue", Style{Bold: true, Fg: ColorYellow}, -1)
	put(c, x, top+1, "a roguelike whose whole game is a journal", styleHint, w-x)
	y := top + 4
	for i, it := range items {
		st := Plain
		if i == m.sel {
			st = styleSelected
		}
		label := fmt.Sprintf(" %c  %-18s", it.key, it.label)
		put(c, x, y, label, st, w-x)
		hit(c, rect{x, y, w - x, 1}, keyAct(Rune(it.key)))
		if it.detail != "" {
			room := w - x - textWidth(label) - 1
			put(c, x+textWidth(label)+1, y, fitDetail(it.detail, room), styleHint, room)
		}
		y += 2
	}
	if m.confirm {
		for j, line := range wrap(newGameQuestion, min(w-x-2, 60)) {
			if y+1+j >= h {
				break
			}
			put(c, x, y+1+j, line, styleWarn, w-x)
		}
		return
	}
	if m.menuSaid != "" {
		for j, line := range wrap(m.menuSaid, min(w-x-2, 60)) {
			put(c, x, y+1+j, line, styleWarn, w-x)
		}
		y += len(wrap(m.menuSaid, min(w-x-2, 60)))
	}
	put(c, x, y+1, "Up/Down and Enter, or a letter.  ?: keys", styleHint, w-x)
	for i, note := range m.menu.Notes {
		y := y + 3 + i*2
		if y+1 >= h {
			break
		}
		wrapped := wrap(note, w-4)
		for j, line := range wrapped[:min(2, len(wrapped))] {
			put(c, 2, y+j, line, styleWarn, w-4)
		}
	}
}

func (m *Model) drawJournals(c Canvas) {
	w, h := c.Size()
	put(c, 2, 1, "Replay a journal", styleTitle, w-4)
	list := m.menu.Journals
	rows := h - 5
	first := 0
	if m.sel >= rows {
		first = m.sel - rows + 1
	}
	// The names in one column, as wide as the longest, leaving the
	// details 30 columns at least.
	nameW := 0
	for _, j := range list {
		nameW = max(nameW, textWidth(filepath.Base(j)))
	}
	nameW = min(nameW, w-4-2-30)
	for i := first; i < len(list) && i-first < rows; i++ {
		st := Plain
		if i == m.sel {
			st = styleSelected
		}
		name := " " + pad(fitName(filepath.Base(list[i]), nameW), nameW) + " "
		put(c, 2, 3+i-first, name, st, w-4)
		hit(c, rect{2, 3 + i - first, w - 4, 1}, func(m *Model) Intent {
			m.sel = i
			return m.HandleKey(Named(KeyEnter))
		})
		if m.menu.Describe != nil {
			x := 2 + textWidth(name) + 1
			put(c, x, 3+i-first, fitDetail(m.menu.Describe(list[i]), w-2-x), styleHint, w-2-x)
		}
	}
	put(c, 2, h-2, "Up/Down and Enter: replay  Esc: back", styleHint, w-4)
}

func (m *Model) drawPage(c Canvas) {
	hint := "Esc: back to the journals"
	if m.page.menu {
		hint = "Esc: back to the menu"
	}
	drawTextPage(c, m.page.Title, styleTitle, m.page.Lines, hint)
}

// drawTextPage draws a page of text: its title, its lines wrapped to the
// width (what does not fit above the hint is left out) and a hint at the
// bottom.
func drawTextPage(c Canvas, title string, titleStyle Style, lines []string, hint string) {
	w, h := c.Size()
	put(c, 2, 1, title, titleStyle, w-4)
	y := 3
	for _, l := range lines {
		for _, part := range wrap(l, w-4) {
			if y >= h-2 {
				break
			}
			put(c, 2, y, part, Plain, w-4)
			y++
		}
	}
	put(c, 2, h-2, hint, styleHint, w-4)
}

// notOffered is what the menu says of a key of its own it does not
// offer now: c with no game to continue, r and h with no journal yet.
func notOffered(r rune) string {
	switch r {
	case 'c':
		return "There is no unfinished game to continue: n begins one."
	case 'r', 'h':
		return "No game has been played here yet: once one has, r replays it and h ranks it. n begins one."
	}
	return ""
}

// newGameQuestion is asked when New game is chosen while a game can be
// continued: the new game takes Continue's place in the menu, and the
// other stays in the data folder, whole. A build for another platform
// words it in SetWords.
var newGameQuestion = "Set the unfinished game aside and begin a new one? It stays in the data folder: Replay finds it, rogue play --journal FILE continues it. y: new game, any other key: back"

// fitDetail fits an item's detail into room columns: whole if it fits,
// else without its closing part in parentheses (the journal's name), else
// cut with an ellipsis, so that a narrow screen never shows half a name.
func fitDetail(s string, room int) string {
	if textWidth(s) <= room {
		return s
	}
	if short := shortDetail(s); textWidth(short) <= room {
		return short
	}
	if room < 1 {
		return ""
	}
	r := []rune(s)
	return string(r[:min(len(r), room-1)]) + "…"
}

// fitName is a journal's name cut to room cells in its middle, so that
// both its date and its end (a take-over's "from-turn-812.rogue") stay
// and the column after it stays in line.
func fitName(s string, room int) string {
	r := []rune(s)
	if len(r) <= room || room < 3 {
		return s
	}
	head := (room - 1) / 2
	return string(r[:head]) + "…" + string(r[len(r)-(room-1-head):])
}

// shortDetail is detail without the name in brackets at its end, if it
// has one.
func shortDetail(s string) string {
	if i := strings.LastIndex(s, " ("); i > 0 && strings.HasSuffix(s, ")") {
		return s[:i]
	}
	return s
}
