package view

import "strings"

// TextCanvas is a Canvas in memory that renders to plain text, for golden
// tests and for text files (the death summary's chart).
type TextCanvas struct {
	w, h  int
	runes []rune
	style []Style
}

var _ Canvas = (*TextCanvas)(nil)

// NewTextCanvas returns a blank w x h canvas.
func NewTextCanvas(w, h int) *TextCanvas {
	c := &TextCanvas{w: max(w, 0), h: max(h, 0)}
	c.runes = make([]rune, c.w*c.h)
	c.style = make([]Style, c.w*c.h)
	for i := range c.runes {
		c.runes[i] = ' '
	}
	return c
}

// Clear blanks the canvas, as NewTextCanvas makes it, to draw on again.
func (c *TextCanvas) Clear() {
	for i := range c.runes {
		c.runes[i] = ' '
	}
	clear(c.style)
}

// Size is the canvas's width and height.
func (c *TextCanvas) Size() (int, int) { return c.w, c.h }

// Set puts r with style st at (x, y); outside the canvas it does nothing.
func (c *TextCanvas) Set(x, y int, r rune, st Style) {
	if x < 0 || y < 0 || x >= c.w || y >= c.h {
		return
	}
	c.runes[y*c.w+x] = r
	c.style[y*c.w+x] = st
}

// At returns the rune and style at (x, y) (a blank outside the canvas).
func (c *TextCanvas) At(x, y int) (rune, Style) {
	if x < 0 || y < 0 || x >= c.w || y >= c.h {
		return ' ', Plain
	}
	return c.runes[y*c.w+x], c.style[y*c.w+x]
}

// String is the canvas as text: one line per row, each ending in a
// newline, trailing blanks trimmed (so every row is there, even blank).
func (c *TextCanvas) String() string {
	var b strings.Builder
	for y := 0; y < c.h; y++ {
		b.WriteString(strings.TrimRight(string(c.runes[y*c.w:(y+1)*c.w]), " "))
		b.WriteByte('\n')
	}
	return b.String()
}
