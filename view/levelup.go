package view

import (
	"fmt"

	"rogue/events"
	"rogue/reducer"
)

// The level-up choice: when the player has the experience for a new level,
// the game waits for the attribute it raises (m, f, q or w, or Up, Down
// and Enter). The sheet (c) and the help (?) stay open to it. The keys
// mean nothing else there nor on the play screen, so that neither a key
// for the sheet nor a step pressed out of habit chooses.

var attributeUses = [events.NumAttributes]string{
	"to hit and damage", "health", "dodging, light weapons", "mana",
}

// attributeKeys choose the attributes: Might, Fitness, Quickness and
// Intelligence ("wits").
var attributeKeys = [events.NumAttributes]rune{'m', 'f', 'q', 'w'}

// attributeKey is the attribute key r chooses.
func attributeKey(r rune) (events.Attribute, bool) {
	for a, k := range attributeKeys {
		if k == r {
			return events.Attribute(a), true
		}
	}
	return 0, false
}

func (m *Model) keyLevelUp(k Key) Intent {
	m.mode = ModePlay // what the choice returns to
	if step := menuStep(k); step != 0 {
		m.moveSelection(step, int(events.NumAttributes))
		return Intent{}
	}
	switch {
	case k.Code == KeyEnter:
		return Intent{Command: &events.ChooseAttribute{Attribute: events.Attribute(m.sel)}}
	case k == Rune('Q'):
		return Intent{Quit: true}
	case k == Rune('c'):
		m.mode = ModeSheet
	case k == Rune('?'):
		m.mode, m.helpTop = ModeHelp, 0
	case k.Code == KeyRune:
		if a, ok := attributeKey(k.Rune); ok {
			return Intent{Command: &events.ChooseAttribute{Attribute: a}}
		}
		m.Say(chooseFirst)
	default:
		m.Say(chooseFirst)
	}
	return Intent{}
}

// chooseFirst is what a key that does not choose says, so that a step
// pressed out of habit is not lost without a word.
const chooseFirst = "Choose the attribute to raise first: m, f, q or w (or Enter)."

func (m *Model) drawLevelUp(c Canvas, area rect) {
	s := m.State
	p := s.Player()
	win := window{
		title:    fmt.Sprintf("Level %d!", p.Level+1),
		hint:     "letter or Enter: choose  c: sheet",
		selected: -1,
	}
	win.lines = append(win.lines,
		plain(fmt.Sprintf("You have %d experience, enough for level %d.", p.XP, p.Level+1)),
		plain("Choose the attribute to raise by one:"),
		plain(""))
	for a := events.Attribute(0); a < events.NumAttributes; a++ {
		v := s.Attribute(p, a)
		if int(a) == m.sel {
			win.selected = len(win.lines)
		}
		use := attributeUses[a]
		if a == events.Intelligence && !s.Content().Rules.Mana {
			use = "scroll damage and range" // rules without mana: what it does there
		}
		win.acts = append(win.acts, make([]func(*Model) Intent, len(win.lines)-len(win.acts))...)
		win.acts = append(win.acts, keyAct(Rune(attributeKeys[a])))
		win.lines = append(win.lines, line{
			{string(attributeKeys[a]), Style{Bold: true}},
			{fmt.Sprintf("  %-12s %s", a, attributeStep(v)), Plain},
			{"  " + use, styleHint},
		})
	}
	win.draw(c, area)
}

// attributeStep says what raising an attribute from v does: "11 (+0) ->
// 12 (+1)"; a step that leaves the bonus as it is says when it next
// grows, "12 (+1) -> 13 (+1, +2 at 14)", so that it does not read as a
// gain.
func attributeStep(v int) string {
	step := fmt.Sprintf("%2d (%+d) -> %2d (%+d", v, reducer.Bonus(v), v+1, reducer.Bonus(v+1))
	if reducer.Bonus(v+1) == reducer.Bonus(v) {
		next := v + 2
		for next < v+10 && reducer.Bonus(next) == reducer.Bonus(v) {
			next++
		}
		step += fmt.Sprintf(", %+d at %d", reducer.Bonus(next), next)
	}
	return step + ")"
}
