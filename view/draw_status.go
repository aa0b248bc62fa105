package view

import (
	"fmt"
	"strings"

	"rogue/events"
	"rogue/reducer"
)

// The status line: HP bar, mana (under rules that have it), level, experience, depth, hunger (when
// it is not Normal), turn and kills, and "? help" at its right end. It is
// one line at every width: what does not fit is left out, the least
// needed first (kills, mana, the turn), so the map never moves, and the
// parts close up to one cell apart when that keeps one more.

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
		statusPart{line{{"XP ", styleTitle}, {xpText(s, p), Plain}}, 0},
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
	for i := range keep {
		keep[i] = true
	}
	width := func(gap int) int {
		used := textWidth(statusHint)
		for i, p := range parts {
			if keep[i] {
				used += gap + p.l.width()
			}
		}
		return used
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
	for i, p := range parts {
		if keep[i] {
			out.parts = append(out.parts, p.l)
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
