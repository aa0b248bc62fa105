package game

import (
	"errors"
	"fmt"

	"rogue/events"
	"rogue/events/wire"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/reducer/dice"
)

// Appender is where a live game's turns go: a journal file, or memory.
type Appender interface {
	Append(t *events.Turn) error
}

// Game is a game being played: its state and the journal it appends to.
type Game struct {
	State  *reducer.State
	Header journal.Header
	out    Appender
	// rules decides the turns, each from the last one's working copy.
	rules reducer.Decider
}

// NewHeader is the header of a new game under the current rules.
func NewHeader(seed uint64, player string, opts journal.Options) journal.Header {
	return journal.Header{
		FormatVersion: wire.FormatVersion,
		RulesVersion:  events.RulesVersion,
		Algorithm:     dice.Algorithm,
		Seed:          seed,
		Player:        player,
		Options:       opts,
	}
}

// Start begins a new game, under the header's rules (see Tables): it decides the first turn (the level, the
// player and the gear), journals it and folds it.
func Start(h journal.Header, tables *content.Tables, out Appender) (*Game, error) {
	if err := CheckPlayable(h); err != nil {
		return nil, err
	}
	s, err := NewState(h, tables)
	if err != nil {
		return nil, err
	}
	g := &Game{State: s, Header: h, out: out}
	if _, err := g.Do(&events.Begin{}); err != nil {
		return nil, err
	}
	return g, nil
}

// Resume continues a game from a state folded from its journal.
func Resume(s *reducer.State, h journal.Header, out Appender) (*Game, error) {
	if err := CheckPlayable(h); err != nil {
		return nil, err
	}
	return &Game{State: s, Header: h, out: out}, nil
}

// CheckPlayable refuses to decide new turns for a journal whose chance or
// rules this program does not have: it could replay it, not continue it.
// Every released rules version is kept, so a game goes on under the rules
// it began with.
func CheckPlayable(h journal.Header) error {
	if h.Algorithm != dice.Algorithm {
		return fmt.Errorf("the journal draws chance with %q, and this program only has %q", h.Algorithm, dice.Algorithm)
	}
	if _, err := content.ForRules(h.RulesVersion); err != nil {
		return fmt.Errorf("the journal was played under rules version %d, and this program has rules up to version %d", h.RulesVersion, events.RulesVersion)
	}
	return nil
}

// Do plays one command. A refused command (a *reducer.Refusal) changes
// nothing and journals nothing. Otherwise the turn is appended to the
// journal first and folded into the state after, so the screen never shows
// a turn that is not saved (in a browser tab, whose file system stores a
// turn while it is drawn, none but the last: see web/static/fs.js). If the append fails, the state is unchanged
// and the error is returned: the game must not go on unsaved. The bots
// play with Do; a person's game with Play, which also words the log.
func (g *Game) Do(cmd events.Command) (events.Turn, error) {
	turn, err := g.decide(cmd)
	if err != nil {
		return events.Turn{}, err
	}
	if err := g.State.ApplyTurn(&turn); err != nil {
		return events.Turn{}, fmt.Errorf("the rules made a turn that does not fold: %w", err)
	}
	g.rules.ShareView(g.State)
	return turn, nil
}

// Play is Do for a person: the one fold of the turn also words its log
// (see reducer.State.FoldPlayed).
func (g *Game) Play(cmd events.Command) (reducer.Played, error) {
	turn, err := g.decide(cmd)
	if err != nil {
		return reducer.Played{}, err
	}
	played, err := g.State.FoldPlayed(turn)
	if err != nil {
		return reducer.Played{}, fmt.Errorf("the rules made a turn that does not fold: %w", err)
	}
	g.rules.ShareView(g.State)
	return played, nil
}

// decide decides cmd and journals the turn; the state is not changed.
func (g *Game) decide(cmd events.Command) (events.Turn, error) {
	turn, err := g.rules.Decide(g.State, cmd)
	if err != nil {
		return events.Turn{}, err
	}
	if err := g.out.Append(&turn); err != nil {
		return events.Turn{}, fmt.Errorf("saving turn %d: %w", g.State.Turn, err)
	}
	return turn, nil
}

// IsRefusal reports whether err is the rules turning a command down.
func IsRefusal(err error) bool {
	var r *reducer.Refusal
	return errors.As(err, &r)
}
