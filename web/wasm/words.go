//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"path"
	"strings"
	"syscall/js"

	"rogue/game"
	"rogue/internal/buildinfo"
	"rogue/journal"
	"rogue/play"
	"rogue/reducer"
	"rogue/reducer/content"
)

// The page's words for what play says of its files: the page shows no
// file name of its own file system and no command of a shell. The
// folders below are the page's (see rogue.js): a line that names a file
// in one names the file alone.
var folders = []string{"/data/rogue/", "/tmp/import/", "/tmp/journals/", "/tmp/salvaged/"}

// unpath is line with the page's folders left out of the file names it
// holds.
func unpath(line string) string {
	for _, f := range folders {
		line = strings.ReplaceAll(line, f, "")
	}
	return line
}

// pageWords are the page's Words: the line of the game closed last goes
// to *saved (the page shows that one alone, not one per game played
// since the task began), the summary is where the page's Save button
// lists it, and a torn end cut on opening is said without the file that
// keeps its bytes, or not at all when the page has said it (said).
func pageWords(saved *string, said bool) play.Words {
	return play.Words{
		Torn: func(turn int) string {
			if said {
				return "" // the import said it
			}
			return fmt.Sprintf("The journal's last turn was cut short as it was written (a crash), and the game goes on from turn %d.", turn)
		},
		Saved: func(_ string, s *reducer.State) string {
			*saved = savedLine(s)
			return ""
		},
		Summary: func(p string) string { return "the list of Save a journal…, as " + path.Base(p) },
	}
}

// savedLine is the page's line for a game closed at state s.
func savedLine(s *reducer.State) string {
	switch {
	case s.Won:
		return fmt.Sprintf("You won at turn %d. Save a journal… has the game and its summary.", s.TurnNumber())
	case s.Over:
		return fmt.Sprintf("You died at turn %d: %s. Save a journal… has the game and its summary.", s.TurnNumber(), reducer.DeathCause(s))
	}
	return fmt.Sprintf("The game is saved at turn %d: Continue on the menu plays on from there.", s.TurnNumber())
}

// examined is what the page is told of a journal it imports, before the
// player chooses what to do with it.
type examined struct {
	Turns   int    // the last whole turn's number (-1: none)
	Over    bool   // the game is over (won or lost): it cannot be played on
	Ending  string // how it ended, or where it stands
	Torn    bool   // its last turn was cut short, as a crash leaves it
	Damaged bool   // it is damaged after turn Turns
	// Whole is how many bytes of it are whole: its header and every
	// record before a torn or damaged one. They are a journal of their
	// own, the turns before the damage.
	Whole int64
	// Problem is why it cannot be read; "" for none.
	Problem string
	// Playable is whether this program can play it on (its rules).
	Playable bool
}

// object is e as the page's object (examine's answer).
func (e examined) object() map[string]any {
	return map[string]any{"turns": e.Turns, "over": e.Over, "ending": e.Ending, "torn": e.Torn,
		"damaged": e.Damaged, "whole": e.Whole, "problem": e.Problem, "playable": e.Playable}
}

// examine reads the journal at p whole, as a replay folds it.
func examine(p string) examined {
	r, err := journal.Open(p)
	if err != nil {
		return examined{Problem: problem(p, err)}
	}
	defer r.Close()
	s, tail, err := game.Fold(r, content.Default(), -1, nil)
	if err != nil {
		return examined{Problem: problem(p, err)}
	}
	e := examined{Turns: s.TurnNumber(), Over: s.Over, Playable: game.CheckPlayable(r.Header()) == nil}
	switch {
	case s.Won:
		e.Ending = "won"
	case s.Over:
		e.Ending = reducer.DeathCause(s)
	default:
		e.Ending = fmt.Sprintf("depth %d", s.Depth)
	}
	e.Whole = r.End()
	if tail != nil {
		e.Torn, e.Damaged, e.Whole = tail.Torn, !tail.Torn, tail.Offset
	}
	return e
}

// problem is err in one line without the file's name.
func problem(p string, err error) string {
	line := strings.ReplaceAll(err.Error(), p+": ", "")
	line = strings.ReplaceAll(line, p, "the file")
	line, _, _ = strings.Cut(line, "\n")
	return unpath(line)
}

// exposeExamine gives the page examine(path): a promise of what a
// journal holds (examined, as an object).
func exposeExamine(page js.Value) {
	page.Set("examine", promised(func(args []js.Value) any { return examine(args[0].String()).object() }))
}

// promised is a function of the page returning a promise of what f
// returns, run off the page's event goroutine (reading a file waits for
// the page).
func promised(f func(args []js.Value) any) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		var resolve js.Value
		promise := js.Global().Get("Promise").New(js.FuncOf(func(_ js.Value, fns []js.Value) any {
			resolve = fns[0]
			return nil
		}))
		go func() { resolve.Invoke(js.ValueOf(f(args))) }()
		return promise
	})
}

// isDamage reports whether err is a read command's refusal of a damaged
// journal (play.Damaged: exit code 3).
func isDamage(err error) bool {
	var coded interface{ ExitCode() int }
	return errors.As(err, &coded) && coded.ExitCode() == 3
}

// exposeMorgue gives the page morgue(path): a promise of the morgue of
// the journal at path (as rogue writes beside a game that ended), in the
// page's words; a journal that does not fold gets its one line.
func exposeMorgue(page js.Value) {
	page.Set("morgue", promised(func(args []js.Value) any {
		p := args[0].String()
		text, _, err := play.MorgueFile(p, buildinfo.Line())
		if err != nil {
			return problem(p, err)
		}
		return unpath(text)
	}))
}
