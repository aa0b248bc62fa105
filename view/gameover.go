package view

import (
	"fmt"

	"rogue/reducer"
)

// The game over screen: how the player died, where and when, and the HP
// chart; or, when the journal could not take a turn, that the game stopped
// unsaved there.

// deathLine is the death in a sentence: cause, depth and turn.
func deathLine(s *reducer.State) string {
	return sentence(fmt.Sprintf("%s on depth %d at turn %d", reducer.DeathCause(s), s.Depth, s.TurnNumber()))
}

func (m *Model) drawGameOver(c Canvas) {
	w, h := c.Size()
	s := m.State
	y := 1
	say := func(text string, st Style) {
		for _, l := range wrap(text, w-4) {
			put(c, 2, y, l, st, w-4)
			y++
		}
	}
	if m.saveErr != "" {
		say("The game could not be saved.", styleWarn)
		y++
		say(m.saveErr, Plain)
		y++
		say("No more turns can be played. The journal keeps every turn before this one: run rogue again to continue from there.", Plain)
		m.drawGameOverHint(c, w, h)
		return
	}
	p := s.Player()
	if s.Won {
		say("You won!", styleTitle)
		say(sentence(fmt.Sprintf("You hold the %s, on depth %d at turn %d", s.Name(s.Goal), s.Depth, s.TurnNumber())), Plain)
	} else {
		say("You died.", styleWarn)
		say(deathLine(s), Plain)
	}
	if p != nil {
		say(fmt.Sprintf("Level %d with %d experience; %d kills.", p.Level, p.XP, s.Kills), Plain)
	}
	y++
	say("HP over the game (each column the lowest of its turns):", styleTitle)
	var where []string
	if m.SummaryPath != "" {
		what := "The death summary"
		if s.Won {
			what = "The summary"
		}
		where = wrap(what+" is in "+m.SummaryPath, w-4)
	}
	footer := len(where) + 1 // the summary's path and the hint
	chartH := min(ChartHeight, max(5, h-y-footer-2))
	logLines := h - y - footer - 2 - chartH // the rest of a tall screen
	if logLines < 2 {
		logLines = 0 // no room for a title and a message
	}
	drawChart(c, rect{2, y, min(w-4, ChartWidth), chartH}, m.hp)
	y += chartH + 1
	if logLines > 0 {
		say("Last messages:", styleTitle)
		for _, msg := range m.Messages(logLines - 1) {
			if y+len(wrap(msg, w-4)) > h-2-len(where) {
				break
			}
			say(msg, Plain)
		}
	}
	for i, l := range where {
		put(c, 2, h-2-len(where)+i, l, Plain, w-4)
	}
	m.drawGameOverHint(c, w, h)
}

// drawGameOverHint draws the game over screen's keys, but in a recording.
func (m *Model) drawGameOverHint(c Canvas, w, h int) {
	if !m.Recording {
		leave := put(c, 2, h-2, "Enter or q: leave", styleHint, w-4)
		hit(c, rect{2, h - 2, leave, 1}, keyAct(Named(KeyEnter)))
		n := put(c, 2+leave+2, h-2, "Ctrl-P or M: messages", styleHint, w-4-leave-2)
		hit(c, rect{2 + leave + 2, h - 2, n, 1}, keyAct(Rune('M')))
	}
}
