package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gdamore/tcell/v2"

	"rogue/reducer/content"
	"rogue/view"
)

// replayScreen is `rogue replay FILE`: the journal played back on the
// game's own screen, from its first turn, or paused at turn to (when to
// >= 0). It opens the journal read-only and never writes anything.
func replayScreen(path string, to int, stderr io.Writer) error {
	f, err := openFrames(path, content.Default())
	if err != nil {
		return err
	}
	defer f.Close()
	if d := f.Damage(); d != nil && f.Total() == 0 {
		return damaged(path, d)
	}
	if f.Total() == 0 {
		return fail(1, "%s holds no turns: there is nothing to replay", path)
	}
	start, paused := 1, false
	if to >= 0 {
		start, paused = to, true
	}
	c := view.NewReplayControl(f.Total(), start, paused)
	if d := f.Damage(); d != nil {
		c.Warning = fmt.Sprintf("DAMAGED after turn %d", f.Total())
	}
	r := newReplayer(f, c, realClock{})
	if err := r.show(r.v.Control.Turn()); err != nil {
		return err
	}
	err = onTerminal(func(s tcell.Screen) error {
		r.screen = s
		r.canvas = view.NewScreen(s, os.Getenv("NO_COLOR") != "")
		return r.loop()
	})
	for _, n := range f.Notes() {
		fmt.Fprintf(stderr, "rogue replay: %s\n", n)
	}
	if to > f.Total() {
		fmt.Fprintf(stderr, "rogue replay: note: the journal ends at turn %d, before turn %d\n", f.Total(), to)
	}
	if d := f.Damage(); d != nil && err == nil {
		return damaged(path, d)
	}
	return err
}

// clock is where the replay loop reads the time and waits: the real one,
// or one a test moves by hand.
type clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// replayer runs a replay on a terminal: it draws the view, turns keys
// into actions, and seeks the frames the actions ask for.
type replayer struct {
	screen tcell.Screen
	canvas *view.Screen
	v      *view.ReplayView
	src    *frames
	clock  clock
}

func newReplayer(src *frames, c *view.ReplayControl, clk clock) *replayer {
	return &replayer{src: src, v: view.NewReplayView(c), clock: clk}
}

// show shows the frame after turn turns.
func (r *replayer) show(turn int) error {
	f, err := r.src.At(turn)
	if err != nil {
		return err
	}
	r.v.Show(f)
	return nil
}

// draw draws the replay and shows it.
func (r *replayer) draw() {
	view.DrawReplay(r.canvas, r.v)
	r.screen.Show()
}

// loop draws, plays and handles events until the user quits. Events come
// through a channel so that the loop can wait for a key and for the next
// turn that is due at once.
func (r *replayer) loop() error {
	events := make(chan tcell.Event, 64)
	quit := make(chan struct{})
	defer close(quit)
	go r.screen.ChannelEvents(events, quit)
	r.v.Resize(r.screen.Size())
	for {
		if done, err := r.apply(r.v.Control.Tick(r.clock.Now())); done || err != nil {
			return err
		}
		r.draw()
		var due <-chan time.Time
		if wait := r.v.Control.Wait(r.clock.Now()); wait >= 0 {
			due = r.clock.After(wait)
		}
		select {
		case ev, ok := <-events:
			if !ok {
				return nil // the screen was closed
			}
			if done, err := r.event(ev); done || err != nil {
				return err
			}
		case <-due:
		}
	}
}

// event handles one terminal event; it reports whether to quit.
func (r *replayer) event(ev tcell.Event) (bool, error) {
	switch ev := ev.(type) {
	case *tcell.EventInterrupt:
		return true, nil // a signal asks to quit
	case *tcell.EventResize:
		r.v.Resize(ev.Size())
		r.screen.Sync()
	case *tcell.EventKey:
		keys := view.Keys(ev)
		switch ev.Key() {
		case tcell.KeyCtrlC:
			return true, nil
		case tcell.KeyBackspace2: // what most terminals send for Backspace (DEL)
			keys = []view.Key{view.Named(view.KeyBackspace)}
		}
		for _, k := range keys {
			if done, err := r.apply(r.v.HandleKey(k)); done || err != nil {
				return done, err
			}
		}
	}
	return false, nil
}

// apply does what an action asks; it reports whether to quit.
func (r *replayer) apply(a view.ReplayAction) (bool, error) {
	switch a.Do {
	case view.ReplayQuit:
		return true, nil
	case view.ReplaySeek:
		return false, r.show(a.Turn)
	}
	return false, nil
}
