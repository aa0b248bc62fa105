package view

import "fmt"

// The message history (Ctrl-P or M): every message of the game, newest
// at the bottom, scrolled with the movement keys, Page Up and Page Down,
// Home and End.

// SetEarlier gives the model the messages said before those it was
// begun with (a resumed game's older turns): load is called the first
// time the history opens, and its lines go before the log's.
func (m *Model) SetEarlier(load func() []string) { m.earlier = load }

// openHistory shows the history at its end, with the earlier messages
// loaded first if they are not yet.
func (m *Model) openHistory() {
	if m.earlier != nil {
		var old []entry
		for _, text := range m.earlier() {
			text = sentence(text)
			switch n := len(old); {
			case text == "":
			case n > 0 && old[n-1].text == text:
				old[n-1].count++
			default:
				old = append(old, entry{text: text, count: 1, moment: m.moment - 1})
			}
		}
		m.log = append(old, m.log...)
		m.earlier = nil
	}
	if m.mode != ModeHistory {
		m.back = m.mode
	}
	m.mode = ModeHistory
	m.scroll = 0
}

func (m *Model) keyHistory(k Key) Intent {
	page := max(1, m.historyRows()-1)
	switch {
	case k == Rune('Q'):
		return Intent{Quit: true}
	case k.Code == KeyEsc, k.Code == KeyEnter, k == Rune(' '), k == Rune('M'), k.Code == KeyCtrlP:
		m.mode = m.back
		return Intent{}
	case k.Code == KeyUp, k == Rune('k'), k == Rune('8'):
		m.scroll++
	case k.Code == KeyDown, k == Rune('j'), k == Rune('2'):
		m.scroll--
	case k.Code == KeyPgUp, k == Rune('b'), k == Rune('9'):
		m.scroll += page
	case k.Code == KeyPgDn, k == Rune('f'), k == Rune('3'):
		m.scroll -= page
	case k.Code == KeyHome, k == Rune('g'), k == Rune('7'):
		m.scroll = len(m.log)
	case k.Code == KeyEnd, k == Rune('G'), k == Rune('1'):
		m.scroll = 0
	}
	m.scroll = max(0, min(m.scroll, m.maxScroll()))
	return Intent{}
}

// historyRows is how many message lines the history shows at once.
func (m *Model) historyRows() int {
	h := m.h
	if h <= 0 {
		h = MinHeight
	}
	return h - 2
}

// historyLines are the log's lines wrapped to width w, oldest first.
func (m *Model) historyLines(w int) []string {
	var out []string
	for _, e := range m.log {
		out = append(out, wrap(e.String(), w)...)
	}
	return out
}

// maxScroll is how far up the history can scroll.
func (m *Model) maxScroll() int {
	w := m.w
	if w <= 0 {
		w = Width
	}
	return max(0, len(m.historyLines(w))-m.historyRows())
}

// drawHistory fills the screen with the history: a title line, the
// messages, and a line of keys that says where in the history it is.
func (m *Model) drawHistory(c Canvas) {
	w, h := c.Size()
	rows := h - 2
	lines := m.historyLines(w)
	scroll := max(0, min(m.scroll, len(lines)-rows))
	end := len(lines) - scroll
	start := max(0, end-rows)
	put(c, 0, 0, fmt.Sprintf("Messages %d-%d of %d", min(start+1, end), end, len(lines)), styleTitle, w)
	for i, l := range lines[start:end] {
		put(c, 0, 1+i, l, Plain, w)
	}
	put(c, 0, h-1, "Up/Down, PgUp/PgDn, Home/End: scroll  Esc: close", styleHint, w)
}
