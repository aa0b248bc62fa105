package view

import (
	"fmt"
	"slices"
	"strconv"
)

// The HP chart of the game over screen and the death summary: the
// player's HP over the game, one column per group of turns (or several
// columns per turn in a short game), each column as high as the lowest HP
// in its group (the close calls show). The three screens that show it,
// the game over screen, the morgue and a replay's last screen, draw it at
// one size (ChartWidth x ChartHeight, smaller only on a screen too small
// for it), so that one game's chart is the same picture on each.

// The size of the HP chart, its labels included.
const (
	ChartWidth  = 76
	ChartHeight = 12
)

// drawChart draws the chart of hp in r: hp[i] is the HP after turn i (as
// every output numbers turns: turn 0 is the game's beginning).
func drawChart(c Canvas, r rect, hp []int) {
	if len(hp) == 0 || r.w < 8 || r.h < 3 {
		put(c, r.x, r.y, "(no turns to chart)", styleHint, r.w)
		return
	}
	top := 1
	for _, v := range hp {
		top = max(top, v)
	}
	label := strconv.Itoa(top)
	lw := textWidth(label)
	plotX := r.x + lw + 1
	plotW := r.w - lw - 1
	plotH := r.h - 2
	cols := plotW // a short game's turns are stretched over several columns
	for i := 0; i < cols; i++ {
		lo := i * len(hp) / cols
		hi := max(lo+1, (i+1)*len(hp)/cols)
		v := hp[lo]
		for _, x := range hp[lo:hi] {
			v = min(v, x)
		}
		cells := 0
		if v > 0 {
			cells = max(1, (v*plotH+top-1)/top)
		}
		st := Style{Fg: healthColor(v, top)}
		for j := 0; j < cells; j++ {
			c.Set(plotX+i, r.y+plotH-1-j, '█', st)
		}
	}
	put(c, r.x, r.y, fmt.Sprintf("%*s", lw, label), styleHint, -1)
	put(c, r.x, r.y+plotH, fmt.Sprintf("%*s", lw, "0"), styleHint, -1)
	for j := 0; j < plotH; j++ {
		c.Set(plotX-1, r.y+j, '│', styleFrame)
	}
	c.Set(plotX-1, r.y+plotH, '└', styleFrame)
	for i := 0; i < plotW; i++ {
		c.Set(plotX+i, r.y+plotH, '─', styleFrame)
	}
	// A column whose lowest HP is 0 or less (the death) has no bar: a
	// red mark on the axis says that the HP went to 0 there, and the
	// chart does not seem to stop at the last bar.
	for i := 0; i < cols; i++ {
		lo := i * len(hp) / cols
		hi := max(lo+1, (i+1)*len(hp)/cols)
		if slices.Min(hp[lo:hi]) <= 0 {
			c.Set(plotX+i, r.y+plotH, '×', Style{Fg: ColorRed, Bold: true})
		}
	}
	first, last := "turn 0", fmt.Sprintf("turn %d", len(hp)-1)
	put(c, plotX, r.y+plotH+1, first, styleHint, -1)
	if end := plotX + cols - textWidth(last); end > plotX+textWidth(first) {
		put(c, end, r.y+plotH+1, last, styleHint, -1)
	}
}

// chartText is the chart as plain text, w x h cells.
func chartText(hp []int, w, h int) string {
	c := NewTextCanvas(w, h)
	drawChart(c, rect{0, 0, w, h}, hp)
	return c.String()
}

// healthColor is green above half, yellow above a quarter, red below.
func healthColor(v, maxV int) Color {
	switch {
	case v*2 > maxV:
		return ColorGreen
	case v*4 > maxV:
		return ColorYellow
	}
	return ColorRed
}
