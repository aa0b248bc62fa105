package play

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gdamore/tcell/v2"

	"rogue/game"
	"rogue/reducer/content"
	"rogue/replay"
	"rogue/view"
)

// ReplaySummary is `rogue replay --headless FILE`: the summary of the
// journal at path at turn to (the last when to < 0: turn numbers are
// reducer.State.TurnNumber's, the state after to+1 records) and its state
// digest, with a note on stderr when the journal ends before to or in a
// torn append, and the damage named when it is damaged. It starts from
// the journal's nearest snapshot before to, its own or the cache's (see
// game.Seeker), so that a summary at a late turn of a long game costs
// what one at an early turn does.
func ReplaySummary(path string, to int, stdout, stderr io.Writer) error {
	k, err := game.OpenSeeker(path, content.Default())
	if err != nil {
		return err
	}
	defer k.Close()
	records := -1
	if to >= 0 {
		records = to + 1
	}
	s, tail, err := k.StateAt(records)
	if err != nil {
		return err
	}
	if note := k.NoteLine(); note != "" {
		fmt.Fprintf(stderr, "rogue replay: %s\n", note)
	}
	if tail != nil && tail.Torn {
		fmt.Fprintf(stderr, "rogue replay: note: %v\n", tail)
	}
	total := -1
	if to < 0 || s.TurnNumber() < to {
		total = s.Turn
	}
	if to > s.TurnNumber() {
		fmt.Fprintf(stderr, "rogue replay: note: the journal ends at turn %d, before turn %d\n", s.TurnNumber(), to)
	}
	if tail != nil && !tail.Torn {
		fmt.Fprintf(stdout, "DAMAGED at turn %d, byte %d: what follows is the %d turns before it\n", tail.Turn, tail.Offset, s.Turn)
	}
	PrintSummary(stdout, path, k.Header(), s, total)
	if tail != nil && !tail.Torn {
		return Damaged(path, tail)
	}
	return nil
}

// Replay is `rogue replay FILE`: the journal played back on the game's
// own screen, from its first turn, or paused at turn to (when to >= 0: the
// frame after to+1 records), on the terminal o.OnTerminal opens. It opens
// the journal read-only and never writes to it. Taking the game over
// (`t`) starts a new game in a new journal in the data folder and plays
// it on the same terminal, as rogue play does (the line it ends with goes
// to stdout).
func Replay(path string, to int, stdout, stderr io.Writer, o Options) error {
	pal, _, err := o.palette() // a saved choice left out: the default
	if err != nil {
		return err
	}
	f, err := replay.Open(path, content.Default())
	if err != nil {
		return err
	}
	defer f.Close()
	if d := f.Damage(); d != nil && f.Total() == 0 {
		return Damaged(path, d)
	}
	if f.Total() == 0 && o.Follow {
		fmt.Fprintf(stderr, "rogue replay: waiting for the first turn of %s (Ctrl-C stops)\n", path)
		if err := waitForATurn(f); err != nil {
			return err
		}
	}
	if f.Total() == 0 {
		return fail(1, "%s holds no turns: there is nothing to replay", path)
	}
	start, paused := 1, false
	switch {
	case to >= 0:
		start, paused = to+1, true
	case o.Follow:
		start = f.Total() // the newest turn, and the next as they come
	}
	c := view.NewReplayControl(f.Total(), start, paused)
	if d := f.Damage(); d != nil {
		c.Warning = fmt.Sprintf("DAMAGED after turn %d", f.Total()-1)
	}
	r := replay.NewReplayer(f, c, replay.RealClock{})
	if o.Follow {
		r.Follow = followEvery
	}

	p := &player{now: o.Now, version: o.Version, words: o.Words, noMouse: o.NoMouse, pause: stepPause}
	r.TakeOver = func(turn int) error {
		dir, err := DataDir()
		if err != nil {
			return err
		}
		p.dir = dir
		p.sess, err = takeOver(dir, path, turn, p.now())
		return err
	}
	if err := r.Show(c.Turn()); err != nil {
		return err
	}
	err = o.OnTerminal(func(s tcell.Screen) error {
		p.screen, p.canvas = s, view.NewScreen(s, os.Getenv("NO_COLOR") != "")
		p.canvas.SetPalette(pal)
		if !o.NoMouse {
			s.EnableMouse(tcell.MouseMotionEvents)
		}
		if err := r.Run(s, p.canvas); err != nil || p.sess == nil {
			return err
		}
		p.m = view.NewModel(view.MainMenu{})
		p.m.Palette = pal
		p.begin(p.sess)
		return p.loop()
	})
	if p.sess != nil {
		line, ferr := p.finish()
		if line != "" {
			fmt.Fprintln(stdout, line)
		}
		err = errors.Join(err, ferr)
	}
	for _, n := range f.Notes() {
		fmt.Fprintf(stderr, "rogue replay: %s\n", n)
	}
	if to > f.Total()-1 {
		fmt.Fprintf(stderr, "rogue replay: note: the journal ends at turn %d, before turn %d\n", f.Total()-1, to)
	}
	if d := f.Damage(); d != nil && err == nil && p.sess == nil {
		return Damaged(path, d)
	}
	if r.Stopped != nil && err == nil && p.sess == nil {
		return fail(1, "%v; the replay showed its turns up to then", r.Stopped)
	}
	return err
}

// followEvery is how often a replay that follows a journal looks for new
// turns: each is shown within a second of being written.
const followEvery = 200 * time.Millisecond

// waitForATurn waits until the journal f reads has a whole turn, before
// the terminal is opened; it fails when the journal is damaged, deleted
// or cut short.
func waitForATurn(f *replay.Frames) error {
	for f.Total() == 0 {
		time.Sleep(followEvery)
		if _, err := f.Grow(); err != nil {
			return err
		}
		if d := f.Damage(); d != nil {
			return Damaged(f.Path(), d)
		}
	}
	return nil
}
