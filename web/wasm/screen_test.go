//go:build js && wasm

package main

import (
	"encoding/binary"
	"syscall/js"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"

	"rogue/view"
)

// frame is one call of the page's draw.
type frame struct {
	cells []uint32 // 2 words a cell, as packed
	w, h  int
}

// fakePage is a page object whose draw keeps the frames it is sent.
func fakePage(t *testing.T) (js.Value, *[]frame) {
	var frames []frame
	draw := js.FuncOf(func(_ js.Value, args []js.Value) any {
		b := make([]byte, args[0].Length())
		js.CopyBytesToGo(b, args[0])
		f := frame{w: args[1].Int(), h: args[2].Int()}
		for i := 0; i < len(b); i += 4 {
			f.cells = append(f.cells, binary.LittleEndian.Uint32(b[i:]))
		}
		frames = append(frames, f)
		return nil
	})
	t.Cleanup(draw.Release)
	page := js.Global().Get("Object").New()
	page.Set("draw", draw)
	// The page's file system, whose every store has settled already
	// (fs.js's settle answers true: nothing to wait for).
	settle := js.FuncOf(func(js.Value, []js.Value) any { return true })
	t.Cleanup(settle.Release)
	fsys := js.Global().Get("Object").New()
	fsys.Set("settle", settle)
	js.Global().Set("rogueFS", fsys)
	return page, &frames
}

// The screen packs the view's cells and those drawn through tcell alike,
// and sends a frame when it changed, or when Sync asks for it whatever
// it holds.
func TestTheScreenSendsAPackedFrameOnlyWhenItChanged(t *testing.T) {
	page, frames := fakePage(t)
	s := newScreen(page, 3, 2)
	s.SetViewCell(0, 0, '@', view.Style{Fg: view.ColorYellow, Bold: true})
	s.SetContent(1, 1, '#', nil, tcell.StyleDefault.Foreground(tcell.ColorGray).Background(tcell.ColorNavy).Dim(true))
	s.SetViewCell(3, 0, 'x', view.Plain) // outside: ignored
	s.Show()
	s.Show()
	s.Sync()
	s.SetViewCell(2, 1, '.', view.Style{Reverse: true})
	s.Show()

	const blank = ' '
	first := []uint32{'@', 4 | attrBold<<16, blank, 0, blank, 0, blank, 0, '#', 9 | 5<<8 | attrDim<<16, blank, 0}
	last := append([]uint32(nil), first...)
	last[10], last[11] = '.', attrReverse<<16
	assert.Equal(t, []frame{{first, 3, 2}, {first, 3, 2}, {last, 3, 2}}, *frames)
}

// A resize blanks the grid at its new size, and the next Show sends it.
func TestAResizedScreenSendsItsNewSize(t *testing.T) {
	page, frames := fakePage(t)
	s := newScreen(page, 2, 1)
	s.SetViewCell(0, 0, '@', view.Plain)
	s.Show()
	s.SetSize(1, 2)
	w, h := s.Size()
	s.Show()
	assert.Equal(t, []int{1, 2}, []int{w, h})
	assert.Equal(t, []frame{{[]uint32{'@', 0, ' ', 0}, 2, 1}, {[]uint32{' ', 0, ' ', 0}, 1, 2}}, *frames)
}
