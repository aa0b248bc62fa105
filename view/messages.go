package view

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"rogue/events"
	"rogue/reducer"
)

// TurnMessages are the log lines of turn t played from state before (see
// reducer.ApplyTurnMessages); before is not changed. If the turn does not
// fold on before, the lines up to the fact that failed are returned: later
// ones would name the wrong things.
func TurnMessages(before *reducer.State, t *events.Turn) []string {
	msgs, _ := before.Clone().ApplyTurnMessages(t)
	return msgs
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
