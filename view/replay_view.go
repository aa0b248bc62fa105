package view

import "rogue/reducer"

// The replay's screen: the game's own screens (map, status, messages,
// inventory, sheet, look, game over) on the state at the replay's turn,
// read-only, with the replay bar.

// ReplayFrame is what the replay shows at one turn, as the program that
// reads the journal derives it.
type ReplayFrame struct {
	// State is the game after the turn; the view reads it and never
	// changes it.
	State *reducer.State
	// Log are the log lines of the last turns up to State.Turn, oldest
	// first.
	Log []ReplayLine
	// HP is the player's HP after each turn (for the game over chart);
	// needed only once the game is over.
	HP []int
}

// ReplayLine is one log line and the turn that made it (its 1-based
// number: the state after that turn has Turn equal to it).
type ReplayLine struct {
	Turn int
	Text string
}

// ShowReplayed puts frame f on the model: its state, its log (the lines
// of the frame's last turn bright, older ones grey, as they were when it
// was played) and its HP. It shows the play screen, or the game screen
// that is open stays open.
func (m *Model) ShowReplayed(f ReplayFrame) {
	switch m.mode {
	case ModeMainMenu, ModeJournals, ModePage:
		m.mode = ModePlay
	}
	m.State = f.State
	m.hp = f.HP
	m.saveErr = ""
	m.log = m.log[:0]
	for _, l := range f.Log {
		text := sentence(l.Text)
		if text == "" {
			continue
		}
		moment := m.moment - 1
		if f.State != nil && l.Turn == f.State.Turn {
			moment = m.moment
		}
		if n := len(m.log); n > 0 && m.log[n-1].text == text {
			m.log[n-1].count++ // as Say counts a repeat
			m.log[n-1].moment = moment
			continue
		}
		m.log = append(m.log, entry{text: text, count: 1, moment: moment})
	}
	if len(m.log) > replayLog {
		m.log = m.log[len(m.log)-replayLog:]
	}
}

// replayLog is how many messages a replay's frame shows at most.
const replayLog = 500

// ReplayView is a replay on screen: its controls, and the model that shows
// the game at the replay's turn.
type ReplayView struct {
	Control *ReplayControl
	Model   *Model
	frame   ReplayFrame
	keys    bool // the replay's keys are shown
}

// NewReplayView shows a replay controlled by c; Show gives it its first
// frame.
func NewReplayView(c *ReplayControl) *ReplayView {
	return &ReplayView{Control: c, Model: NewModel(MainMenu{})}
}

// Show shows frame f: the state at the turn the control is on.
func (v *ReplayView) Show(f ReplayFrame) {
	v.frame = f
	v.Model.ShowReplayed(f)
}

// Resize tells the view the terminal's size.
func (v *ReplayView) Resize(w, h int) { v.Model.Resize(w, h) }

// ScreenOpen is the game screen opened on the replay (inventory, sheet,
// look, or the aiming an inventory item started), or ModePlay for none.
func (v *ReplayView) ScreenOpen() Mode { return v.Model.mode }

// HandleKey says what key k asks of the program running the replay. A game
// screen that is open takes the keys, read-only: what it would ask of the
// rules (using an item, aiming) is dropped, and it only closes; else the
// controls take them. The program acts on ReplaySeek and ReplayQuit;
// everything else the view has done itself (ReplayRedraw).
func (v *ReplayView) HandleKey(k Key) ReplayAction {
	m := v.Model
	switch {
	case m.tooSmall():
		if k == Rune('q') || k == Rune('Q') {
			return ReplayAction{Do: ReplayQuit}
		}
		return ReplayAction{}
	case v.keys:
		switch {
		case k == Rune('q') || k == Rune('Q'):
			return ReplayAction{Do: ReplayQuit}
		case k.Code == KeyEsc, k.Code == KeyEnter, k == Rune('?'), k == Rune(' '):
			v.keys = false
			return ReplayAction{Do: ReplayRedraw}
		}
		return ReplayAction{}
	case m.mode != ModePlay:
		if k == Rune('q') && m.mode != ModeInventory {
			return ReplayAction{Do: ReplayQuit}
		}
		in := m.HandleKey(k) // a Command in it is dropped: a replay decides nothing
		v.Model.ShowReplayed(v.frame)
		if in.Quit {
			return ReplayAction{Do: ReplayQuit}
		}
		return ReplayAction{Do: ReplayRedraw}
	case m.Mode() == ModeGameOver && k.Code == KeyEnter && !v.Control.prompting:
		return ReplayAction{Do: ReplayQuit} // as the game over screen says
	case k.Code == KeyCtrlP && !v.Control.prompting:
		m.openHistory() // the messages the frame holds, as in the game
		return ReplayAction{Do: ReplayRedraw}
	}
	a := v.Control.HandleKey(k)
	switch a.Do {
	case ReplayOpen:
		v.open(a.Screen)
		return ReplayAction{Do: ReplayRedraw}
	case ReplayKeys:
		v.keys = true
		return ReplayAction{Do: ReplayRedraw}
	}
	return a
}

// open opens a game screen on the state shown, if the game would show it
// there: not over the game over screen, nor over a level-up choice (which
// lets only the sheet through).
func (v *ReplayView) open(screen Mode) {
	m := v.Model
	if m.State == nil || m.State.Player() == nil {
		return
	}
	m.open(screen)
	if screen == ModeLook {
		m.cursor = m.State.Player().Pos
	}
	if m.Mode() != screen {
		m.mode = ModePlay
	}
}
