package play

import (
	"errors"
	"fmt"
	"slices"

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
	// snaps keeps the journal's snapshots as turns are played (a cache
	// beside it that makes continuing the game fast); nil when they
	// cannot be kept, and snapsErr says why.
	snaps    *game.Snapshots
	snapsErr error
	// snapsNoted is set once the player has been told that snapshots
	// stopped being written: they are told once.
	snapsNoted bool
	// hp is the player's HP after each turn from turn hpFrom+1 on, as far
	// as the session has it when it begins (the model records the turns
	// played after). A continued game starts with none (hpFrom is the turn
	// it continues from): the turns before are folded from the journal
	// only if the chart is needed, at death (see player.completeHP).
	hp     []int
	hpFrom int
	// recent are the messages of the last turns before this session, and
	// notes about opening the journal (a torn turn dropped).
	recent []string
	// folded is how many turns opening the session folded: from the
	// newest snapshot that checks out, not from turn 0.
	folded int
	// broken is the error that stopped the journal taking turns; no
	// command is played once it is set.
	broken error
	// torn says where the torn tail cut when the session opened was
	// kept, or is "": shown until dismissed, and printed again at exit.
	torn string
	// tornTurn is the turn the game goes on from after its torn tail,
	// and tornWorded that torn has been worded (Words.Torn).
	tornTurn   int
	tornWorded bool
}

// recentTurns is how many of a resumed game's last turns have their
// messages put back in the log.
const recentTurns = 8

// newSession starts a game in a new journal file f at path.
func newSession(path string, f *journal.File) (*session, error) {
	ss := &session{path: path, file: f}
	ss.keepSnapshots()
	s, err := game.NewState(f.Header(), content.Default()) // as game.Start and every fold make it
	if err != nil {
		return nil, err
	}
	return ss.start(s)
}

// openSession continues the game in the journal at path: it locks the
// file (a second rogue on it gets journal.ErrLocked), checks the records
// after the newest snapshot, reaches the last state from the newest
// snapshot, folding only the turns after it, and resumes. It changes no
// byte of the journal before it has decided to play it: a finished game,
// or one this program cannot continue, is refused as it is; a damaged
// journal is refused untouched, pointing to rogue salvage; only then is a
// torn tail (the end of an append cut short by a crash) cut, its bytes
// kept in a side file the player is told of (torn).
func openSession(path string) (*session, error) {
	// The newest snapshots' positions spare checking the records before
	// them again: opening a long game costs what a short one does.
	f, tail, err := journal.OpenAppendAfter(path, resumePositions(path))
	if errors.Is(err, journal.ErrLocked) {
		return nil, fail(1, "%s is being played by another rogue: quit that one first, or start another game with rogue play --new", path)
	}
	if errors.Is(err, journal.ErrDamaged) {
		return nil, fail(exitDamaged, "%v; the journal is left as it is: rogue salvage %s writes a new journal of every turn that can be recovered, to play on from", err, path)
	}
	if err != nil {
		return nil, err
	}
	// Only now, with the journal locked: the snapshots past its last
	// whole turn or of another journal once at this path go before
	// anything reads them.
	ss := &session{path: path, file: f}
	ss.keepSnapshots()
	s, recent, folded, err := loadForResume(path, f.Turns())
	if err != nil {
		f.Close()
		return nil, err
	}
	if s.Over {
		f.Close()
		return nil, fail(1, "%s: that game is over (%s, turn %d); rogue replay --headless %s summarizes it", path, reducer.DeathCause(s), s.TurnNumber(), path)
	}
	if err := game.CheckPlayable(f.Header()); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if tail != nil {
		side, err := f.TrimTorn()
		if err != nil {
			f.Close()
			return nil, err
		}
		ss.torn = fmt.Sprintf("The journal's last turn was cut short by a crash: its %d bytes are kept in %s, and the game goes on from turn %d.", tail.Dropped, side, s.Turn)
		ss.tornTurn = s.Turn
		recent = append(recent, ss.torn)
	}
	// The messages first, then the notes about opening the journal.
	ss.recent = append(recent, ss.recent...)
	ss.folded, ss.hpFrom = folded, s.Turn
	return ss.start(s)
}

// resumePositions are where journal.OpenAppendAfter may start checking
// the journal at path: the positions of its newest snapshots, its own
// and the snapshot cache's, newest first. A journal with neither (one
// that came without its snapshots) is folded once first, read-only, to
// fill the cache (see game.Seeker): the positions are then the cache's,
// and reaching the last state starts from there too, so that opening it
// folds its turns once, not twice.
func resumePositions(path string) []journal.Position {
	after := append(journal.SnapshotPositions(path, 2), journal.CachedPositions(path, reducer.SnapshotSchema, 2)...)
	if len(after) == 0 {
		if k, err := game.OpenSeeker(path, content.Default()); err == nil {
			k.StateAt(-1) // an error is found again, and said, as the game opens
			k.Close()
			after = journal.CachedPositions(path, reducer.SnapshotSchema, 2)
		}
	}
	slices.SortStableFunc(after, func(a, b journal.Position) int { return b.Turns - a.Turns })
	return after
}

// loadForResume reaches the state at the end of the journal at path
// (total turns long) from its newest snapshot that checks out, at or
// before recentTurns turns from the end, and folds the turns after it one
// by one, keeping the messages of the last recentTurns of them. It
// returns the state, those messages (and a note if snapshots were
// skipped) and how many turns it folded.
func loadForResume(path string, total int) (*reducer.State, []string, int, error) {
	k, err := game.OpenSeeker(path, content.Default())
	if err != nil {
		return nil, nil, 0, err
	}
	defer k.Close()
	if _, _, err := k.StateAt(max(0, total-recentTurns)); err != nil {
		return nil, nil, 0, err
	}
	var recent []string
	s, _, err := k.Walk(total, func(before *reducer.State, t *events.Turn) error {
		recent = append(recent, view.TurnMessages(before, t)...)
		return nil
	})
	if err != nil {
		return nil, nil, 0, err
	}
	if s.Turn != total {
		return nil, nil, 0, fmt.Errorf("%s: only %d of its %d turns could be read", path, s.Turn, total)
	}
	if note := k.NoteLine(); note != "" {
		recent = append(recent, note)
	}
	return s, recent, k.Folded, nil
}

// keepSnapshots starts keeping the journal's snapshots. Failing to is
// noted in the log, never the end of the game.
func (ss *session) keepSnapshots() {
	ss.snaps, ss.snapsErr = game.NewSnapshots(ss.path, ss.file)
	if ss.snapsErr != nil {
		ss.snaps = nil
	}
	if note := ss.snapshotNote(); note != "" {
		ss.recent = append(ss.recent, note)
	}
}

// snapshotNote is the line telling the player that the game's snapshots
// are not being written, the first time it is asked once they are not;
// "" otherwise.
func (ss *session) snapshotNote() string {
	err := ss.snapsErr
	if err == nil && ss.snaps != nil {
		err = ss.snaps.Err()
	}
	if err == nil || ss.snapsNoted {
		return ""
	}
	ss.snapsNoted = true
	return fmt.Sprintf("This game's snapshots could not be written (%v): nothing is lost, only continuing it will be slower.", err)
}

// start resumes s (folded from the journal) and plays the first turn if
// the journal has none yet.
func (ss *session) start(s *reducer.State) (*session, error) {
	g, err := game.Resume(s, ss.file.Header(), ss.file)
	if err != nil {
		ss.file.Close()
		return nil, fmt.Errorf("%s: %w", ss.path, err)
	}
	ss.g = g
	if s.Turn == 0 {
		played, err := ss.do(&events.Begin{})
		if err != nil {
			ss.file.Close()
			return nil, err
		}
		ss.recent = append(ss.recent, played.Log...)
		ss.hp = append(ss.hp, s.Player().HP)
	} else {
		ss.recent = append(ss.recent, fmt.Sprintf("Welcome back: turn %d on depth %d, under rules %d.", s.TurnNumber(), s.Depth, s.RulesVersion()))
	}
	return ss, nil
}

// do plays one command (see game.Game.Play) and, once it is journaled
// and folded, writes a snapshot if one is due.
func (ss *session) do(cmd events.Command) (reducer.Played, error) {
	played, err := ss.g.Play(cmd)
	if err == nil && ss.snaps != nil {
		ss.snaps.After(ss.g.State)
	}
	return played, err
}

// describe says where the game stands, for the main menu.
func (ss *session) describe() string {
	s := ss.g.State
	return fmt.Sprintf("turn %d on depth %d, rules %d (%s)", s.TurnNumber(), s.Depth, s.RulesVersion(), baseName(ss.path))
}

// close closes the journal (it is saved after every turn already).
func (ss *session) close() error { return ss.file.Close() }
