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
	drawTextPage(c, m.notice.Title, styleWarn, m.notice.Lines, "Enter: go on")
}
