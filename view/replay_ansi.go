package view

import (
	"strconv"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
)

// A replay as terminal output, for recordings (an asciicast): each frame
// is the escape sequences that turn the previous screen into this one.
// The named colors are the ones a 16-color terminal screen uses (see
// Screen), as 16-color SGR codes; the terrain's, which 16 colors cannot
// show at each light, are the default palette's RGB (24-bit SGR codes,
// which asciicast players show).

// ANSIFrame is what to write to a terminal that shows prev (nil: nothing
// yet, or a screen of another size) so that it shows cur: the first frame
// hides the cursor, clears the screen and draws every row; later ones
// draw only the cells that changed. Every frame ends with the attributes
// reset.
func ANSIFrame(prev, cur *TextCanvas) string {
	b := make([]byte, 0, 1024)
	w, h := cur.Size()
	full := prev == nil || prev.w != w || prev.h != h
	if full {
		b = append(b, "\x1b[?25l\x1b[0m\x1b[2J"...)
	}
	pen := Plain
	cx, cy := -1, -1 // where the cursor is; -1: unknown
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, st := cur.At(x, y)
			if full && r == ' ' && st == Plain {
				continue // the screen was cleared
			}
			if !full {
				if pr, pst := prev.At(x, y); pr == r && pst == st {
					continue
				}
			}
			if cx != x || cy != y {
				b = append(b, "\x1b["...)
				b = strconv.AppendInt(b, int64(y+1), 10)
				b = append(b, ';')
				b = strconv.AppendInt(b, int64(x+1), 10)
				b = append(b, 'H')
			}
			if st != pen {
				b = appendSGR(b, st)
				pen = st
			}
			b = utf8.AppendRune(b, r)
			cx, cy = x+1, y
		}
	}
	if pen != Plain {
		b = append(b, "\x1b[0m"...)
	}
	return string(b)
}

// sgr is the escape sequence that sets style st from scratch.
func sgr(st Style) string { return string(appendSGR(nil, st)) }

// appendSGR appends sgr(st) to b: an export writes one for every change
// of style in ten thousand frames.
func appendSGR(b []byte, st Style) []byte {
	b = append(b, "\x1b[0"...)
	if st.Bold {
		b = append(b, ";1"...)
	}
	if st.Dim {
		b = append(b, ";2"...)
	}
	if st.Reverse {
		b = append(b, ";7"...)
	}
	if st.Fg != ColorDefault {
		b = appendSGRColor(b, st.Fg, 30, 90, "38")
	}
	if st.Bg != ColorDefault {
		b = appendSGRColor(b, st.Bg, 40, 100, "48")
	}
	return append(b, 'm')
}

// appendSGRColor appends ";" and the SGR code of color c: a 16-color code
// for a named color (base, bright: see ansiColor), else intro;2;R;G;B.
func appendSGRColor(b []byte, c Color, base, bright int, intro string) []byte {
	b = append(b, ';')
	if int(c) < len(tcellColors) {
		return strconv.AppendInt(b, int64(ansiColor(c, base, bright)), 10)
	}
	rgb, _ := PaletteDefault.RGB(c)
	b = append(b, intro...)
	b = append(b, ";2;"...)
	b = strconv.AppendInt(b, int64(rgb.R), 10)
	b = append(b, ';')
	b = strconv.AppendInt(b, int64(rgb.G), 10)
	b = append(b, ';')
	return strconv.AppendInt(b, int64(rgb.B), 10)
}

// ansiColor is the SGR code of c: base+i for the eight first palette
// colors, bright+i-8 for the eight bright ones.
func ansiColor(c Color, base, bright int) int {
	i := int(tcellColors[c] - tcell.ColorValid)
	if i < 8 {
		return base + i
	}
	return bright + i - 8
}
