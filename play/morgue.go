package play

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
	"rogue/view"
)

// FoldMorgue folds the journal at path from its first turn to its last
// and gathers what its morgue says (view.Morgue): the final state, the HP
// after every turn, the last messages, the kills by kind and when each
// depth and character level was first reached. Nothing comes from
// anywhere but the journal. A torn or damaged end is returned beside
// what the whole turns before it give; a turn that does not fold is an
// error naming it.
func FoldMorgue(path string) (view.Morgue, journal.Header, *journal.Tail, error) {
	r, err := journal.Open(path)
	if err != nil {
		return view.Morgue{}, journal.Header{}, nil, err
	}
	defer r.Close()
	h := r.Header()
	s := reducer.New(h.Seed, game.FoldTables(h, content.Default()))
	s.Wizard = h.Options.Wizard
	var mg view.Morgue
	var hp game.HPSeries
	kills := map[int]int{} // by kind
	depth, level := 0, 0
	var msgs []string
	var t events.Turn
	var tail *journal.Tail
	for {
		err := r.Next(&t)
		if errors.Is(err, io.EOF) {
			break
		}
		if errors.As(err, &tail) {
			break
		}
		if err != nil {
			return view.Morgue{}, h, nil, err
		}
		for _, kind := range killedKinds(s, &t) {
			kills[kind]++
		}
		log, err := s.ApplyTurnMessages(&t)
		if err != nil {
			return view.Morgue{}, h, nil, game.AtRecord(r, err)
		}
		msgs = append(msgs, log...)
		if over := len(msgs) - view.MorgueMessages; over > 4*view.MorgueMessages {
			msgs = append(msgs[:0], msgs[over:]...) // keep memory bounded
		}
		p := s.Player()
		if p == nil {
			continue
		}
		hp.Add(p.HP)
		if s.Depth > depth {
			depth = s.Depth
			mg.Timeline = append(mg.Timeline, view.Milestone{Turn: s.TurnNumber(), Depth: depth})
		}
		if p.Level > level {
			if level > 0 { // the first level is no news
				mg.Timeline = append(mg.Timeline, view.Milestone{Turn: s.TurnNumber(), Level: p.Level})
			}
			level = p.Level
		}
	}
	mg.State, mg.HP = s, hp.Values()
	mg.Messages = msgs[max(0, len(msgs)-view.MorgueMessages):]
	for kind, n := range kills {
		mg.Kills = append(mg.Kills, view.Kill{Kind: kind, N: n})
	}
	// Most first, then by name, then by kind: a total order.
	tables := s.Content()
	slices.SortFunc(mg.Kills, func(a, b view.Kill) int {
		if a.N != b.N {
			return b.N - a.N
		}
		if c := strings.Compare(tables.Name(a.Kind), tables.Name(b.Kind)); c != 0 {
			return c
		}
		return a.Kind - b.Kind
	})
	return mg, h, tail, nil
}

// killedKinds are the kinds of the monsters the player kills in turn t,
// looked up in s, the state before it (or among the turn's own spawns).
func killedKinds(s *reducer.State, t *events.Turn) []int {
	var out []int
	for i, f := range t.Facts {
		d, ok := f.(*events.Died)
		if !ok || d.Killer != events.PlayerID || d.Actor == events.PlayerID {
			continue
		}
		if e := s.Get(d.Actor); e != nil {
			out = append(out, e.Kind)
			continue
		}
		for _, g := range t.Facts[:i] {
			if sp, ok := g.(*events.Spawned); ok && sp.ID == d.Actor {
				out = append(out, sp.Kind)
			}
		}
	}
	return out
}

// MorgueFile is the whole morgue of the journal at path: the version line,
// the journal's line, the state's digest, then view.MorgueText.
func MorgueFile(path, version string) (string, *journal.Tail, error) {
	mg, h, tail, err := FoldMorgue(path)
	if err != nil {
		return "", nil, err
	}
	s := mg.State
	var b strings.Builder
	fmt.Fprintln(&b, version)
	who := "the death of"
	switch {
	case s.Won:
		who = "the victory of"
	case !s.Over:
		who = "the game of"
	}
	fmt.Fprintf(&b, "rogue: %s %s\n", who, h.Player)
	fmt.Fprintf(&b, "journal: %s (seed %d, begun %s)\n", path, h.Seed, h.Created.UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(&b, "played:  %d turns (0 to %d), rules %d, format %d\n", s.Turn, s.TurnNumber(), h.RulesVersion, h.FormatVersion)
	fmt.Fprintf(&b, "digest:  %s\n\n", s.Digest())
	b.WriteString(view.MorgueText(mg))
	return b.String(), tail, nil
}
