package view

import "fmt"

// minMapRows is the least of the map a busy turn's messages leave.
const minMapRows = 5

// MinWidth and MinHeight are the smallest terminal the game is drawn in;
// Width is the width it is laid out for (80 columns, a terminal's own),
// which the page keeps unless the window is narrower at its smallest
// font. On a grid narrower than the map, the map scrolls round the
// player (see camera), the status line takes its short forms and the
// messages wrap.
const (
	MinWidth  = 40
	MinHeight = 24
	Width     = 80
)

// Draw draws the model's current screen on c, over all of it. It changes
// nothing: neither the game nor the model.
func Draw(c Canvas, m *Model) {
	w, h := c.Size()
	fill(c, 0, 0, w, h, ' ', Plain)
	if w < MinWidth || h < MinHeight {
		drawTooSmall(c)
		return
	}
	switch mode := m.Mode(); mode {
	case ModeMainMenu:
		m.drawMainMenu(c)
	case ModeJournals:
		m.drawJournals(c)
	case ModePage:
		m.drawPage(c)
	case ModeNotice:
		m.drawNotice(c)
	case ModeGameOver:
		m.drawGameOver(c)
	case ModeHistory:
		m.drawHistory(c)
	default:
		l := m.layout(w, h)
		m.drawMap(c, l)
		m.drawStatus(c, l)
		switch mode {
		case ModeLook:
			drawLines(c, l.logArea, m.lookLines())
		case ModeTarget:
			drawLines(c, l.logArea, m.targetLines())
		case ModePlay:
			m.drawLogHovered(c, l.logArea)
		default:
			m.drawLog(c, l.logArea)
		}
		switch mode {
		case ModeInventory, ModeDrop, ModeRemove, ModePickUp, ModeEnchant:
			m.drawItems(c, l.mapArea)
		case ModeSheet:
			m.drawSheet(c, l.mapArea)
		case ModeHelp:
			m.drawHelp(c, l.mapArea)
		case ModeLevelUp:
			m.drawLevelUp(c, l.mapArea)
		}
	}
}

// layout is where the play screen's parts go: the map on top, the status
// line(s) under it, the messages at the bottom.
type layout struct {
	mapArea rect
	status  statusLine // the status line's parts that fit
	statusY int
	logArea rect
	// steadyH is the map's height when no busy turn takes rows from it:
	// the camera keeps to it (see camera).
	steadyH int
}

// layout gives the map what the status and at least three message lines
// leave, and the messages a line more for every four rows over 24; what
// the map cannot use goes half above it, half to the messages. When the last key's messages need more
// lines, they take them from the map, down to minMapRows rows of it.
func (m *Model) layout(w, h int) layout {
	status := fit(m.statusParts(), w)
	logH := 3 + max(0, h-MinHeight)/4
	steadyH := h - 1 - logH
	// A busy turn's messages push the map up rather than go unseen.
	if rows := m.newRows(w); rows > logH {
		logH = max(logH, min(rows, h-1-minMapRows))
	}
	mapH := h - 1 - logH
	top := 0
	if m.State != nil && m.State.Map != nil && mapH > m.State.Map.Height {
		// A screen taller than the map: the map, the status and the
		// messages stand together in the middle of it, the status right
		// under the map's last row.
		top = (mapH - m.State.Map.Height) / 2
		logH += mapH - m.State.Map.Height - top
		mapH = m.State.Map.Height
	}
	if m.State != nil && m.State.Map != nil {
		steadyH = min(steadyH, m.State.Map.Height)
	}
	l := layout{
		mapArea: rect{0, top, w, mapH},
		status:  status,
		statusY: top + mapH,
		logArea: rect{0, top + mapH + 1, w, logH},
		steadyH: steadyH,
	}
	if m.replaying { // the replay's bar takes the row under the status
		l.logArea.y++
		l.logArea.h = max(0, l.logArea.h-1)
	}
	return l
}

// drawTooSmall says the terminal is too small, and how small it is.
func drawTooSmall(c Canvas) {
	w, h := c.Size()
	text := []string{
		fmt.Sprintf("This terminal is %dx%d.", w, h),
		fmt.Sprintf("rogue needs at least %dx%d: please make it larger.", MinWidth, MinHeight),
		"Q quits (the game is saved).",
	}
	var lines []string
	for _, t := range text {
		lines = append(lines, wrap(t, max(1, w-2))...)
	}
	y := max(0, (h-len(lines))/2)
	for i, l := range lines {
		x := max(0, (w-textWidth(l))/2)
		st := Plain
		if i == 0 {
			st = styleWarn
		}
		put(c, x, y+i, l, st, w)
	}
}
