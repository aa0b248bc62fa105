package main

import (
	"bytes"
	"fmt"
)

// writeSlabs writes the decoder's pools: one for each type that holds
// no list, and the switches that hand one out by wire code.
func writeSlabs(b *bytes.Buffer, s *spec) {
	b.WriteString("package wire\n\nimport \"rogue/events\"\n\n")
	b.WriteString("// slabs hands out new commands and facts from per-type slabs (see pool).\n")
	b.WriteString("// Each type has a pool of its own, so that handing one out is a few\n// instructions on a concrete type: no interface, no closure.\n")
	b.WriteString("type slabs struct {\nrecycle bool\n// turn counts the turns decoded while recycling: a pool whose turn\n// is not this one has handed out nothing yet this turn.\nturn uint64\n\n")
	for _, list := range [][]entry{s.Facts, s.Commands} {
		for _, e := range list {
			if e.Pooled() {
				fmt.Fprintf(b, "%s pool[events.%s]\n", e.Var(), e.Name)
			}
		}
	}
	b.WriteString("}\n\n")
	b.WriteString("// fact hands out a zero fact of wire code code (nil for no fact): from\n// its pool, or new when it holds lists (the states that enter a level\n// share them).\n")
	b.WriteString("func (s *slabs) fact(code uint8) events.Fact {\nswitch events.FactCode(code) {\n")
	for _, e := range s.Facts {
		if e.Pooled() {
			fmt.Fprintf(b, "case events.Code%s:\nreturn s.%s.get(s)\n", e.Name, e.Var())
		} else {
			fmt.Fprintf(b, "case events.Code%s:\nreturn &events.%s{}\n", e.Name, e.Name)
		}
	}
	b.WriteString("}\nreturn nil\n}\n\n")
	b.WriteString("// growFact makes room in the pool of the facts of wire code of (see\n// pool.grow).\n")
	b.WriteString("func (s *slabs) growFact(of events.FactCode, least int) {\nswitch of {\n")
	for _, e := range s.Facts {
		if e.Pooled() {
			fmt.Fprintf(b, "case events.Code%s:\ns.%s.grow(s, least)\n", e.Name, e.Var())
		}
	}
	b.WriteString("}\n}\n\n")
	b.WriteString("// command hands out a zero command of wire code code (nil for no command).\n")
	b.WriteString("func (s *slabs) command(code uint8) events.Command {\nswitch events.CommandCode(code) {\n")
	for _, e := range s.Commands {
		fmt.Fprintf(b, "case events.Code%s:\nreturn s.%s.get(s)\n", e.Name, e.Var())
	}
	b.WriteString("}\nreturn nil\n}\n")
}
