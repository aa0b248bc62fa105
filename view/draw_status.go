package view

import (
	"fmt"
	"strings"

	"rogue/events"
)

// The status line(s): HP bar, mana (under rules that have it), level, experience, depth, hunger,
// turn and kills. The parts flow onto a second line when the terminal is
// too narrow for one.

const hpBarWidth = 10

// statusSegments are the parts of the status line, and the extras shown
// only where they fit on its last line.
func (m *Model) statusSegments() (segs, extras []line) {
	s := m.State
	p := s.Player()
	if p == nil {
		return nil, nil
	}
	maxHP := s.MaxHP(p)
	hp := max(0, p.HP) // a dead player can be below 0
	filled := 0
	if maxHP > 0 {
		filled = min(hpBarWidth, (hp*hpBarWidth+maxHP-1)/maxHP)
	}
	hpColor := healthColor(hp, maxHP)
	segs = []line{
		{
			{"HP ", styleTitle},
			{strings.Repeat("█", filled), Style{Fg: hpColor}},
			{strings.Repeat("░", hpBarWidth-filled), styleHint},
			{fmt.Sprintf(" %d/%d", hp, maxHP), Style{Fg: hpColor, Bold: true}},
		},
	}
	if s.Content().Rules.Mana {
		segs = append(segs, line{{"Mana ", styleTitle}, {fmt.Sprintf("%d/%d", s.MaxMana(p), s.MaxMana(p)), Plain}})
	}
	segs = append(segs, []line{
		{{"Level ", styleTitle}, {fmt.Sprint(p.Level), Plain}},
		{{"XP ", styleTitle}, {fmt.Sprintf("%d/%d", p.XP, s.XPToLevel(p)), Plain}},
		{{"Depth ", styleTitle}, {fmt.Sprint(s.Depth), Plain}},
		styled(s.Hunger.String(), hungerStyle(s.Hunger)),
		{{"Turn ", styleTitle}, {fmt.Sprint(s.Turn), Plain}},
	}...)
	extras = []line{{{"Kills ", styleTitle}, {fmt.Sprint(s.Kills), Plain}}}
	return segs, extras
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

const statusGap = 2

// flow puts segments on lines of at most w cells, in order, then the
// extras that fit on the last line.
func flow(segs, extras []line, w int) [][]line {
	var out [][]line
	used := 0
	for _, sg := range segs {
		n := sg.width()
		if len(out) == 0 || used+statusGap+n > w {
			out = append(out, nil)
			used = -statusGap
		}
		out[len(out)-1] = append(out[len(out)-1], sg)
		used += statusGap + n
	}
	for _, sg := range extras {
		if len(out) > 0 && used+statusGap+sg.width() <= w {
			out[len(out)-1] = append(out[len(out)-1], sg)
			used += statusGap + sg.width()
		}
	}
	return out
}

func (m *Model) drawStatus(c Canvas, l layout) {
	w, _ := c.Size()
	for i, segs := range l.status {
		x := 0
		for j, sg := range segs {
			if j > 0 {
				x += statusGap
			}
			for _, sp := range sg {
				x += put(c, x, l.statusY+i, sp.text, sp.st, w-x)
			}
		}
		if i == len(l.status)-1 {
			const hint = "? help"
			if x+statusGap+len(hint) <= w {
				put(c, w-len(hint), l.statusY+i, hint, styleHint, -1)
			}
		}
	}
}
