package reducer

import (
	"errors"
	"fmt"

	"rogue/events"
)

// FactError is a fact the fold refuses: one that cannot apply to the
// state (see State.Apply). It names the turn, the fact's index in it, its
// name and, where one field is at fault, that field; the journal's file
// and byte offset are the caller's to add (see game.Fold).
type FactError struct {
	Turn  int    // the turn's index (0 for the first)
	Fact  int    // the fact's index in the turn
	Name  string // the fact's name, "Moved"
	Field string // the field at fault, "Dir"; "" when not one field
	Err   error  // what is wrong
}

func (e *FactError) Error() string {
	field := ""
	if e.Field != "" {
		field = " field " + e.Field
	}
	return fmt.Sprintf("turn %d: fact %d (%s)%s: %v", e.Turn, e.Fact, e.Name, field, e.Err)
}

func (e *FactError) Unwrap() error { return e.Err }

// newFactError wraps err, from folding fact i of turn, taking the field
// it names, if any.
func newFactError(turn, i int, f events.Fact, err error) *FactError {
	name := "no fact"
	if f != nil {
		name = events.FactName(f.Code())
	}
	fe := &FactError{Turn: turn, Fact: i, Name: name, Err: err}
	var inf *fieldError
	if errors.As(err, &inf) {
		fe.Field, fe.Err = inf.field, inf.err
	}
	return fe
}

// fieldError is an error about one field of a fact.
type fieldError struct {
	field string
	err   error
}

func (e *fieldError) Error() string { return e.err.Error() }
func (e *fieldError) Unwrap() error { return e.err }

// inField says that err, if not nil, is about field (unless it already
// names one).
func inField(field string, err error) error {
	if err == nil {
		return nil // inlined: the fold asks for every fact
	}
	return wrapField(field, err)
}

// wrapField is inField of an error, apart so that the error's target
// (which escapes) is allocated only when there is an error.
func wrapField(field string, err error) error {
	var inf *fieldError
	if errors.As(err, &inf) {
		return err
	}
	return &fieldError{field: field, err: err}
}

// fieldErrorf is an error about field ("" for none).
func fieldErrorf(field, format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	if field == "" {
		return err
	}
	return &fieldError{field: field, err: err}
}

// ordinal is the English suffix of n: "st" for 1, "nd" for 2...
func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return "th"
	case n%10 == 1:
		return "st"
	case n%10 == 2:
		return "nd"
	case n%10 == 3:
		return "rd"
	}
	return "th"
}
