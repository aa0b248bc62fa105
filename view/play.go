package view

import (
	"rogue/auto"
	"rogue/events"
	"rogue/reducer/dungeon"
)

// keyPlay is the play screen: movement keys walk (and attack), the rest
// are commands, multi-turn actions or open a screen.
func (m *Model) keyPlay(k Key) Intent {
	if d, ok := runDirection(k); ok {
		return m.order(auto.Run, d)
	}
	if d, ok := direction(k); ok {
		return Intent{Command: &events.Move{Dir: d}}
	}
	if isWait(k) {
		return Intent{Command: &events.Wait{}}
	}
	if k.Code != KeyRune {
		m.unknownKey(k)
		return Intent{}
	}
	switch k.Rune {
	case 'g', ',':
		if m.pileHere() {
			m.open(ModePickUp)
			return Intent{}
		}
		return Intent{Command: &events.PickUp{}}
	case '>':
		if p := m.State.Player(); p != nil && m.State.Map != nil && m.State.Map.At(p.Pos) != dungeon.DownStairs {
			// Off the stairs: travel to them, or say why not (not found
			// yet, a monster in view) rather than the rules' bare refusal.
			return m.order(auto.Travel, 0)
		}
		return Intent{Command: &events.Descend{}}
	case 'Z':
		return m.order(auto.Rest, 0)
	case 'o':
		return m.order(auto.Explore, 0)
	case 'A':
		m.noPickup = !m.noPickup
		if m.noPickup {
			m.Say("Explore picks up nothing now: it stops on items (A: potions and scrolls).")
		} else {
			m.Say("Explore picks up the potions and scrolls it walks onto (A: nothing).")
		}
	case 'v':
		for _, l := range Describe(m.State) {
			m.Say(l)
		}
	case 'M':
		m.openHistory()
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
		m.helpTop = 0
	case 'x':
		m.open(ModeLook)
		if p := m.State.Player(); p != nil {
			m.cursor = p.Pos
		}
	case 'Q':
		return Intent{Quit: true}
	default:
		m.unknownKey(k)
	}
	return Intent{}
}

// unknownKey says that k means nothing here, and where the keys are.
func (m *Model) unknownKey(k Key) {
	switch k.Code {
	case KeyEsc, KeyEnter, KeyTab, KeyBacktab, KeyBackspace:
		return // closing or confirming nothing is not a mistake worth a line
	}
	m.Say("Unknown key " + k.String() + ": ? lists the keys.")
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

// keyGameOver: the game is over (or cannot be saved); Enter and q, which
// the screen names, leave it (and Q, as everywhere); a stray key does not.
func (m *Model) keyGameOver(k Key) Intent {
	switch {
	case k.Code == KeyEnter, k == Rune('Q'), k == Rune('q'):
		return Intent{Quit: true}
	case k == Rune('M'):
		m.openHistory() // as in play, and as the screen's hint says
	}
	return Intent{}
}
