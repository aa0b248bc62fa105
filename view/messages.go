package view

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"rogue/events"
	"rogue/reducer"
)

// TurnMessages are the log lines of turn t played from state before: each
// fact's reducer.Message, taken on the state just before that fact, in
// order, without the empty ones. before is not changed (the facts are
// folded on a clone).
func TurnMessages(before *reducer.State, t *events.Turn) []string {
	s := before.Clone()
	var out []string
	for _, f := range t.Facts {
		if msg := reducer.Message(s, f); msg != "" {
			out = append(out, msg)
		}
		if err := s.Apply(f); err != nil {
			// The turn does not fold on this state: its later messages
			// would name the wrong things, so say no more.
			break
		}
	}
	return out
}

// sentence makes a message a sentence: trimmed, a capital first letter,
// and a full stop unless it ends in punctuation already.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	s = capitalizeFirst(s)
	if r, _ := utf8.DecodeLastRuneInString(s); !strings.ContainsRune(".!?)", r) {
		s += "."
	}
	return s
}

func capitalizeFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
