package fame

import "fmt"

// Why is the kind of a refusal, for a server to count and to word its
// status code; the line says the rest.
type Why string

// The kinds of refusal.
const (
	TooLarge   Why = "too large"   // over Limits.MaxBytes
	TooLong    Why = "too long"    // over Limits.MaxTurns
	OverBudget Why = "over budget" // over Limits.Budget
	NotJournal Why = "unreadable"  // no journal, or a header that does not read
	Damaged    Why = "damaged"     // a record that does not read: verify's exit 3
	Unverified Why = "unverified"  // rules or chance this build does not have
	Diverged   Why = "diverged"    // the rules decide a turn otherwise
	Unfinished Why = "unfinished"  // verifies, but the game is not over
	NotScored  Why = "not scored"  // verifies, but it cannot rank (wizard mode)
)

// Refusal is why a journal is not listed: its kind, and the one line a
// person reads. For a journal that `rogue verify` refuses, Line is
// exactly the line `rogue verify FILE` prints on its standard error
// (the first diverging turn, the fact and the field; where the journal
// is damaged and what a salvage would keep); for a journal over a
// limit, or that verifies but cannot rank, it is a line of the same
// shape under `rogue submit`.
type Refusal struct {
	Why    Why
	Line   string
	Digest string // the SHA-256 of the bytes, in hex; "" when they were not read whole
	// Turn is the first turn the rules decide otherwise (Diverged), the
	// record index the line names; -1 for another refusal.
	Turn int
}

func (r *Refusal) Error() string { return r.Line }

// verifyLine is a refusal in rogue verify's words.
func verifyLine(why Why, digest, format string, args ...any) *Refusal {
	return &Refusal{Why: why, Digest: digest, Turn: -1, Line: "rogue verify: " + fmt.Sprintf(format, args...)}
}

// submitLine is a refusal of what rogue verify accepts.
func submitLine(why Why, digest, format string, args ...any) *Refusal {
	return &Refusal{Why: why, Digest: digest, Turn: -1, Line: "rogue submit: " + fmt.Sprintf(format, args...)}
}
