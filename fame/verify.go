package fame

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Verified is a journal whose every whole turn its own rules, as this
// build has them, decide as recorded.
type Verified struct {
	Name   string // the name its lines give
	Digest string // the SHA-256 of its bytes, in hex: the same journal sent twice has the same
	Size   int64
	Header journal.Header
	Turns  int   // the turns re-simulated (records, the Begin record included)
	Steps  int64 // the steps they took (see Limits.Budget)
	// State is the game after its last whole turn: folded from the
	// recorded facts, which re-simulation found equal to what the rules
	// decide.
	State *reducer.State
	// Torn is the end of an append cut short after the whole turns, as a
	// crash leaves it; nil for a journal that ends with a whole record.
	Torn *journal.Tail
}

// Note is what rogue verify notes of a journal it verified: its torn
// tail, or "".
func (v *Verified) Note() string {
	if v.Torn == nil {
		return ""
	}
	return fmt.Sprintf("rogue verify: note: %v", v.Torn)
}

// Verify reads at most lim.MaxBytes of src and re-simulates the journal
// they hold under its own rules (game.VerifyUnder), as `rogue verify
// NAME` does: a journal it would refuse is a *Refusal whose Line is the
// line it prints, and one over a limit is refused before the work the
// limit bounds. Any other error is src's own (a read that failed).
// name is how the lines name the journal (a file name, as the player
// knows it); one that is not a short printable name is "upload.rogue".
func Verify(src io.Reader, name string, lim Limits) (*Verified, error) {
	name = cleanName(name)
	b, err := io.ReadAll(io.LimitReader(src, lim.MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if int64(len(b)) > lim.MaxBytes {
		return nil, OverSize(name, lim)
	}
	return VerifyBytes(b, name, lim)
}

// OverSize is the refusal of a journal of more than lim.MaxBytes, as
// Verify words it: for a server that refuses an upload by its declared
// length, before reading it.
func OverSize(name string, lim Limits) *Refusal {
	return submitLine(TooLarge, "", "%s: more than %d bytes, the most a journal may be here (the size up to which reading any journal costs a bounded time)", cleanName(name), lim.MaxBytes)
}

// CleanName is the name a journal's lines give it: name if it is 1 to
// 255 bytes of printable UTF-8, else "upload.rogue".
func CleanName(name string) string { return cleanName(name) }

// VerifyBytes is Verify of bytes already read (at most lim.MaxBytes).
func VerifyBytes(b []byte, name string, lim Limits) (*Verified, error) {
	name = cleanName(name)
	sum := sha256.Sum256(b)
	digest := hex.EncodeToString(sum[:])
	if int64(len(b)) > lim.MaxBytes {
		return nil, submitLine(TooLarge, digest, "%s: %d bytes, more than the %d a journal may be here (the size up to which reading any journal costs a bounded time)", name, len(b), lim.MaxBytes)
	}
	open := func() (*journal.Reader, error) { return journal.NewReader(bytes.NewReader(b), int64(len(b)), name) }
	r, err := open()
	if err != nil {
		return nil, verifyLine(NotJournal, digest, "%v", err)
	}
	h := r.Header()
	tables, err := content.ForRules(h.RulesVersion)
	if err != nil {
		return nil, verifyLine(Unverified, digest, "%s: cannot re-simulate: the journal was played under rules version %d, and this program has rules up to version %d: update rogue", name, h.RulesVersion, events.RulesVersion)
	}
	if err := game.CheckPlayable(h); err != nil {
		return nil, verifyLine(Unverified, digest, "%s: cannot re-simulate: %v", name, err)
	}
	v := &Verified{Name: name, Digest: digest, Size: int64(len(b)), Header: h}
	within, over := v.count(r, tables, lim)
	// Re-simulated only as far as the limits allow: a forgery found
	// there is refused in verify's words, and one that holds past them
	// is refused by the limit.
	r, err = journal.NewReader(bytes.NewReader(b[:within]), within, name)
	if err != nil {
		return nil, verifyLine(NotJournal, digest, "%v", err)
	}
	div, checked, tail, err := game.VerifyUnder(r, tables)
	switch {
	case err != nil:
		return nil, verifyLine(Diverged, digest, "%v", err)
	case tail != nil && !tail.Torn:
		return nil, verifyLine(Damaged, digest, "%v; rogue salvage %s writes a new journal of every turn that can be recovered", tail, name)
	case div != nil:
		ref := verifyLine(Diverged, digest, "%s: %s", name, div.Summary())
		ref.Turn = div.Turn
		return nil, ref
	case over != nil:
		return nil, over
	}
	v.Turns, v.Torn = checked, tail
	return v, nil
}

// errOver stops the count at a limit.
var errOver = errors.New("over a limit")

// count folds the journal's recorded facts, counting the turns and
// steps that re-simulating it takes, and keeps the state at its end. It
// stops at the first turn past lim.MaxTurns or lim.Budget, and returns
// where the turns within them end and the refusal of the limit passed
// (nil if none). A journal whose facts do not fold stops there too, for
// re-simulation to name the turn: it cannot go past it.
func (v *Verified) count(r *journal.Reader, tables *content.Tables, lim Limits) (int64, *Refusal) {
	turns, steps, within := 0, int64(0), r.End()
	s, _, err := game.Fold(r, tables, -1, func(_ *reducer.State, t *events.Turn) error {
		turns++
		steps += 1 + int64(len(t.Facts))
		if turns > lim.MaxTurns || steps > lim.Budget {
			return errOver
		}
		within = r.End()
		return nil
	})
	v.State, v.Steps = s, steps
	switch {
	case errors.Is(err, errOver) && turns > lim.MaxTurns:
		return within, submitLine(TooLong, v.Digest, "%s: more than %d turns, the most a game may have here (a longer game is a grind, not an entry)", v.Name, lim.MaxTurns)
	case errors.Is(err, errOver):
		return within, submitLine(OverBudget, v.Digest, "%s: re-simulating it takes more than %d steps (a step is a turn or a fact), the most one check may take here", v.Name, lim.Budget)
	}
	return r.Size(), nil
}

// cleanName is name if it is 1 to 255 bytes of printable UTF-8, else
// "upload.rogue".
func cleanName(name string) string {
	if name == "" || len(name) > journal.MaxParentNameLen || !utf8.ValidString(name) {
		return "upload.rogue"
	}
	for _, c := range name {
		if c < ' ' || c == 0x7f || (c >= 0x80 && c < 0xa0) {
			return "upload.rogue"
		}
	}
	return name
}
