//go:build js && wasm

// Command wasm is rogue in a browser tab: the terminal game's own play
// and replay loops (package play), run on a screen that draws on the
// page's canvas (screen.go) over a file system the page keeps in
// IndexedDB (the page's fs.js, which Go's os package uses on js/wasm).
// The page hands it one task at a time: the main menu, a journal to
// replay or follow, or one to continue; each runs until its player quits
// or the page asks for another (an import), and its last line goes back
// to the page.
package main

import (
	"bytes"
	"strings"
	"syscall/js"
	"time"

	"github.com/gdamore/tcell/v2"

	"rogue/internal/buildinfo"
	"rogue/play"
	"rogue/view"
)

func main() {
	page := js.Global().Get("rogue")
	// The page sizes the grid at least as large as the view draws in,
	// and as wide as it is laid out for where the window has room.
	page.Call("setMinimum", view.MinWidth, view.MinHeight, view.Width)
	scr := newScreen(page, page.Get("cols").Int(), page.Get("rows").Int())
	view.SetPlatformKeys("Ctrl-W Ctrl-T Ctrl-N", "the browser's own: the game needs none")
	view.SetWords(view.Words{
		Quit: "save and go to the menu: Continue plays on",
		SetAside: "Set the unfinished game aside and begin a new one? It stays in this browser: " +
			"Replay finds it, Save a journal… keeps it. y: new game, any other key: back",
	})
	expose(page, scr)
	exposeSummary(page)
	exposeExamine(page)
	exposeLink(page)
	exposeMorgue(page)
	for {
		task := await(page.Call("nextTask"))
		line := run(task, scr)
		page.Set("keysHandled", scr.keys) // every key the task took: none waits now
		page.Call("taskEnded", line)
	}
}

// run runs one task of the page on scr and returns the line it ended
// with ("" for none), in the page's words (see words.go). A task marked
// said is of a journal whose end the page has said already (torn, or
// damaged: the import's words): what the replay says of it again is
// left out.
func run(task js.Value, scr *screen) string {
	var saved string
	said := task.Get("said").Truthy()
	o := play.Options{
		Now:        time.Now,
		Version:    buildinfo.Line(),
		OnTerminal: func(loop func(tcell.Screen) error) error { return loop(scr) },
		Words:      pageWords(&saved, said),
	}
	pal, _ := view.ParsePalette(jsString(scr.page.Get("palette"))) // unknown: the default
	o.Palette = pal.String()
	scr.drain()
	var out, errs bytes.Buffer
	var err error
	switch task.Get("kind").String() {
	case "replay":
		to := -1
		if t := task.Get("turn"); t.Type() == js.TypeNumber {
			to = t.Int()
		}
		err = play.Replay(task.Get("path").String(), to, &out, &errs, o)
	case "follow":
		// The page appends to the file what the server has more of; the
		// replay reads it as rogue replay --follow reads a journal that a
		// game in a terminal writes.
		o.Follow = true
		err = play.Replay(task.Get("path").String(), -1, &out, &errs, o)
	case "continue":
		o.Journal = task.Get("path").String()
		_, err = play.Run(o) // a torn end cut on opening was the game's notice
	case "online":
		return followOnline(scr, task.Get("path").String(), true)
	case "watch":
		return followOnline(scr, task.Get("path").String(), false)
	case "check":
		err = check(task.Get("path").String())
	default:
		if seed := task.Get("seed"); seed.Type() == js.TypeNumber {
			o.Seed = uint64(seed.Int())
		}
		_, err = play.Run(o)
	}
	lines := []string{strings.TrimSpace(out.String()), saved}
	if !said {
		lines = append(lines, strings.TrimSpace(errs.String()))
	}
	if err != nil && !(said && isDamage(err)) {
		lines = append(lines, err.Error())
	}
	var all []string
	for _, l := range lines {
		if l != "" {
			all = append(all, unpath(l))
		}
	}
	return strings.Join(all, "\n")
}

// jsString is v as a string; "" unless it is one.
func jsString(v js.Value) string {
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}

// check refuses the journal at path as rogue play --journal would, or
// says nothing: what the page asks before it keeps an imported journal
// to play on.
func check(path string) error {
	g, err := play.Open(path)
	if err != nil {
		return err
	}
	return g.Close()
}

// await blocks until the promise p settles and returns its value; the
// page's tasks never reject.
func await(p js.Value) js.Value {
	done := make(chan js.Value, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- args[0]
		return nil
	})
	defer then.Release()
	p.Call("then", then)
	return <-done
}
