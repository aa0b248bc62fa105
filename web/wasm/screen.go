//go:build js && wasm

package main

import (
	"encoding/binary"
	"fmt"
	"slices"
	"syscall/js"
	"time"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"

	"rogue/view"
)

// screen is the tcell screen the play and replay loops draw on in the
// page. It keeps its cells itself, packed as the page paints them (8
// bytes a cell: the rune, the foreground and background colors, the
// attributes), and Show sends the frame to the page in one call when it
// changed. The view's cells come in as they are (SetViewCell, see
// view.CellScreen), the few drawn through tcell's calls are converted.
// tcell's in-memory screen is kept only for its queue of events: keys
// and resizes come in from the page.
type screen struct {
	tcell.SimulationScreen
	page js.Value // the page's rogue object
	draw js.Value // the page's draw(frame, cols, rows)
	keys int      // the key and mouse events polled so far
	// in takes the page's events (keys, resizes, interrupts) without
	// blocking: the page's callbacks run on the goroutine that must stay
	// free to answer the file system, while tcell's queue blocks when
	// full (a game storing a turn while keys come fast). forward feeds
	// them to tcell's queue in order.
	in chan tcell.Event

	// w and h are the grid's size, cells its cells (2 words each: the
	// rune, then colors and attributes), sent what the page was sent
	// last (nil: nothing yet, or the page must be sent the next frame
	// whatever it holds). They change together, on a resize.
	w, h        int
	cells, sent []uint32
	frame       []byte   // the bytes of the frame being sent
	buf         js.Value // the page's copy of them, reused while the size holds

	// fsSettle is the page's file system's settle, and settled the
	// callback it is handed, which hands settledCh the outcome (see
	// settle).
	fsSettle  js.Value
	settled   js.Func
	settledCh chan js.Value
}

func newScreen(page js.Value, cols, rows int) *screen {
	sim := tcell.NewSimulationScreen("UTF-8")
	if err := sim.Init(); err != nil {
		panic(err) // the in-memory screen's Init cannot fail
	}
	s := &screen{SimulationScreen: sim, page: page, draw: page.Get("draw"), in: make(chan tcell.Event, 4096),
		settledCh: make(chan js.Value, 1)}
	fsys := js.Global().Get("rogueFS")
	s.fsSettle = fsys.Get("settle").Call("bind", fsys)
	s.settled = js.FuncOf(func(_ js.Value, args []js.Value) any {
		s.settledCh <- args[0]
		return nil
	})
	s.SetSize(cols, rows)
	go s.forward()
	return s
}

// SetSize makes the grid cols x rows, blank.
func (s *screen) SetSize(cols, rows int) {
	s.SimulationScreen.SetSize(cols, rows)
	s.w, s.h = cols, rows
	s.cells = make([]uint32, 2*cols*rows)
	s.sent = nil
	s.Clear()
}

// Size is the grid's size in cells.
func (s *screen) Size() (int, int) { return s.w, s.h }

// forward posts the page's events to tcell's queue, waiting when it is
// full.
func (s *screen) forward() {
	for ev := range s.in {
		if r, ok := ev.(*tcell.EventResize); ok {
			s.SetSize(r.Size())
		}
		for s.PostEvent(ev) != nil {
			time.Sleep(time.Millisecond)
		}
	}
}

// post hands ev to the loop, in order, without blocking the page; an
// event past thousands not yet taken is dropped.
func (s *screen) post(ev tcell.Event) {
	select {
	case s.in <- ev:
	default:
	}
}

// Show sends the frame to the page, unless it is the one the page has.
func (s *screen) Show() { s.send(false) }

// Sync sends the frame to the page whatever it has.
func (s *screen) Sync() { s.send(true) }

// PollEvent waits for the next event. It first waits for the turn last
// drawn to be stored (settle). While it waits, every key and mouse
// event before it has been handled, drawn and stored: the page's
// keysHandled says how many (what tests wait for). A turn the browser
// refused to store ends the loop, as a closed screen does (an
// interrupt): the game's journal then refuses to close, and the page
// says so.
func (s *screen) PollEvent() tcell.Event {
	if !s.settle() {
		return tcell.NewEventInterrupt(nil)
	}
	if !s.HasPendingEvent() {
		s.page.Set("keysHandled", s.keys)
	}
	ev := s.SimulationScreen.PollEvent()
	s.count(ev)
	return ev
}

// settle waits until the store of the journal's last turn, which the
// page's file system started ahead of the turn's frame (fs.js), is
// committed, and reports whether it was. The page's task ends
// meanwhile, so the frame is shown while the browser commits; the next
// key waits in the queue.
func (s *screen) settle() bool {
	if s.fsSettle.Invoke(s.settled).Bool() {
		return true
	}
	return (<-s.settledCh).IsNull()
}

// count counts ev if it is a key or the mouse, and tells the page where
// the last mouse event was and with which buttons ("x,y,buttons", as
// tcell numbers them: what the tests of clicks read).
func (s *screen) count(ev tcell.Event) {
	switch ev := ev.(type) {
	case *tcell.EventKey:
		s.keys++
	case *tcell.EventMouse:
		s.keys++
		x, y := ev.Position()
		s.page.Set("lastMouse", fmt.Sprintf("%d,%d,%d", x, y, ev.Buttons()))
	}
}

// ChannelEvents sends the events to ch until quit is closed, counting
// the keys as PollEvent does (the replay's loop reads its events so).
func (s *screen) ChannelEvents(ch chan<- tcell.Event, quit <-chan struct{}) {
	defer close(ch)
	mid := make(chan tcell.Event)
	go s.SimulationScreen.ChannelEvents(mid, quit)
	if !s.HasPendingEvent() {
		s.page.Set("keysHandled", s.keys)
	}
	for ev := range mid {
		if !s.settle() {
			ev = tcell.NewEventInterrupt(nil)
		}
		s.count(ev)
		select {
		case ch <- ev:
		case <-quit:
			return
		}
		if !s.HasPendingEvent() {
			s.page.Set("keysHandled", s.keys)
		}
	}
}

// Fini leaves the screen as it is: the page goes on showing the last
// frame until the next task draws.
func (s *screen) Fini() {}

// Suspend and Resume do nothing: a page has no shell to give back.
func (s *screen) Suspend() error { return nil }
func (s *screen) Resume() error  { return nil }

// Cell attributes in a packed frame.
const (
	attrBold    = 1
	attrDim     = 2
	attrReverse = 4
)

// pack is the second word of a packed cell: the page's palette indexes
// of the colors (the view's colors, in order: 0 is the default) and the
// attributes. unpack is its inverse.
func pack(st view.Style) uint32 {
	var a uint32
	if st.Bold {
		a |= attrBold
	}
	if st.Dim {
		a |= attrDim
	}
	if st.Reverse {
		a |= attrReverse
	}
	return uint32(st.Fg) | uint32(st.Bg)<<8 | a<<16
}

func unpack(w uint32) view.Style {
	a := w >> 16
	return view.Style{Fg: view.Color(w & 0xff), Bg: view.Color(w >> 8 & 0xff),
		Bold: a&attrBold != 0, Dim: a&attrDim != 0, Reverse: a&attrReverse != 0}
}

// SetPalette sends the page palette p's colors (see view.PaletteScreen),
// which it paints the cells' colors in and keeps for the next visit.
func (s *screen) SetPalette(p view.Palette) {
	table := p.Table()
	buf := js.Global().Get("Uint8Array").New(len(table))
	js.CopyBytesToJS(buf, table)
	s.page.Call("setPalette", p.String(), buf)
}

// SetViewCell puts r in cell (x, y) as the view draws it; cells outside
// the grid are ignored.
func (s *screen) SetViewCell(x, y int, r rune, st view.Style) {
	if x < 0 || y < 0 || x >= s.w || y >= s.h {
		return
	}
	i := 2 * (y*s.w + x)
	s.cells[i], s.cells[i+1] = uint32(r), pack(st)
}

// SetContent puts a cell drawn through tcell's calls, its style
// converted to the view's.
func (s *screen) SetContent(x, y int, r rune, _ []rune, style tcell.Style) {
	s.SetViewCell(x, y, r, view.StyleOf(style))
}

// SetCell is SetContent of the first rune of ch (a blank for none).
func (s *screen) SetCell(x, y int, style tcell.Style, ch ...rune) {
	r := ' '
	if len(ch) > 0 {
		r = ch[0]
	}
	s.SetContent(x, y, r, nil, style)
}

// Put puts the first rune of str in cell (x, y) and returns the rest of
// str and the width it took (the view draws one rune a cell).
func (s *screen) Put(x, y int, str string, style tcell.Style) (string, int) {
	r, n := utf8.DecodeRuneInString(str)
	if n == 0 {
		return "", 0
	}
	s.SetContent(x, y, r, nil, style)
	return str[n:], 1
}

// PutStrStyled puts str from cell (x, y) on, a rune a cell.
func (s *screen) PutStrStyled(x, y int, str string, style tcell.Style) {
	for _, r := range str {
		s.SetContent(x, y, r, nil, style)
		x++
	}
}

// PutStr is PutStrStyled in the default style.
func (s *screen) PutStr(x, y int, str string) { s.PutStrStyled(x, y, str, tcell.StyleDefault) }

// Fill puts r in every cell.
func (s *screen) Fill(r rune, style tcell.Style) {
	for y := 0; y < s.h; y++ {
		for x := 0; x < s.w; x++ {
			s.SetContent(x, y, r, nil, style)
		}
	}
}

// Clear blanks every cell.
func (s *screen) Clear() { s.Fill(' ', tcell.StyleDefault) }

// GetContent is what cell (x, y) holds.
func (s *screen) GetContent(x, y int) (rune, []rune, tcell.Style, int) {
	if x < 0 || y < 0 || x >= s.w || y >= s.h {
		return ' ', nil, tcell.StyleDefault, 1
	}
	i := 2 * (y*s.w + x)
	return rune(s.cells[i]), nil, view.TcellStyle(unpack(s.cells[i+1])), 1
}

// Get is GetContent as a string.
func (s *screen) Get(x, y int) (string, tcell.Style, int) {
	r, _, style, w := s.GetContent(x, y)
	return string(r), style, w
}

// send hands the frame to the page's draw, unless the page has it
// already and force is false.
func (s *screen) send(force bool) {
	if !force && slices.Equal(s.cells, s.sent) {
		return
	}
	need := 4 * len(s.cells)
	if len(s.frame) != need {
		s.frame = make([]byte, need)
		s.buf = js.Global().Get("Uint8Array").New(need)
	}
	for i, c := range s.cells {
		binary.LittleEndian.PutUint32(s.frame[4*i:], c)
	}
	js.CopyBytesToJS(s.buf, s.frame)
	s.sent = append(s.sent[:0], s.cells...)
	s.draw.Invoke(s.buf, s.w, s.h)
}

// resize makes the screen cols x rows and tells the loop.
func (s *screen) resize(cols, rows int) {
	s.post(tcell.NewEventResize(cols, rows))
}

// drain drops the interrupts no loop took, meant for a task that had
// ended already; the keys pressed between two tasks are kept, in order,
// for the next.
func (s *screen) drain() {
	var keep []tcell.Event
	for s.HasPendingEvent() {
		if ev := s.SimulationScreen.PollEvent(); ev != nil {
			if _, stale := ev.(*tcell.EventInterrupt); !stale {
				keep = append(keep, ev)
			}
		}
	}
	for _, ev := range keep {
		_ = s.PostEvent(ev) // the queue was just emptied: there is room
	}
}
