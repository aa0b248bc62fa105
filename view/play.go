package view

import "rogue/events"

// keyPlay is the play screen: movement keys walk (and attack), the rest
// are commands or open a screen.
func (m *Model) keyPlay(k Key) Intent {
	if d, ok := direction(k); ok {
		return Intent{Command: &events.Move{Dir: d}}
	}
	if isWait(k) {
		return Intent{Command: &events.Wait{}}
	}
	if k.Code != KeyRune {
		return Intent{}
	}
	switch k.Rune {
	case 'g', ',':
		return Intent{Command: &events.PickUp{}}
	case '>':
		return Intent{Command: &events.Descend{}}
	case 'i':
		m.open(ModeInventory)
	case 'd':
		m.open(ModeDrop)
	case 'R':
		if len(m.worn()) == 0 {
			m.Say("you are wearing nothing")
			return Intent{}
		}
		m.open(ModeRemove)
	case 'c':
		m.open(ModeSheet)
	case '?':
		m.open(ModeHelp)
	case 'x':
		m.open(ModeLook)
		if p := m.State.Player(); p != nil {
			m.cursor = p.Pos
		}
	case 'Q':
		return Intent{Quit: true}
	}
	return Intent{}
}

// open shows screen mode with its selection at the top.
func (m *Model) open(mode Mode) {
	m.mode = mode
	m.sel = 0
}

// keyPanel is a screen that only shows something (the sheet, the help):
// Esc, Enter, space or the key that opened it closes it.
func (m *Model) keyPanel(k Key) Intent {
	switch {
	case k == Rune('Q'):
		return Intent{Quit: true}
	case k.Code == KeyEsc, k.Code == KeyEnter, k == Rune(' '),
		k == Rune('c') && m.mode == ModeSheet, k == Rune('?') && m.mode == ModeHelp:
		m.mode = ModePlay
	}
	return Intent{}
}

// keyGameOver: the game is over (or cannot be saved); every way out quits.
func (m *Model) keyGameOver(k Key) Intent {
	switch {
	case k.Code == KeyEsc, k.Code == KeyEnter, k == Rune('Q'), k == Rune('q'):
		return Intent{Quit: true}
	}
	return Intent{}
}
