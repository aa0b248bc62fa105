package view

import "fmt"

// minMapRows is the least of the map a busy turn's messages leave.
const minMapRows = 5

// MinWidth and MinHeight are the smallest terminal the game is drawn in.
const (
	MinWidth  = 80
	MinHeight = 24
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
// leave, and the messages a line more for every four rows over 24 (and
// whatever the map cannot use). When the last key's messages need more
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
	if m.State != nil && m.State.Map != nil && mapH > m.State.Map.Height {
		logH += mapH - m.State.Map.Height
		mapH = m.State.Map.Height
	}
	if m.State != nil && m.State.Map != nil {
		steadyH = min(steadyH, m.State.Map.Height)
	}
	return layout{
		mapArea: rect{0, 0, w, mapH},
		status:  status,
		statusY: mapH,
		logArea: rect{0, mapH + 1, w, logH},
		steadyH: steadyH,
	}
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
