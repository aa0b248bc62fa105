package replay

import (
	"errors"
	"fmt"
	"time"

	"github.com/gdamore/tcell/v2"

	"rogue/journal"
	"rogue/view"
)

// Clock is where the replay loop reads the time and waits: the real one,
// or one a test moves by hand.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

// RealClock is the clock on the wall.
type RealClock struct{}

func (RealClock) Now() time.Time                         { return time.Now() }
func (RealClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Replayer runs a replay on a terminal: it draws the view, turns keys
// into actions, and seeks the frames the actions ask for.
type Replayer struct {
	screen tcell.Screen
	canvas *view.Screen
	v      *view.ReplayView
	src    *Frames
	clock  Clock
	mice   view.MouseReader

	// TakeOver, if not nil, starts a new game from turn turn, the turn
	// shown (the `t` key): the replay ends once it has, and its error,
	// if it could not, is shown on the replay, which goes on.
	TakeOver func(turn int) error
	// TookOver is the turn taken over at once Run has returned after a
	// take-over; -1 if none was.
	TookOver int

	// Follow, if not 0, is how often the replay looks for turns another
	// process has written to the journal (see Frames.Grow): a replay
	// showing the last turn goes on to the newest. It stops at damage,
	// or when the journal is deleted or cut short (Stopped).
	Follow time.Duration
	// Stopped is why following stopped, once it has: the journal was
	// deleted, replaced or cut short.
	Stopped error
}

// NewReplayer is the replay of src under the control c, playing on clk.
func NewReplayer(src *Frames, c *view.ReplayControl, clk Clock) *Replayer {
	v := view.NewReplayView(c)
	v.History, v.Depths = src.History, src.DepthTurns
	return &Replayer{src: src, v: v, clock: clk, TookOver: -1}
}

// Run shows the replay on screen, drawing with canvas (a view.Screen on
// it), until the user quits or the screen is closed.
func (r *Replayer) Run(screen tcell.Screen, canvas *view.Screen) error {
	r.screen, r.canvas = screen, canvas
	return r.loop()
}

// Show shows the frame after turn turns.
func (r *Replayer) Show(turn int) error {
	f, err := r.src.At(turn)
	if err != nil {
		return err
	}
	r.v.Show(f)
	return nil
}

// draw draws the replay and shows it.
func (r *Replayer) draw() {
	view.DrawReplay(r.canvas, r.v)
	r.screen.Show()
}

// loop draws, plays and handles events until the user quits. Events come
// through a channel so that the loop can wait for a key and for the next
// turn that is due at once.
func (r *Replayer) loop() error {
	events := make(chan tcell.Event, 64)
	quit := make(chan struct{})
	defer close(quit)
	go r.screen.ChannelEvents(events, quit)
	r.v.Resize(r.screen.Size())
	var poll <-chan time.Time
	if r.Follow > 0 {
		r.v.Control.Following = true
		poll = r.clock.After(r.Follow)
	}
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
		case <-poll:
			poll = nil
			if err := r.grow(); err != nil {
				return err
			}
			if r.v.Control.Following {
				poll = r.clock.After(r.Follow)
			}
		}
	}
}

// grow reads the turns written since the last look, when following, and
// goes on to the newest if the last was shown; it stops following, and
// says why in the bar, when the journal is damaged, deleted or cut, and
// once the game's last turn, its end, is shown.
func (r *Replayer) grow() error {
	c := r.v.Control
	added, err := r.src.Grow()
	switch {
	case errors.Is(err, journal.ErrGone) || errors.Is(err, journal.ErrCut):
		c.Following, r.Stopped = false, err
		c.Warning = "STOPPED: " + followStop(err)
		return nil
	case err != nil:
		return err
	}
	if d := r.src.Damage(); d != nil {
		c.Following = false
		c.Warning = fmt.Sprintf("DAMAGED after turn %d", r.src.Total()-1)
	}
	if added > 0 {
		if _, err := r.apply(c.Grow(r.src.Total())); err != nil {
			return err
		}
	}
	if s := r.v.Model.State; s != nil && s.Over && c.Turn() == r.src.Total() {
		c.Following = false // the game is over: no turn comes after its last
	}
	return nil
}

// followStop says in a few words why following stopped, for the bar.
func followStop(err error) string {
	if errors.Is(err, journal.ErrCut) {
		return "journal cut short"
	}
	return "journal deleted"
}

// event handles one terminal event; it reports whether to quit.
func (r *Replayer) event(ev tcell.Event) (bool, error) {
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
	case *tcell.EventMouse:
		if ms, ok := r.mice.Read(ev); ok {
			return r.apply(r.v.HandleMouse(ms))
		}
	}
	return false, nil
}

// apply does what an action asks; it reports whether to quit.
func (r *Replayer) apply(a view.ReplayAction) (bool, error) {
	switch a.Do {
	case view.ReplayQuit:
		return true, nil
	case view.ReplaySeek:
		return false, r.Show(a.Turn)
	case view.ReplayTakeOver:
		if r.TakeOver == nil {
			r.v.Control.Tell("A game cannot be taken over from here: rogue play --from FILE --turn N does it.")
			return false, nil
		}
		// The control counts the turns folded; the screen shows the
		// number of the last of them.
		if err := r.TakeOver(a.Turn - 1); err != nil {
			r.v.Control.Tell(err.Error())
			return false, nil
		}
		r.TookOver = a.Turn - 1
		return true, nil
	}
	return false, nil
}
