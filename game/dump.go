package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"rogue/events"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// DumpFoldError is a turn of a dumped journal that does not fold: the
// turns from it on are dumped without their log lines.
type DumpFoldError struct {
	Turn   int
	Offset int64 // the byte the turn ends at
	Err    error
}

func (e *DumpFoldError) Error() string {
	return fmt.Sprintf("turn %d at byte %d does not fold (%v): its turns are dumped, without messages from there", e.Turn, e.Offset, e.Err)
}

// ParentText is what a dump's header line adds for a game taken over
// from another journal, ", taken over from NAME at turn N (its chain
// 0x...)", or "" for a game begun from its first turn.
func ParentText(h journal.Header) string {
	if h.Parent == nil {
		return ""
	}
	return fmt.Sprintf(", taken over from %q at turn %d (its chain %#08x)", h.Parent.Name, h.Parent.Turn, h.Parent.Chain)
}

// Dump writes the journal r reads to w, its header then one line per
// turn with every die roll visible and the turn's log lines under it (or,
// asJSON, one JSON object per line), as rogue dump does. It returns where
// reading stopped (nil: the journal ended cleanly); a turn that does not
// fold is a *DumpFoldError, returned with that tail once every turn is
// dumped.
func Dump(w io.Writer, r *journal.Reader, asJSON bool) (*journal.Tail, error) {
	h := r.Header()
	if asJSON {
		line, _ := json.Marshal(map[string]any{"header": h})
		fmt.Fprintf(w, "%s\n", line)
	} else {
		fmt.Fprintf(w, "header: format %d, rules %d, chance %s, seed %d, player %q, created %s, wizard %v, fsync every %d turns%s\n",
			h.FormatVersion, h.RulesVersion, h.Algorithm, h.Seed, h.Player, h.Created.UTC().Format("2006-01-02T15:04:05Z"), h.Options.Wizard, h.Options.SyncEvery, ParentText(h))
	}
	// The dump folds as it goes, to put each turn's log lines beside its
	// facts; a journal that does not fold is still dumped, without them.
	s := reducer.New(h.Seed, FoldTables(h, content.Default()))
	s.Wizard = h.Options.Wizard
	var foldErr error
	foldTurn, foldAt := -1, int64(-1)
	var t events.Turn
	for {
		err := r.Next(&t)
		var tail *journal.Tail
		if errors.As(err, &tail) || errors.Is(err, io.EOF) {
			if foldErr != nil {
				return tail, &DumpFoldError{Turn: foldTurn, Offset: foldAt, Err: foldErr}
			}
			return tail, nil
		}
		if err != nil {
			return nil, err
		}
		turn := r.Turns() - 1
		var log []string
		if foldErr == nil {
			log, foldErr = s.ApplyTurnMessages(&t)
			if foldErr != nil {
				foldTurn, foldAt = turn, r.Offset()
			}
		}
		if asJSON {
			line, err := json.Marshal(jsonTurn(turn, r.Offset(), &t, log))
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(w, "%s\n", line)
			continue
		}
		facts := make([]string, len(t.Facts))
		for i, f := range t.Facts {
			facts[i] = FormatFact(f)
		}
		fmt.Fprintf(w, "turn %d @%d: %s draws=%d -> %s\n", turn, r.Offset(), FormatCommand(t.Command), t.Draws, strings.Join(facts, "; "))
		for _, m := range log {
			fmt.Fprintf(w, "    | %s\n", m)
		}
	}
}

type typed struct {
	Type   string `json:"type"`
	Fields any    `json:"fields"`
}

func jsonTurn(turn int, offset int64, t *events.Turn, log []string) any {
	facts := make([]typed, len(t.Facts))
	for i, f := range t.Facts {
		facts[i] = typed{events.FactName(f.Code()), f}
	}
	return struct {
		Turn    int      `json:"turn"`
		Offset  int64    `json:"offset"`
		Command typed    `json:"command"`
		Draws   uint64   `json:"draws"`
		Facts   []typed  `json:"facts"`
		Log     []string `json:"log,omitempty"`
	}{turn, offset, typed{events.CommandName(t.Command.Code()), t.Command}, t.Draws, facts, log}
}
