package view

import (
	"fmt"

	"rogue/reducer"
)

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
	m.setReplayLog(f.Log)
	if len(m.log) > replayLog {
		m.log = m.log[len(m.log)-replayLog:]
	}
}

// setReplayLog makes the log the lines of log, those of the turn shown
// bright, older ones grey, repeats counted as Say counts them.
func (m *Model) setReplayLog(log []ReplayLine) {
	m.log = m.log[:0]
	for _, l := range log {
		text := sentence(l.Text)
		if text == "" {
			continue
		}
		moment := m.moment - 1
		if m.State != nil && l.Turn == m.State.Turn {
			moment = m.moment
		}
		if n := len(m.log); n > 0 && m.log[n-1].text == text {
			m.log[n-1].count++ // as Say counts a repeat
			m.log[n-1].moment = moment
			continue
		}
		about, at := m.aboutOf(text)
		m.log = append(m.log, entry{text: text, count: 1, moment: moment, about: about, at: at})
	}
}

// replayLog is how many messages a replay's frame shows at most.
const replayLog = 500

// ReplayView is a replay on screen: its controls, and the model that shows
// the game at the replay's turn.
type ReplayView struct {
	Control *ReplayControl
	Model   *Model
	// History, if not nil, is every log line of the turns up to turn,
	// oldest first: what Ctrl-P shows (else the frame's log).
	History func(turn int) ([]ReplayLine, error)
	// Depths, if not nil, are the turns on which a new depth was entered,
	// in order: where < and > go.
	Depths func() ([]int, error)
	frame  ReplayFrame
	keys   bool // the replay's keys are shown
}

// NewReplayView shows a replay controlled by c; Show gives it its first
// frame.
func NewReplayView(c *ReplayControl) *ReplayView {
	m := NewModel(MainMenu{})
	m.replaying = true
	return &ReplayView{Control: c, Model: m}
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
	case m.mode == ModeHistory:
		// The history keeps the log it opened with (every message up to
		// the turn shown) until it closes.
		if k == Rune('q') {
			return ReplayAction{Do: ReplayQuit}
		}
		in := m.HandleKey(k)
		if m.mode != ModeHistory {
			v.Model.ShowReplayed(v.frame)
		}
		if in.Quit {
			return ReplayAction{Do: ReplayQuit}
		}
		return ReplayAction{Do: ReplayRedraw}
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
	case (k.Code == KeyCtrlP || k == Rune('M')) && !v.Control.prompting:
		v.Control.pause()
		v.openHistory()
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
	case ReplayNextDepth, ReplayPrevDepth:
		return v.depthJump(a.Do == ReplayNextDepth)
	}
	return a
}

// depthJump goes to the next turn a new depth is entered on, or to the
// last one before the turn shown (the first turn when there is none).
func (v *ReplayView) depthJump(next bool) ReplayAction {
	c := v.Control
	if v.Depths == nil {
		c.Tell("This replay cannot tell where each depth begins.")
		return ReplayAction{Do: ReplayRedraw}
	}
	turns, err := v.Depths()
	if err != nil {
		c.Tell(fmt.Sprintf("Where each depth begins could not be read: %v", err))
		return ReplayAction{Do: ReplayRedraw}
	}
	to := -1
	for _, t := range turns {
		switch {
		case next && t > c.turn && t <= c.last:
			to = t
		case !next && t < c.turn:
			to = max(to, t)
		}
		if next && to >= 0 {
			break
		}
	}
	switch {
	case to < 0 && next:
		c.Tell("No deeper level after this turn.")
		c.pause()
		return ReplayAction{Do: ReplayRedraw}
	case to < 0:
		to = c.first
	}
	if a := c.GoTo(to); a.Do == ReplaySeek {
		return a
	}
	return ReplayAction{Do: ReplayRedraw}
}

// openHistory opens the message history on every message up to the turn
// shown (History), as the game's Ctrl-P shows them; on the frame's own
// log if History is nil or fails (saying why at its end).
func (v *ReplayView) openHistory() {
	m := v.Model
	if v.History != nil && m.State != nil {
		lines, err := v.History(m.State.Turn)
		if err == nil {
			m.setReplayLog(lines)
		} else {
			m.Say(fmt.Sprintf("The messages before these could not be read: %v", err))
		}
	}
	m.openHistory()
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

// HandleMouse says what mouse event ev means in the replay: a click on
// the bar's progress bar goes to the turn under it (and pauses), a click
// on its label plays or pauses (space), a click elsewhere closes a
// screen or the keys that are open. Hovering does nothing.
func (v *ReplayView) HandleMouse(ev Mouse) ReplayAction {
	m := v.Model
	if ev.Button != ButtonLeft || m.tooSmall() || m.w <= 0 || m.State == nil || v.Control.prompting {
		return ReplayAction{}
	}
	if v.keys || m.mode != ModePlay {
		return v.HandleKey(Named(KeyEsc))
	}
	st := v.Control.Status()
	if ev.Y != v.barRow(m.w, m.h) || st.Warning != "" {
		return ReplayAction{}
	}
	x, barW := barSpan(m.w, st)
	switch {
	case ev.X < textWidth(" Replay "):
		return v.HandleKey(Rune(' '))
	case barW >= 4 && ev.X >= x && ev.X < x+barW:
		v.Control.pause()
		// The cell's share of the turns, rounded up so that the last
		// cell reaches the last turn.
		return v.Control.seek(((ev.X-x+1)*st.Last + barW - 1) / barW)
	}
	return ReplayAction{}
}
