package main

import (
	"errors"
	"fmt"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/view"
)

// A session is one game being played into its journal file.
type session struct {
	path string
	file *journal.File
	g    *game.Game
	// hp is the player's HP after each turn, for the chart.
	hp []int
	// recent are the messages of the last turns before this session, and
	// notes about opening the journal (a torn turn dropped).
	recent []string
	// broken is the error that stopped the journal taking turns; no
	// command is played once it is set.
	broken error
}

// recentTurns is how many of a resumed game's last turns have their
// messages put back in the log.
const recentTurns = 8

// newSession starts a game in a new journal file f at path.
func newSession(path string, f *journal.File) (*session, error) {
	return startSession(path, f, reducer.New(f.Header().Seed, content.Default()), nil, nil)
}

// openSession continues the game in the journal at path: it locks the
// file (a second rogue on it gets journal.ErrLocked), drops a torn tail,
// folds the turns and resumes. A finished game is refused: it is only
// replayed.
func openSession(path string) (*session, error) {
	f, tail, err := journal.OpenAppend(path)
	if errors.Is(err, journal.ErrLocked) {
		return nil, fail(1, "%s is being played by another rogue: quit that one first, or start another game with rogue play --new", path)
	}
	if err != nil {
		return nil, err
	}
	s, hp, recent, err := foldForResume(path, f.Turns())
	if err != nil {
		f.Close()
		return nil, err
	}
	if s.Over {
		f.Close()
		return nil, fail(1, "%s: that game is over (%s, turn %d); rogue replay --headless %s summarizes it", path, reducer.DeathCause(s), s.Turn, path)
	}
	if tail != nil {
		note := fmt.Sprintf("The journal's last turn was torn (%d bytes, from a crash) and was dropped; the game goes on from turn %d.", tail.Dropped, s.Turn)
		if tail.SavedTo != "" {
			note = fmt.Sprintf("The journal's last record was corrupt and was dropped (kept in %s); the game goes on from turn %d.", tail.SavedTo, s.Turn)
		}
		recent = append(recent, note)
	}
	return startSession(path, f, s, hp, recent)
}

// foldForResume folds the journal at path (total turns long), keeping the
// HP after every turn and the messages of the last few turns.
func foldForResume(path string, total int) (*reducer.State, []int, []string, error) {
	r, err := journal.Open(path)
	if err != nil {
		return nil, nil, nil, err
	}
	defer r.Close()
	h := r.Header()
	var hp []int
	var recent []string
	var prev *reducer.State // the state before the turn being folded, near the end
	if total <= recentTurns {
		prev = reducer.New(h.Seed, content.Default())
		prev.Wizard = h.Options.Wizard
	}
	s, _, err := game.Fold(r, content.Default(), total, func(s *reducer.State, t *events.Turn) error {
		if p := s.Player(); p != nil {
			hp = append(hp, p.HP)
		}
		if prev != nil {
			recent = append(recent, view.TurnMessages(prev, t)...)
			prev = nil
		}
		if s.Turn >= total-recentTurns {
			prev = s.Clone()
		}
		return nil
	})
	if err != nil {
		return nil, nil, nil, err
	}
	return s, hp, recent, nil
}

// startSession resumes s (folded from f) and plays the first turn if the
// journal has none yet.
func startSession(path string, f *journal.File, s *reducer.State, hp []int, recent []string) (*session, error) {
	g, err := game.Resume(s, f.Header(), f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	ss := &session{path: path, file: f, g: g, hp: hp, recent: recent}
	if s.Turn == 0 {
		before := s.Clone()
		turn, err := g.Do(&events.Begin{})
		if err != nil {
			f.Close()
			return nil, err
		}
		ss.recent = append(ss.recent, view.TurnMessages(before, &turn)...)
		ss.hp = append(ss.hp, s.Player().HP)
	} else {
		ss.recent = append(ss.recent, fmt.Sprintf("Welcome back: turn %d on depth %d.", s.Turn, s.Depth))
	}
	return ss, nil
}

// describe says where the game stands, for the main menu.
func (ss *session) describe() string {
	s := ss.g.State
	return fmt.Sprintf("turn %d on depth %d (%s)", s.Turn, s.Depth, baseName(ss.path))
}

// close closes the journal (it is saved after every turn already).
func (ss *session) close() error { return ss.file.Close() }
