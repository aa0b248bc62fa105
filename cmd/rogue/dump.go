package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

func runDump(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("dump")
	asJSON := fs.Bool("json", false, "one JSON object per turn")
	path, r, err := openJournalArg(fs, args, stderr)
	if err != nil {
		return err
	}
	defer r.Close()
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	h := r.Header()
	if *asJSON {
		line, _ := json.Marshal(map[string]any{"header": h})
		fmt.Fprintf(w, "%s\n", line)
	} else {
		fmt.Fprintf(w, "header: format %d, rules %d, chance %s, seed %d, player %q, created %s, wizard %v, fsync every %d turns\n",
			h.FormatVersion, h.RulesVersion, h.Algorithm, h.Seed, h.Player, h.Created.UTC().Format("2006-01-02T15:04:05Z"), h.Options.Wizard, h.Options.SyncEvery)
	}
	// The dump folds as it goes, to put each turn's log lines beside its
	// facts; a journal that does not fold is still dumped, without them.
	s := reducer.New(h.Seed, game.FoldTables(h, content.Default()))
	s.Wizard = h.Options.Wizard
	var foldErr error
	foldTurn, foldAt := -1, int64(-1)
	var t events.Turn
	for {
		err := r.Next(&t)
		var tail *journal.Tail
		if errors.As(err, &tail) || errors.Is(err, io.EOF) {
			w.Flush()
			if err := tailResult("dump", path, tail, stderr); err != nil {
				return err
			}
			if foldErr != nil {
				return fail(1, "%s: turn %d at byte %d does not fold (%v): its turns are dumped, without messages from there", path, foldTurn, foldAt, foldErr)
			}
			return nil
		}
		if err != nil {
			return err
		}
		turn := r.Turns() - 1
		var log []string
		if foldErr == nil {
			log, foldErr = s.ApplyTurnMessages(&t)
			if foldErr != nil {
				foldTurn, foldAt = turn, r.Offset()
			}
		}
		if *asJSON {
			line, err := json.Marshal(jsonTurn(turn, r.Offset(), &t, log))
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "%s\n", line)
			continue
		}
		facts := make([]string, len(t.Facts))
		for i, f := range t.Facts {
			facts[i] = game.FormatFact(f)
		}
		fmt.Fprintf(w, "turn %d @%d: %s draws=%d -> %s\n", turn, r.Offset(), game.FormatCommand(t.Command), t.Draws, strings.Join(facts, "; "))
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
