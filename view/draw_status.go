package view

import (
	"fmt"
	"strings"

	"rogue/events"
	"rogue/reducer"
)

// The status line: HP bar, mana (under rules that have it), level,
// experience, depth, hunger (when it is not Normal), turn and kills, and
// "? help" at its right end. It is one line at every width, so the map
// never moves. When it is crowded (a character of level 7 and up, well
// fed, deep in a long game) the parts first close up to one cell apart,
// then take their short forms, one step after another until the line
// fits: the HP bar is halved, experience is written in thousands ("XP
// 35k/40k"), the turn and the kills get one-letter labels ("T 12345", "K
// 123"), and last the bar goes (the numbers stay). At 80 columns that is
// enough for any game; only on a line narrower still are parts left out,
// the least needed first (kills, mana, the turn).

const hpBarWidth = 8

// maxShortStep is the last step of the parts' short forms.
const maxShortStep = 5

// statusPart is a part of the status line; drop orders what goes first
// when the line is too narrow (0 never goes).
type statusPart struct {
	l    line
	drop int
	// shorts are the part's short forms, each shorter than the one
	// before, taken when the line is crowded: all parts' forms in the
	// order of their steps (1 first).
	shorts []shortForm
}

// shortForm is a part written shorter, taken at step (see fit).
type shortForm struct {
	step int
	l    line
}

// statusParts are the parts of the status line, in the order shown.
func (m *Model) statusParts() []statusPart {
	s := m.State
	p := s.Player()
	if p == nil {
		return nil
	}
	maxHP := s.MaxHP(p)
	hp := max(0, p.HP) // a dead player can be below 0
	filled := 0
	if maxHP > 0 {
		filled = min(hpBarWidth, (hp*hpBarWidth+maxHP-1)/maxHP)
	}
	hpColor := healthColor(hp, maxHP)
	hpText := Style{Fg: hpColor, Bold: true}
	parts := []statusPart{
		{l: line{
			{"HP ", styleTitle},
			{strings.Repeat("█", filled), Style{Fg: hpColor}},
			{strings.Repeat("░", hpBarWidth-filled), styleHint},
			{fmt.Sprintf(" %d/%d", hp, maxHP), hpText},
		}, shorts: []shortForm{
			{1, line{ // half the bar
				{"HP ", styleTitle},
				{strings.Repeat("█", (filled+1)/2), Style{Fg: hpColor}},
				{strings.Repeat("░", hpBarWidth/2-(filled+1)/2), styleHint},
				{fmt.Sprintf(" %d/%d", hp, maxHP), hpText},
			}},
			{5, line{{"HP ", styleTitle}, {fmt.Sprintf("%d/%d", hp, maxHP), hpText}}}, // no bar
		}},
	}
	if s.Content().Rules.Mana { // a pool nothing spends: its size, once (as the sheet)
		parts = append(parts, statusPart{l: line{{"MP ", styleTitle}, {fmt.Sprint(s.MaxMana(p)), Plain}}, drop: 2})
	}
	parts = append(parts,
		statusPart{l: line{{"Lv ", styleTitle}, {fmt.Sprint(p.Level), Plain}}},
		statusPart{l: line{{"XP ", styleTitle}, {xpText(s, p), Plain}},
			shorts: []shortForm{{2, line{{"XP ", styleTitle}, {xpShort(s, p), Plain}}}}},
		statusPart{l: line{{"Depth ", styleTitle}, {fmt.Sprint(s.Depth), Plain}}})
	if s.Hunger != events.Normal {
		parts = append(parts, statusPart{l: styled(s.Hunger.String(), hungerStyle(s.Hunger))})
	}
	parts = append(parts,
		statusPart{l: line{{"Turn ", styleTitle}, {fmt.Sprint(s.TurnNumber()), Plain}}, drop: 3,
			shorts: []shortForm{{3, line{{"T ", styleTitle}, {fmt.Sprint(s.TurnNumber()), Plain}}}}},
		statusPart{l: line{{"Kills ", styleTitle}, {fmt.Sprint(s.Kills), Plain}}, drop: 1,
			shorts: []shortForm{{4, line{{"K ", styleTitle}, {fmt.Sprint(s.Kills), Plain}}}}})
	return parts
}

// thousands writes n short: as it is below 10000, else in thousands
// ("35k", rounded down).
func thousands(n int) string {
	if n < 10000 {
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("%dk", n/1000)
}

func hungerStyle(h events.Hunger) Style {
	switch h {
	case events.WellFed:
		return Style{Fg: ColorGreen}
	case events.Hungry:
		return Style{Fg: ColorYellow, Bold: true}
	case events.Starving:
		return Style{Fg: ColorRed, Bold: true}
	}
	return Plain
}

const (
	statusGap       = 2 // between parts, when all of them fit so
	statusGapNarrow = 1 // when they do not
	statusHint      = "? help"
)

// statusLine is the parts of the status line that fit, and the gap
// between them.
type statusLine struct {
	parts []line
	gap   int
}

// fit keeps the parts that fit on one line of w cells with the hint:
// as many as fit, leaving out the first to drop first, two cells apart
// if they fit so and one cell apart if only that way.
func fit(parts []statusPart, w int) statusLine {
	keep := make([]bool, len(parts))
	shown := make([]line, len(parts))
	for i, p := range parts {
		keep[i], shown[i] = true, p.l
	}
	width := func(gap int) int {
		used := textWidth(statusHint)
		for i := range parts {
			if keep[i] {
				used += gap + shown[i].width()
			}
		}
		return used
	}
	// Short forms before anything is left out, one after another.
	for step := 1; step <= maxShortStep && width(statusGapNarrow) > w; step++ {
		for i, p := range parts {
			for _, f := range p.shorts {
				if f.step == step {
					shown[i] = f.l
				}
			}
		}
	}
	gap := statusGap
	for order := 1; ; order++ {
		if width(statusGap) <= w {
			break
		}
		if width(statusGapNarrow) <= w {
			gap = statusGapNarrow
			break
		}
		dropped := false
		for i, p := range parts {
			if keep[i] && p.drop == order {
				keep[i] = false
				dropped = true
			}
		}
		if !dropped && order > len(parts) {
			break // only the parts that never go are left: they are cut at the edge
		}
	}
	out := statusLine{gap: gap}
	for i := range parts {
		if keep[i] {
			out.parts = append(out.parts, shown[i])
		}
	}
	return out
}

func (m *Model) drawStatus(c Canvas, l layout) {
	w, _ := c.Size()
	hintX := w - textWidth(statusHint)
	x := 0
	gap := l.status.gap
	for j, sg := range l.status.parts {
		if j > 0 {
			x += gap
		}
		for _, sp := range sg {
			x += put(c, x, l.statusY, sp.text, sp.st, max(0, hintX-gap-x))
		}
	}
	if !m.Recording && !m.replaying {
		put(c, hintX, l.statusY, statusHint, styleHint, -1)
		// A click on the status opens the inventory, on "? help" the
		// keys: the mouse's way to them.
		hit(c, rect{0, l.statusY, hintX, 1}, playKeyAct(Rune('i')))
		hit(c, rect{hintX, l.statusY, w - hintX, 1}, playKeyAct(Rune('?')))
	}
}

// xpText is the player's experience against the next level's, or, at the
// rules' highest level (rules 3), against none: "4200 (top level)".
func xpText(s *reducer.State, p *reducer.Entity) string {
	if s.AtLevelCap(p) {
		return fmt.Sprintf("%d (top level)", p.XP)
	}
	return fmt.Sprintf("%d/%d", p.XP, s.XPToLevel(p))
}

// xpShort is xpText in thousands, for a crowded status line.
func xpShort(s *reducer.State, p *reducer.Entity) string {
	if s.AtLevelCap(p) {
		return thousands(p.XP) + " top"
	}
	return thousands(p.XP) + "/" + thousands(s.XPToLevel(p))
}
