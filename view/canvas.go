package view

// Canvas is a grid of character cells to draw on.
type Canvas interface {
	// Size is the grid's width and height in cells.
	Size() (w, h int)
	// Set puts r in cell (x, y); cells outside the grid are ignored.
	Set(x, y int, r rune, st Style)
}

// Color is one of the few colors the view uses. ColorDefault is the
// terminal's own foreground or background.
type Color uint8

// The colors.
const (
	ColorDefault Color = iota
	ColorBlack
	ColorRed
	ColorGreen
	ColorYellow
	ColorBlue
	ColorMagenta
	ColorCyan
	ColorWhite
	ColorGray
	ColorBrown
)

// Style is how a cell looks: colors and attributes.
type Style struct {
	Fg, Bg  Color
	Bold    bool
	Dim     bool
	Reverse bool
}

// Plain is the terminal's default look.
var Plain = Style{}

// Styles the screens share.
var (
	styleTitle    = Style{Bold: true}
	styleHint     = Style{Fg: ColorGray}
	styleSelected = Style{Reverse: true}
	styleCursor   = Style{Reverse: true, Bold: true}
	styleFrame    = Style{Fg: ColorGray}
	styleWarn     = Style{Fg: ColorRed, Bold: true}
)

// put writes s from (x, y) to the right, clipped at the canvas edge and at
// maxW cells (maxW < 0: no limit). It returns the number of cells used.
func put(c Canvas, x, y int, s string, st Style, maxW int) int {
	w, h := c.Size()
	if y < 0 || y >= h {
		return 0
	}
	n := 0
	for _, r := range s {
		if maxW >= 0 && n >= maxW {
			break
		}
		if x+n >= w {
			break
		}
		c.Set(x+n, y, r, st)
		n++
	}
	return n
}

// fill sets every cell of the rectangle to r.
func fill(c Canvas, x, y, w, h int, r rune, st Style) {
	for j := y; j < y+h; j++ {
		for i := x; i < x+w; i++ {
			c.Set(i, j, r, st)
		}
	}
}

// textWidth is how many cells s takes (one per rune: the view only writes
// narrow characters).
func textWidth(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}
