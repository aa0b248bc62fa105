package main

import (
	"fmt"
	"strings"

	"rogue/journal"
	"rogue/view"
)

// summaryPath is where the death summary of the journal at path goes:
// beside it, "<name>-death.txt".
func summaryPath(path string) string {
	return strings.TrimSuffix(path, journalExt) + "-death.txt"
}

// writeDeathSummary writes the plain-text account of the game that just
// ended next to its journal, atomically; failing to is a message, not the
// end of the world (the journal holds the whole game).
func (p *player) writeDeathSummary() {
	ss := p.sess
	h := ss.file.Header()
	s := ss.g.State
	var b strings.Builder
	fmt.Fprintf(&b, "rogue: the death of %s\n", h.Player)
	fmt.Fprintf(&b, "journal: %s (seed %d, begun %s)\n", ss.path, h.Seed, h.Created.UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(&b, "digest:  %s\n\n", s.Digest())
	b.WriteString(view.DeathSummary(p.m))
	path := summaryPath(ss.path)
	if err := journal.WriteFileAtomic(path, []byte(b.String())); err != nil {
		p.m.Say(fmt.Sprintf("the death summary could not be written: %v", err))
		return
	}
	p.m.SummaryPath = path
}
