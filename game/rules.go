package game

import (
	"fmt"

	"rogue/events"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// A game is played, folded and re-simulated under the rules its journal's
// header names, whatever rules are newest: every released rules version
// keeps its own content tables (content.ForRules) and its own code paths
// in the reducer, chosen by the tables' version.

// Tables is the content a journal is played under: tables when they are
// of the journal's rules version (the caller's own, e.g. a test's), else
// the embedded tables of that version. A rules version this program does
// not have is an error.
func Tables(h journal.Header, tables *content.Tables) (*content.Tables, error) {
	if tables != nil && tables.Version == h.RulesVersion {
		return tables, nil
	}
	t, err := content.ForRules(h.RulesVersion)
	if err != nil {
		return nil, fmt.Errorf("the journal was played under rules version %d, and this program has rules up to version %d", h.RulesVersion, events.RulesVersion)
	}
	return t, nil
}

// FoldTables is Tables for folding recorded facts, which needs no rules:
// a journal of rules this program does not have (a newer program's) is
// folded with tables, the newest it has, as far as its content is known
// (codes are never reused).
func FoldTables(h journal.Header, tables *content.Tables) *content.Tables {
	if t, err := Tables(h, tables); err == nil {
		return t
	}
	if tables == nil {
		return content.Default()
	}
	return tables
}

// foldState is NewState for folding (see FoldTables).
func foldState(h journal.Header, tables *content.Tables) *reducer.State {
	s := reducer.New(h.Seed, FoldTables(h, tables))
	s.Wizard = h.Options.Wizard
	return s
}

// NewState is the state of the journal's game before its first turn,
// under the journal's rules (see Tables) and with its wizard option.
func NewState(h journal.Header, tables *content.Tables) (*reducer.State, error) {
	t, err := Tables(h, tables)
	if err != nil {
		return nil, err
	}
	s := reducer.New(h.Seed, t)
	s.Wizard = h.Options.Wizard
	return s, nil
}

// NewHeaderRules is NewHeader for a game under an older rules version
// (1 to events.RulesVersion): the bot's balance report compares them.
func NewHeaderRules(seed uint64, player string, opts journal.Options, rules int) (journal.Header, error) {
	if _, err := content.ForRules(rules); err != nil {
		return journal.Header{}, err
	}
	h := NewHeader(seed, player, opts)
	h.RulesVersion = rules
	return h, nil
}
