package view

// notice is a page of text shown over whatever screen was up, until the
// player dismisses it: what the program did to a journal on opening it
// (a torn tail cut and where its bytes went) must not scroll away unseen.
type notice struct {
	page
	back Mode // the screen to go back to
}

// ShowNotice shows title and lines until Enter, Esc or space dismisses
// them; the screen that was up comes back then.
func (m *Model) ShowNotice(title string, lines []string) {
	back := m.mode
	if m.mode == ModeNotice {
		back = m.notice.back
	}
	m.notice = notice{page: page{Title: title, Lines: lines}, back: back}
	m.mode = ModeNotice
}

func (m *Model) keyNotice(k Key) Intent {
	switch {
	case k == Rune('Q'):
		return Intent{Quit: true}
	case k.Code == KeyEsc, k.Code == KeyEnter, k == Rune(' '):
		m.mode = m.notice.back
	}
	return Intent{}
}

func (m *Model) drawNotice(c Canvas) {
	w, h := c.Size()
	put(c, 2, 1, m.notice.Title, styleWarn, w-4)
	y := 3
	for _, l := range m.notice.Lines {
		for _, part := range wrap(l, w-4) {
			if y >= h-2 {
				break
			}
			put(c, 2, y, part, Plain, w-4)
			y++
		}
	}
	put(c, 2, h-2, "Enter: go on", styleHint, w-4)
}
