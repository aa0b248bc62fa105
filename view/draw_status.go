package view

import (
	"fmt"
	"strings"

	"rogue/events"
)

// The status line: HP bar, mana (under rules that have it), level, experience, depth, hunger (when
// it is not Normal), turn and kills, and "? help" at its right end. It is
// one line at every width: what does not fit is left out, the least
// needed first (kills, mana, the turn), so the map never moves.

const hpBarWidth = 8

// statusPart is a part of the status line; drop orders what goes first
// when the line is too narrow (0 never goes).
type statusPart struct {
	l    line
	drop int
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
	parts := []statusPart{
		{line{
			{"HP ", styleTitle},
			{strings.Repeat("█", filled), Style{Fg: hpColor}},
			{strings.Repeat("░", hpBarWidth-filled), styleHint},
			{fmt.Sprintf(" %d/%d", hp, maxHP), Style{Fg: hpColor, Bold: true}},
		}, 0},
	}
	if s.Content().Rules.Mana {
		parts = append(parts, statusPart{line{{"MP ", styleTitle}, {fmt.Sprintf("%d/%d", s.MaxMana(p), s.MaxMana(p)), Plain}}, 2})
	}
	parts = append(parts,
		statusPart{line{{"Lv ", styleTitle}, {fmt.Sprint(p.Level), Plain}}, 0},
		statusPart{line{{"XP ", styleTitle}, {fmt.Sprintf("%d/%d", p.XP, s.XPToLevel(p)), Plain}}, 0},
		statusPart{line{{"Depth ", styleTitle}, {fmt.Sprint(s.Depth), Plain}}, 0})
	if s.Hunger != events.Normal {
		parts = append(parts, statusPart{styled(s.Hunger.String(), hungerStyle(s.Hunger)), 0})
	}
	parts = append(parts,
		statusPart{line{{"Turn ", styleTitle}, {fmt.Sprint(s.TurnNumber()), Plain}}, 3},
		statusPart{line{{"Kills ", styleTitle}, {fmt.Sprint(s.Kills), Plain}}, 1})
	return parts
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
	statusGap  = 2
	statusHint = "? help"
)

// fit keeps the parts that fit on one line of w cells with the hint,
// leaving out the first to drop first.
func fit(parts []statusPart, w int) []line {
	keep := make([]bool, len(parts))
	used := textWidth(statusHint)
	for i, p := range parts {
		keep[i] = true
		used += statusGap + p.l.width()
	}
	for order := 1; used > w; order++ {
		dropped := false
		for i, p := range parts {
			if keep[i] && p.drop == order {
				keep[i] = false
				used -= statusGap + p.l.width()
				dropped = true
			}
		}
		if !dropped && order > len(parts) {
			break // only the parts that never go are left: they are cut at the edge
		}
	}
	var out []line
	for i, p := range parts {
		if keep[i] {
			out = append(out, p.l)
		}
	}
	return out
}

func (m *Model) drawStatus(c Canvas, l layout) {
	w, _ := c.Size()
	hintX := w - textWidth(statusHint)
	x := 0
	for j, sg := range l.status {
		if j > 0 {
			x += statusGap
		}
		for _, sp := range sg {
			x += put(c, x, l.statusY, sp.text, sp.st, max(0, hintX-statusGap-x))
		}
	}
	if !m.Recording {
		put(c, hintX, l.statusY, statusHint, styleHint, -1)
	}
}
