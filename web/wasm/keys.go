//go:build js && wasm

package main

import (
	"bytes"
	"syscall/js"

	"github.com/gdamore/tcell/v2"

	"rogue/play"
)

// expose gives the page its calls into the program: key (a key pressed),
// mouse (a click, a tap or the pointer moved, on a cell), resize (the
// grid's new size) and interrupt (end the task under way, as a hang-up
// ends rogue in a terminal: the game is saved after every turn already).
func expose(page js.Value, s *screen) {
	page.Set("mouse", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return s.mouse(args[0].Int(), args[1].Int(), args[2].Int(), args[3].Bool(), args[4].Bool(), args[5].Bool())
	}))
	page.Set("key", js.FuncOf(func(_ js.Value, args []js.Value) any {
		name, char := args[0].String(), args[1].String()
		shift, ctrl, alt := args[2].Bool(), args[3].Bool(), args[4].Bool()
		return s.key(name, char, shift, ctrl, alt)
	}))
	page.Set("resize", js.FuncOf(func(_ js.Value, args []js.Value) any {
		s.resize(args[0].Int(), args[1].Int())
		return nil
	}))
	page.Set("interrupt", js.FuncOf(func(js.Value, []js.Value) any {
		s.post(tcell.NewEventInterrupt(nil))
		return nil
	}))
}

// pageKeys are the page's names of the keys the game uses (KeyboardEvent
// key), as the terminal sends them. Clear is the numpad's 5 without Num
// Lock.
var pageKeys = map[string]tcell.Key{
	"ArrowUp": tcell.KeyUp, "ArrowDown": tcell.KeyDown, "ArrowLeft": tcell.KeyLeft, "ArrowRight": tcell.KeyRight,
	"Home": tcell.KeyHome, "End": tcell.KeyEnd, "PageUp": tcell.KeyPgUp, "PageDown": tcell.KeyPgDn,
	"Clear": tcell.KeyCenter, "Enter": tcell.KeyEnter, "Escape": tcell.KeyEscape,
	"Tab": tcell.KeyTab, "Backspace": tcell.KeyBackspace2,
}

// ctrlKeys are the Ctrl combinations the game uses.
var ctrlKeys = map[string]tcell.Key{"c": tcell.KeyCtrlC, "p": tcell.KeyCtrlP, "r": tcell.KeyCtrlR}

// key hands a key the page saw to the loop as the terminal would, and
// reports whether the game uses it (the page then keeps it from the
// browser: no scrolling, no leaving the page).
func (s *screen) key(name, char string, shift, ctrl, alt bool) bool {
	var mod tcell.ModMask
	if shift {
		mod |= tcell.ModShift
	}
	if alt {
		mod |= tcell.ModAlt
	}
	if ctrl {
		k, ok := ctrlKeys[name]
		if ok {
			s.post(tcell.NewEventKey(k, 0, tcell.ModCtrl))
		}
		return ok
	}
	if k, ok := pageKeys[name]; ok {
		if k == tcell.KeyTab && shift {
			k = tcell.KeyBacktab
		}
		s.post(tcell.NewEventKey(k, 0, mod))
		return true
	}
	rs := []rune(char)
	if len(rs) != 1 {
		return false
	}
	s.post(tcell.NewEventKey(tcell.KeyRune, rs[0], mod&^tcell.ModShift))
	return true
}

// pageButtons are the page's buttons (MouseEvent.buttons: 1 the primary,
// 2 the secondary, 4 the middle) as tcell names them; a touch is the
// primary.
var pageButtons = []struct {
	page int
	tcell.ButtonMask
}{{1, tcell.Button1}, {2, tcell.Button2}, {4, tcell.Button3}}

// mouse hands the loop the pointer on cell (x, y) with the page's
// buttons held (none: it moved, or was let go), as a terminal reports
// the mouse; it reports whether it did (a cell off the grid is not).
func (s *screen) mouse(x, y, buttons int, shift, ctrl, alt bool) bool {
	if x < 0 || y < 0 || x >= s.w || y >= s.h {
		return false
	}
	var held tcell.ButtonMask
	for _, b := range pageButtons {
		if buttons&b.page != 0 {
			held |= b.ButtonMask
		}
	}
	var mod tcell.ModMask
	if shift {
		mod |= tcell.ModShift
	}
	if ctrl {
		mod |= tcell.ModCtrl
	}
	if alt {
		mod |= tcell.ModAlt
	}
	s.post(tcell.NewEventMouse(x, y, held, mod))
	return true
}

// exposeSummary gives the page summary(path): a promise of what rogue
// replay --headless prints for the journal at path (its digest among
// it), or of the line it is refused with.
func exposeSummary(page js.Value) {
	page.Set("summary", promised(func(args []js.Value) any {
		var out, errs bytes.Buffer
		if err := play.ReplaySummary(args[0].String(), -1, &out, &errs); err != nil {
			errs.WriteString(err.Error())
		}
		return out.String() + errs.String()
	}))
}
