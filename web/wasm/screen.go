//go:build js && wasm

package main

import (
	"encoding/binary"
	"syscall/js"
	"time"

	"github.com/gdamore/tcell/v2"
)

// screen is the tcell screen the play and replay loops draw on in the
// page: tcell's in-memory screen, whose Show and Sync send the whole
// frame to the page in one call (a packed buffer of 8 bytes a cell: the
// rune, the foreground and background colors, the attributes), for the
// page to paint on its canvas. Keys and resizes come in from the page.
type screen struct {
	tcell.SimulationScreen
	page js.Value // the page's rogue object
	draw js.Value // the page's draw(frame, cols, rows)
	keys int      // the key events polled so far
	// in takes the page's events (keys, resizes, interrupts) without
	// blocking: the page's callbacks run on the goroutine that must stay
	// free to answer the file system, while tcell's queue blocks when
	// full (a game storing a turn while keys come fast). forward feeds
	// them to tcell's queue in order.
	in    chan tcell.Event
	frame []byte
}

func newScreen(page js.Value, cols, rows int) *screen {
	sim := tcell.NewSimulationScreen("UTF-8")
	if err := sim.Init(); err != nil {
		panic(err) // the in-memory screen's Init cannot fail
	}
	sim.SetSize(cols, rows)
	s := &screen{SimulationScreen: sim, page: page, draw: page.Get("draw"), in: make(chan tcell.Event, 4096)}
	go s.forward()
	return s
}

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

// Show draws what changed and sends the frame to the page.
func (s *screen) Show() {
	s.SimulationScreen.Show()
	s.send()
}

// Sync draws everything again and sends the frame to the page.
func (s *screen) Sync() {
	s.SimulationScreen.Sync()
	s.send()
}

// PollEvent waits for the next event. While it waits, every key before
// it has been handled and drawn: the page's keysHandled says how many
// (what tests wait for).
func (s *screen) PollEvent() tcell.Event {
	if !s.HasPendingEvent() {
		s.page.Set("keysHandled", s.keys)
	}
	ev := s.SimulationScreen.PollEvent()
	if _, ok := ev.(*tcell.EventKey); ok {
		s.keys++
	}
	return ev
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
		if _, ok := ev.(*tcell.EventKey); ok {
			s.keys++
		}
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

// send packs the screen's cells and hands them to the page's draw.
func (s *screen) send() {
	cells, w, h := s.GetContents()
	need := 8 * len(cells)
	if cap(s.frame) < need {
		s.frame = make([]byte, need)
	}
	f := s.frame[:need]
	for i, c := range cells {
		r := ' '
		if len(c.Runes) > 0 {
			r = c.Runes[0]
		}
		fg, bg, attrs := c.Style.Decompose()
		var a byte
		if attrs&tcell.AttrBold != 0 {
			a |= attrBold
		}
		if attrs&tcell.AttrDim != 0 {
			a |= attrDim
		}
		if attrs&tcell.AttrReverse != 0 {
			a |= attrReverse
		}
		o := 8 * i
		binary.LittleEndian.PutUint32(f[o:], uint32(r))
		f[o+4], f[o+5], f[o+6], f[o+7] = colorIndex(fg), colorIndex(bg), a, 0
	}
	buf := js.Global().Get("Uint8Array").New(need)
	js.CopyBytesToJS(buf, f)
	s.draw.Invoke(buf, w, h)
}

// colorIndex is the page's palette index of a color the view uses (see
// view's tcell colors): 0 for the default.
func colorIndex(c tcell.Color) byte {
	switch c {
	case tcell.ColorBlack:
		return 1
	case tcell.ColorMaroon:
		return 2
	case tcell.ColorGreen:
		return 3
	case tcell.ColorYellow:
		return 4
	case tcell.ColorNavy:
		return 5
	case tcell.ColorFuchsia:
		return 6
	case tcell.ColorTeal:
		return 7
	case tcell.ColorWhite:
		return 8
	case tcell.ColorGray:
		return 9
	case tcell.ColorOlive:
		return 10
	}
	return 0
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
