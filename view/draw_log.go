package view

import "strings"

// The message log: the newest messages at the bottom of their area, wrapped
// to its width; those of the last key press bright, older ones grey.

func (m *Model) drawLog(c Canvas, area rect) {
	var rows []line
	for i := len(m.log) - 1; i >= 0 && len(rows) < area.h; i-- {
		e := m.log[i]
		st := Plain
		if e.moment != m.moment {
			st = styleHint
		}
		parts := wrap(e.text, area.w)
		for j := len(parts) - 1; j >= 0 && len(rows) < area.h; j-- {
			rows = append(rows, styled(parts[j], st))
		}
	}
	for i, r := range rows {
		y := area.y + area.h - 1 - i
		x := area.x
		for _, sp := range r {
			x += put(c, x, y, sp.text, sp.st, area.x+area.w-x)
		}
	}
}

// drawLines draws lines from the top of area, each wrapped to its width
// in the style of its first span.
func drawLines(c Canvas, area rect, lines []line) {
	y := area.y
	for _, l := range lines {
		if len(l) == 0 {
			continue
		}
		var text strings.Builder
		for _, sp := range l {
			text.WriteString(sp.text)
		}
		for _, part := range wrap(text.String(), area.w) {
			if y >= area.y+area.h {
				return
			}
			put(c, area.x, y, part, l[0].st, area.w)
			y++
		}
	}
}

// wrap breaks s into lines of at most w cells, between words where it can.
func wrap(s string, w int) []string {
	if w <= 0 {
		return nil
	}
	if textWidth(s) <= w && !strings.ContainsRune(s, '\n') {
		return []string{s}
	}
	var out []string
	var cur []rune
	for _, word := range strings.Fields(s) {
		wr := []rune(word)
		switch {
		case len(cur) == 0:
		case len(cur)+1+len(wr) <= w:
			cur = append(cur, ' ')
		default:
			out = append(out, string(cur))
			cur = cur[:0]
		}
		for len(wr) > w {
			if len(cur) > 0 {
				out = append(out, string(cur))
				cur = cur[:0]
			}
			out = append(out, string(wr[:w]))
			wr = wr[w:]
		}
		cur = append(cur, wr...)
	}
	if len(cur) > 0 || len(out) == 0 {
		out = append(out, string(cur))
	}
	return out
}
