package view

import (
	"fmt"
	"strings"
)

// The message log: the newest messages last, wrapped to its width, at the
// bottom of their area when they fill it and under the status line when
// they do not; those of the last key press bright, older ones grey. A
// message keeps all its lines: an older one that no longer fits whole is
// left to the history (Ctrl-P) rather than shown cut. A line that is no
// longer true goes from the area (the history keeps it): "You see here"
// once the player steps off, "Low HP" once they have healed.

func (m *Model) drawLog(c Canvas, area rect) {
	var rows []line
	if m.quitting {
		rows = append(rows, styled("Save and quit? The journal keeps every turn. (y/n)", styleWarn))
	}
	hidden := 0 // rows of the last key's messages that do not fit
	for i := len(m.log) - 1; i >= 0; i-- {
		e := m.log[i]
		if e.stale(m.State) {
			continue // no longer true: the history keeps it
		}
		st := Plain
		if e.moment != m.moment {
			st = styleHint
		}
		parts := wrap(e.String(), area.w)
		if e.moment != m.moment && len(rows)+len(parts) > area.h {
			break // an older message is shown whole or not at all
		}
		for j := len(parts) - 1; j >= 0; j-- {
			switch {
			case len(rows) < area.h:
				rows = append(rows, styled(parts[j], st))
			case e.moment == m.moment:
				hidden++
			}
		}
		if len(rows) >= area.h && e.moment != m.moment {
			break
		}
	}
	if hidden > 0 && len(rows) > 0 {
		rows[len(rows)-1] = styled(fmt.Sprintf("(%d more lines above: Ctrl-P shows them all)", hidden+1), styleWarn)
	}
	// Fewer lines than the area has rows stand at its top, under the
	// status line, the newest last.
	bottom := area.y + min(area.h, len(rows)) - 1
	for i, r := range rows {
		y := bottom - i
		x := area.x
		for _, sp := range r {
			x += put(c, x, y, sp.text, sp.st, area.x+area.w-x)
		}
	}
}

// drawLogHovered is the message area of the play screen: while the
// pointer rests on a tile of the map, its first line says what is there.
func (m *Model) drawLogHovered(c Canvas, area rect) {
	if p, ok := m.Hovered(); ok && area.h > 1 {
		drawLines(c, rect{area.x, area.y, area.w, 1}, []line{styled(describe(m.State, p), styleHint)})
		area.y, area.h = area.y+1, area.h-1
	}
	m.drawLog(c, area)
}

// newRows is how many rows of width w the last key's messages take (and
// the question to quit, when it is asked).
func (m *Model) newRows(w int) int {
	n := 0
	if m.quitting {
		n++
	}
	for i := len(m.log) - 1; i >= 0 && m.log[i].moment == m.moment; i-- {
		if !m.log[i].stale(m.State) {
			n += len(wrap(m.log[i].String(), w))
		}
	}
	return n
}

// drawLines draws lines from the top of area, each wrapped to its width
// in the style of its first span. Lines that do not fit are dropped from
// the top, whole, so that the last (the keys of a mode: "Esc: done")
// stays in sight: a replay's bar takes a row of the smallest screen's
// three.
func drawLines(c Canvas, area rect, lines []line) {
	parts := make([][]string, len(lines))
	total := 0
	for i, l := range lines {
		var text strings.Builder
		for _, sp := range l {
			text.WriteString(sp.text)
		}
		if len(l) > 0 {
			parts[i] = wrap(text.String(), area.w)
		}
		total += len(parts[i])
	}
	for len(lines) > 1 && total > area.h {
		total -= len(parts[0])
		lines, parts = lines[1:], parts[1:]
	}
	y := area.y
	for i, l := range lines {
		if len(l) == 0 {
			continue
		}
		for _, part := range parts[i] {
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
