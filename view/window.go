package view

// rect is a rectangle of cells.
type rect struct{ x, y, w, h int }

// span is a piece of text in one style.
type span struct {
	text string
	st   Style
}

// line is one line of a window: spans side by side.
type line []span

func plain(s string) line            { return line{{s, Plain}} }
func styled(s string, st Style) line { return line{{s, st}} }

func (l line) width() int {
	n := 0
	for _, s := range l {
		n += textWidth(s.text)
	}
	return n
}

// window is a framed box drawn over the play screen: a title on its top
// border, a hint on its bottom border, and lines. Lines that do not fit
// the height flow into more columns.
type window struct {
	title string
	hint  string
	lines []line
	// selected is the index of the highlighted line, or -1.
	selected int
	// acts are what a click on each line does (nil, or nil for a line:
	// nothing); see HandleMouse.
	acts []func(m *Model) Intent
	// share makes columns too wide for the area share it, each cut at
	// its edge, instead of the last being cut at the frame.
	share bool
}

const columnGap = 3

// draw puts the window in the middle of area. A window whose lines do
// not fit area's height takes the rows below area, down to the bottom of
// the screen, before its lines flow into more columns: a menu over the
// map may hide the status and the messages for as long as it is open,
// but no line of it is cut for want of a row.
func (win window) draw(c Canvas, area rect) {
	if _, screenH := c.Size(); len(win.lines) > area.h-2 && screenH > area.y+area.h {
		area.h = min(screenH-area.y, len(win.lines)+2)
	}
	innerH := max(1, area.h-2)
	var cols [][]int // line indexes per column
	for i := range win.lines {
		if len(cols) == 0 || len(cols[len(cols)-1]) == innerH {
			cols = append(cols, nil)
		}
		cols[len(cols)-1] = append(cols[len(cols)-1], i)
	}
	widths := make([]int, len(cols))
	innerW := 0
	for ci, col := range cols {
		for _, i := range col {
			widths[ci] = max(widths[ci], win.lines[i].width())
		}
		innerW += widths[ci]
		if ci > 0 {
			innerW += columnGap
		}
	}
	// Columns that share the area: each line is cut at its column's
	// edge, so every line keeps its start (a letter, a name).
	if room := area.w - 4 - columnGap*(len(cols)-1); win.share && len(cols) > 1 && innerW > area.w-4 && room > 0 {
		innerW = 0
		for ci := range widths {
			widths[ci] = min(widths[ci], room/len(cols))
			innerW += widths[ci]
		}
		innerW += columnGap * (len(cols) - 1)
	}
	innerW = max(innerW, textWidth(win.title)+4, textWidth(win.hint)+4)
	rows := innerH
	if len(cols) <= 1 {
		rows = len(win.lines)
	}
	w := min(area.w, innerW+4) // a blank column inside each side of the frame
	h := min(area.h, rows+2)
	x := area.x + (area.w-w)/2
	y := area.y + (area.h-h)/2

	fill(c, x, y, w, h, ' ', Plain)
	frame(c, rect{x, y, w, h})
	hit(c, rect{x, y, w, h}, func(*Model) Intent { return Intent{} }) // a click on no line of it: nothing
	if win.title != "" {
		put(c, x+2, y, " "+win.title+" ", styleTitle, w-4)
	}
	if win.hint != "" {
		put(c, x+2, y+h-1, " "+win.hint+" ", styleHint, w-4)
	}
	cx := x + 2
	for ci, col := range cols {
		for row, i := range col {
			if row >= h-2 {
				break
			}
			lx := cx
			limit := min(x+w-2-lx, widths[ci])
			for _, s := range win.lines[i] {
				st := s.st
				if i == win.selected {
					st = styleSelected
				}
				n := put(c, lx, y+1+row, s.text, st, limit)
				if i < len(win.acts) && win.acts[i] != nil {
					hit(c, rect{lx, y + 1 + row, n, 1}, win.acts[i])
				}
				lx += n
				limit -= n
			}
			if i == win.selected {
				for ; lx < cx+widths[ci] && limit > 0; lx, limit = lx+1, limit-1 {
					c.Set(lx, y+1+row, ' ', styleSelected)
				}
			}
		}
		cx += widths[ci] + columnGap
	}
}

// frame draws a box's border.
func frame(c Canvas, r rect) {
	if r.w < 2 || r.h < 2 {
		return
	}
	for i := r.x + 1; i < r.x+r.w-1; i++ {
		c.Set(i, r.y, '─', styleFrame)
		c.Set(i, r.y+r.h-1, '─', styleFrame)
	}
	for j := r.y + 1; j < r.y+r.h-1; j++ {
		c.Set(r.x, j, '│', styleFrame)
		c.Set(r.x+r.w-1, j, '│', styleFrame)
	}
	c.Set(r.x, r.y, '┌', styleFrame)
	c.Set(r.x+r.w-1, r.y, '┐', styleFrame)
	c.Set(r.x, r.y+r.h-1, '└', styleFrame)
	c.Set(r.x+r.w-1, r.y+r.h-1, '┘', styleFrame)
}
