package view

import (
	"fmt"
	"strings"
)

// Drawing a replay: the game's screen as view.Draw draws it, and the
// replay bar over the row under the status line (the oldest message row
// gives way), or at the bottom of the game over screen. The bar says the
// turn, how far through the journal it is, the speed and whether it plays;
// or it is the "go to turn" prompt.

// DrawReplay draws the replay v on c, over all of it. Like Draw, it
// changes nothing.
func DrawReplay(c Canvas, v *ReplayView) {
	Draw(c, v.Model)
	w, h := c.Size()
	if w < MinWidth || h < MinHeight || v.Model.State == nil || v.Model.Mode() == ModeHistory {
		return // the history fills the screen, as in the game
	}
	y := v.barRow(w, h)
	st := v.Control.Status()
	fill(c, 0, y, w, 1, ' ', Plain)
	if st.Prompting {
		drawReplayPrompt(c, y, st)
	} else {
		drawReplayBar(c, y, st)
	}
	if st.Note != "" { // under the bar, over the messages, whole; above it at the bottom
		lines := wrap(st.Note, w-2)
		top := y + 1
		if top+len(lines) > h {
			top = max(0, y-len(lines))
		}
		for i, l := range lines {
			fill(c, 0, top+i, w, 1, ' ', Plain)
			put(c, 1, top+i, l, styleWarn, w-2)
		}
	}
	if v.keys {
		drawReplayKeys(c, rect{0, 0, w, y})
	}
}

// barRow is the row the bar takes: the first message row of the play
// screen, the last row of the game over screen.
func (v *ReplayView) barRow(w, h int) int {
	if v.Model.Mode() == ModeGameOver {
		return h - 1
	}
	return v.Model.layout(w, h).statusY + 1
}

var (
	styleBarLabel = Style{Reverse: true, Bold: true}
	styleBarDone  = Style{Fg: ColorCyan}
)

// drawReplayBar: " Replay  Turn 812 of 1499 ███████░░░░░  paused, 10 turns/s  ? keys".
func drawReplayBar(c Canvas, y int, st ReplayStatus) {
	w, _ := c.Size()
	left := line{
		{" Replay ", styleBarLabel},
		{"  Turn ", Plain},
		{fmt.Sprint(st.Turn - 1), styleTitle}, // the state after n turns is at turn n-1
		{fmt.Sprintf(" of %d ", st.Last-1), Plain},
	}
	right := line{{" " + replayState(st), Plain}, {"  ? keys", styleHint}}
	switch {
	case st.Warning != "":
		right = line{{" " + st.Warning, styleWarn}, {" " + replayState(st), Plain}}
	}
	x := 0
	for _, sp := range left {
		x += put(c, x, y, sp.text, sp.st, w-x)
	}
	barW := w - x - right.width() - 1
	if barW >= 4 {
		if st.Warning == "" { // (the clicks' geometry is barSpan's)
			x, barW = barSpan(w, st)
		}
		filled := 0
		if st.Last > 0 {
			filled = min(barW, st.Turn*barW/st.Last)
		}
		put(c, x, y, strings.Repeat("█", filled), styleBarDone, -1)
		put(c, x+filled, y, strings.Repeat("░", barW-filled), styleHint, -1)
		x += barW
	}
	for _, sp := range right {
		x += put(c, x, y, sp.text, sp.st, w-x)
	}
}

// barLeft and barRight are the bar's text before and after its
// progress bar, as drawReplayBar draws them when no warning is shown.
func barLeft(st ReplayStatus) string {
	return fmt.Sprintf(" Replay   Turn %d of %d ", st.Turn-1, st.Last-1)
}

func barRight(st ReplayStatus) string { return " " + replayState(st) + "  ? keys" }

// barSpan is where the progress bar lies on a bar w cells wide: its
// first column and its width (under 4: no bar).
func barSpan(w int, st ReplayStatus) (x, barW int) {
	x = textWidth(barLeft(st))
	return x, w - x - textWidth(barRight(st)) - 1
}

// replayState says whether the replay plays, and how fast.
func replayState(st ReplayStatus) string {
	speed := "max speed"
	switch st.Speed {
	case 0:
	case 1:
		speed = "1 turn/s"
	default:
		speed = fmt.Sprintf("%d turns/s", st.Speed)
	}
	switch {
	case st.Following && st.Turn == st.Last:
		return "following: the newest turn"
	case st.Paused && st.Turn == st.Last:
		return "the end, " + speed
	case st.Paused:
		return "paused, " + speed
	}
	return "playing, " + speed
}

// drawReplayPrompt: " Replay   Go to turn (0-1499): 81_   Enter: go  Esc: cancel".
func drawReplayPrompt(c Canvas, y int, st ReplayStatus) {
	w, _ := c.Size()
	x := put(c, 0, y, " Replay ", styleBarLabel, w)
	x += put(c, x, y, fmt.Sprintf("  Go to turn (%d-%d): ", min(1, st.Last)-1, st.Last-1), Plain, w-x)
	x += put(c, x, y, st.Prompt, styleTitle, w-x)
	x += put(c, x, y, " ", styleCursor, w-x)
	put(c, x+3, y, "Enter: go  Backspace: erase  Esc: cancel", styleHint, w-x-3)
}

// replayKeys are the replay's keys, as its help lists them.
var replayKeys = [][2]string{
	{"space", "play or pause"},
	{"+  -", "faster, slower: 1 to 100 turns/s, then max"},
	{".  ,  (Right  Left)", "one turn forward, back (pauses)"},
	{"]  [", fmt.Sprintf("%d turns forward, back", ReplayJump)},
	{"g", "go to a turn: digits, Enter"},
	{"Home  End", "the first turn, the last"},
	{"<  >", "the previous, the next new depth"},
	{"i  c  x", "inventory, character sheet, look (pauses)"},
	{"Ctrl-P  M", "the messages up to the turn shown"},
	{"t", "take over: a new game from the turn shown"},
	{"q  Esc", "quit"},
	{"", ""},
	{"", "A replay shows the journal as played; it decides"},
	{"", "nothing and writes nothing. A take-over is a new"},
	{"", "game in a new journal; this one stays as it is."},
}

// drawReplayKeys draws the replay's keys in a window over area.
func drawReplayKeys(c Canvas, area rect) {
	win := window{title: "Replay keys", hint: "Esc: close", selected: -1}
	for _, k := range replayKeys {
		switch {
		case k[0] == "" && k[1] == "":
			win.lines = append(win.lines, plain(""))
		case k[0] == "":
			win.lines = append(win.lines, styled(k[1], styleHint))
		default:
			win.lines = append(win.lines, line{{pad(k[0], 22), Style{Bold: true}}, {k[1], Plain}})
		}
	}
	win.draw(c, area)
}
