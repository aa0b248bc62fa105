package main

import (
	"bytes"
	"fmt"
	"strings"
)

// writeSamples writes events/eventstest's made-up values: one of every
// command and fact that is not custom, each field other than zero and
// valid (an entity id, an int, a turn, true, the enum value 1, cause 1).
// eventstest takes them for the types it has no value of its own for,
// so that a new fact is in every test that needs one of each at once.
func writeSamples(b *bytes.Buffer, s *spec) {
	b.WriteString("package eventstest\n\nimport \"rogue/events\"\n\n")
	for _, g := range []struct {
		name, iface string
		list        []entry
	}{{"madeFacts", "events.Fact", s.Facts}, {"madeCommands", "events.Command", s.Commands}} {
		fmt.Fprintf(b, "// %s is a made-up value of every %s the codec writes field by field.\nfunc %s() []%s {\nreturn []%s{\n",
			g.name, strings.TrimPrefix(g.iface, "events."), g.name, g.iface, g.iface)
		for _, e := range g.list {
			if e.Custom {
				continue
			}
			var parts []string
			for j, f := range e.Fields {
				var v string
				switch f.Kind {
				case kindID, kindInt:
					v = fmt.Sprint(j + 2)
				case kindTurn:
					v = fmt.Sprint(100 + j)
				case kindBool:
					v = "true"
				case kindPos:
					v = fmt.Sprintf("events.Pos{X: %d, Y: %d}", j+2, j+3)
				case kindEnum, kindCause:
					v = "1"
				}
				parts = append(parts, f.Name+": "+v)
			}
			fmt.Fprintf(b, "&events.%s{%s},\n", e.Name, strings.Join(parts, ", "))
		}
		b.WriteString("}\n}\n\n")
	}
}
