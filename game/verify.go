package game

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"rogue/events"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Divergence is the first turn where the rules a journal is re-simulated
// under (its own, or those VerifyUnder is given) decide otherwise than
// the journal recorded.
type Divergence struct {
	Turn     int
	Recorded events.Turn
	Decided  events.Turn // empty when the rules now refuse the command
	Refused  string      // why the rules now refuse the command, if they do
	Fact     int         // index of the first fact that differs; -1 if only the draw count does
	Fields   []string    // the fields of that fact that differ
	State    []string    // the state fields that differ after the turn, recorded against decided
	// JournalRules is the rules version the journal was played under, and
	// Rules the version it was re-simulated under. When they differ,
	// divergence is expected.
	JournalRules, Rules int
}

// Summary is the divergence in one line.
func (d *Divergence) Summary() string {
	cmd := FormatCommand(d.Recorded.Command)
	var what string
	switch {
	case d.Refused != "":
		what = fmt.Sprintf("the rules now refuse %s (%s)", cmd, d.Refused)
	case d.Fact >= 0:
		what = fmt.Sprintf("fact %d differs after %s: recorded %s, now %s", d.Fact, cmd, factAt(d.Recorded, d.Fact), factAt(d.Decided, d.Fact))
	default:
		what = fmt.Sprintf("after %s the rules drew %d random numbers, the journal %d", cmd, d.Decided.Draws, d.Recorded.Draws)
	}
	return fmt.Sprintf("turn %d: %s", d.Turn, what)
}

func factAt(t events.Turn, i int) string {
	if i < len(t.Facts) {
		return FormatFact(t.Facts[i])
	}
	return "nothing"
}

// Report is the divergence in full, for a person: the command, both lists
// of facts side by side, the differing fields, the state that differs, and
// whether the journal was played under other rules.
func (d *Divergence) Report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "first divergence at turn %d\n", d.Turn)
	fmt.Fprintf(&b, "command: %s\n", FormatCommand(d.Recorded.Command))
	if d.JournalRules != d.Rules {
		fmt.Fprintf(&b, "note: the journal was played under rules version %d and was re-simulated under version %d, so differences are expected, not a bug\n", d.JournalRules, d.Rules)
	}
	if d.Refused != "" {
		fmt.Fprintf(&b, "the rules now refuse the command: %s\n", d.Refused)
	}
	fmt.Fprintf(&b, "random draws: recorded %d, decided %d\n", d.Recorded.Draws, d.Decided.Draws)
	n := max(len(d.Recorded.Facts), len(d.Decided.Facts))
	width := len("recorded")
	for i := 0; i < n; i++ {
		width = max(width, len(factAt(d.Recorded, i)))
	}
	fmt.Fprintf(&b, "   %-*s | %s\n", width, "recorded", "decided now")
	for i := 0; i < n; i++ {
		mark := "  "
		if i == d.Fact {
			mark = "> "
		}
		fmt.Fprintf(&b, "%s %-*s | %s\n", mark, width, factAt(d.Recorded, i), factAt(d.Decided, i))
	}
	if len(d.Fields) > 0 {
		fmt.Fprintf(&b, "fields that differ in fact %d: %s\n", d.Fact, strings.Join(d.Fields, ", "))
	}
	if len(d.State) > 0 {
		fmt.Fprintf(&b, "state after the turn, recorded against decided:\n")
		for _, s := range d.State {
			fmt.Fprintf(&b, "  %s\n", s)
		}
	}
	return b.String()
}

// Verify re-simulates a journal under the rules it was played with (see
// Tables): from its seed and its commands, those rules decide every turn
// again, and each decision must equal the recorded facts and draw count.
// It returns the first divergence (nil when every turn matches), the
// number of turns checked, and the journal's torn or corrupt tail if it
// has one (the whole turns before it are checked). A journal of rules
// this program does not have is an error.
func Verify(r *journal.Reader, tables *content.Tables) (*Divergence, int, *journal.Tail, error) {
	t, err := Tables(r.Header(), tables)
	if err != nil {
		return nil, 0, nil, err
	}
	return VerifyUnder(r, t)
}

// VerifyUnder is Verify under the rules of tables, whatever rules the
// journal was played with: content.ForRules(2) on a rules-1 journal finds
// the first turn the newer rules decide otherwise.
func VerifyUnder(r *journal.Reader, tables *content.Tables) (*Divergence, int, *journal.Tail, error) {
	h := r.Header()
	s := reducer.New(h.Seed, tables)
	s.Wizard = h.Options.Wizard
	var rec events.Turn
	var rules reducer.Decider
	for {
		if err := r.Next(&rec); err != nil {
			// Only here, where it is needed: errors.As takes tail's
			// address, so declared in the loop it would be allocated
			// on every turn.
			if errors.Is(err, io.EOF) {
				return nil, s.Turn, nil, nil
			}
			var tail *journal.Tail
			if errors.As(err, &tail) {
				return nil, s.Turn, tail, nil
			}
			return nil, s.Turn, nil, err
		}
		got, err := rules.Decide(s, rec.Command)
		if err == nil && sameTurn(rec, got) {
			// The decided turn, equal to the recorded one: folding the
			// very facts Decide returned lets the next decision start
			// from this one's working copy.
			if err := s.ApplyTurn(&got); err != nil {
				return nil, s.Turn, nil, err
			}
			continue
		}
		div := &Divergence{Turn: s.Turn, Recorded: cloneTurn(rec), Fact: -1, JournalRules: h.RulesVersion, Rules: tables.Version}
		if err != nil {
			var refusal *reducer.Refusal
			if !errors.As(err, &refusal) {
				return nil, s.Turn, nil, err
			}
			div.Refused = refusal.Reason
			return div, s.Turn, nil, nil
		}
		div.Decided = got
		div.Fact, div.Fields = firstDifference(rec.Facts, got.Facts)
		a, b := s.Clone(), s.Clone()
		errA, errB := a.ApplyTurn(&rec), b.ApplyTurn(&got)
		if errA == nil && errB == nil {
			div.State = reducer.Diff(a, b)
		}
		return div, s.Turn, nil, nil
	}
}

func cloneTurn(t events.Turn) events.Turn {
	t.Facts = append([]events.Fact(nil), t.Facts...)
	return t
}

func sameTurn(a, b events.Turn) bool {
	if a.Draws != b.Draws || len(a.Facts) != len(b.Facts) {
		return false
	}
	for i := range a.Facts {
		if !events.SameFact(a.Facts[i], b.Facts[i]) {
			return false
		}
	}
	return true
}

// firstDifference finds the first fact that differs and names its fields
// that differ (all of them "type" when the types differ).
func firstDifference(rec, got []events.Fact) (int, []string) {
	for i := 0; i < max(len(rec), len(got)); i++ {
		if i >= len(rec) || i >= len(got) {
			return i, nil
		}
		if events.SameFact(rec[i], got[i]) {
			continue
		}
		a, b := reflect.ValueOf(rec[i]).Elem(), reflect.ValueOf(got[i]).Elem()
		if a.Type() != b.Type() {
			return i, []string{"type"}
		}
		var fields []string
		for f := 0; f < a.NumField(); f++ {
			if !reflect.DeepEqual(a.Field(f).Interface(), b.Field(f).Interface()) {
				fields = append(fields, fmt.Sprintf("%s (recorded %v, now %v)", a.Type().Field(f).Name, a.Field(f).Interface(), b.Field(f).Interface()))
			}
		}
		return i, fields
	}
	return -1, nil
}
