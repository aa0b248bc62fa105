// Package terminal is the terminal rogue's commands draw on: opening it
// as a tcell screen for the length of a command (and putting it back
// whatever happens, a panic or a hang-up included), and telling whether
// an output is one. The binary alone opens it; the packages that draw
// are handed the screen.
package terminal

import (
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/gdamore/tcell/v2"
	"golang.org/x/term"

	"rogue/internal/cli"
)

// restore puts the terminal back when a screen is open; Run sets it while
// it owns the terminal.
var restore = func() {}

// Restore puts the terminal back if Run has it open: for a panic that
// reached main, before its report is printed.
func Restore() { restore() }

// Is reports whether w writes to a terminal, as term.IsTerminal tells one
// (a character device such as /dev/null is not one).
func Is(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Run opens the terminal, runs run on it and always restores the
// terminal, on a panic too (Restore is then a no-op). A hang-up or a kill
// posts an interrupt event, which quits as q does.
func Run(run func(tcell.Screen) error) error {
	screen, err := tcell.NewScreen()
	if err != nil {
		return cli.Fail(1, "cannot use this terminal: %v", err)
	}
	if err := screen.Init(); err != nil {
		return cli.Fail(1, "cannot use this terminal: %v", err)
	}
	var once sync.Once
	fini := func() { once.Do(screen.Fini) }
	restore = fini
	defer func() {
		fini()
		restore = func() {}
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
