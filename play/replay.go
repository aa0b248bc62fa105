package play

import (
	"fmt"
	"io"
	"os"

	"github.com/gdamore/tcell/v2"

	"rogue/game"
	"rogue/reducer/content"
	"rogue/replay"
	"rogue/view"
)

// ReplaySummary is `rogue replay --headless FILE`: the summary of the
// journal at path after turn to (the last when to < 0) and its state
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
	s, tail, err := k.StateAt(to)
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
	if to < 0 || s.Turn < to {
		total = s.Turn
	}
	if to > s.Turn {
		fmt.Fprintf(stderr, "rogue replay: note: the journal ends at turn %d, before turn %d\n", s.Turn, to)
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
// own screen, from its first turn, or paused at turn to (when to >= 0),
// on the terminal onTerminal opens. It opens the journal read-only and
// never writes anything.
func Replay(path string, to int, stderr io.Writer, onTerminal func(func(tcell.Screen) error) error) error {
	f, err := replay.Open(path, content.Default())
	if err != nil {
		return err
	}
	defer f.Close()
	if d := f.Damage(); d != nil && f.Total() == 0 {
		return Damaged(path, d)
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
	r := replay.NewReplayer(f, c, replay.RealClock{})
	if err := r.Show(c.Turn()); err != nil {
		return err
	}
	err = onTerminal(func(s tcell.Screen) error {
		return r.Run(s, view.NewScreen(s, os.Getenv("NO_COLOR") != ""))
	})
	for _, n := range f.Notes() {
		fmt.Fprintf(stderr, "rogue replay: %s\n", n)
	}
	if to > f.Total() {
		fmt.Fprintf(stderr, "rogue replay: note: the journal ends at turn %d, before turn %d\n", f.Total(), to)
	}
	if d := f.Damage(); d != nil && err == nil {
		return Damaged(path, d)
	}
	return err
}
