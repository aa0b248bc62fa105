package main

import (
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/gdamore/tcell/v2"
	"golang.org/x/term"
)

// restoreTerminal puts the terminal back when a screen is open; onTerminal
// sets it while it owns the terminal.
var restoreTerminal = func() {}

// isTerminal reports whether w writes to a terminal, as term.IsTerminal
// tells one (a character device such as /dev/null is not one).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// onTerminal opens the terminal, runs run on it and always restores the
// terminal, on a panic too (main's run recovers it after this Fini). A
// hang-up or a kill posts an interrupt event, which quits as q does.
func onTerminal(run func(tcell.Screen) error) error {
	screen, err := tcell.NewScreen()
	if err != nil {
		return fail(1, "cannot use this terminal: %v", err)
	}
	if err := screen.Init(); err != nil {
		return fail(1, "cannot use this terminal: %v", err)
	}
	var once sync.Once
	fini := func() { once.Do(screen.Fini) }
	restoreTerminal = fini
	defer func() {
		fini()
		restoreTerminal = func() {}
	}()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGHUP, syscall.SIGTERM)
	defer signal.Stop(sigs)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-sigs:
			screen.PostEvent(tcell.NewEventInterrupt(nil))
		case <-done:
		}
	}()
	return run(screen)
}
