package main

import (
	"bytes"
	"fmt"
	"strings"
)

// method is the writer's and the reader's method for a field.
func method(f field) string {
	switch f.Kind {
	case kindID:
		return "id"
	case kindInt, kindTurn:
		return "int"
	case kindBool:
		return "bool"
	case kindPos:
		return "pos"
	case kindCause:
		return "cause"
	}
	return strings.ToLower(f.Type[:1]) + f.Type[1:]
}

// writeFields writes the encoder's and the slow decoder's part: put and
// get for every type that is not custom, and the switches that pick
// them.
func writeFields(b *bytes.Buffer, s *spec) {
	b.WriteString("package wire\n\nimport \"rogue/events\"\n\n")
	for _, g := range []struct {
		what, iface string
		list        []entry
	}{{"Fact", "events.Fact", s.Facts}, {"Command", "events.Command", s.Commands}} {
		what := strings.ToLower(g.what)
		fmt.Fprintf(b, "// put%s writes the fields of %s, a value or a pointer.\nfunc put%s(w *writer, %s %s) {\nswitch v := %s.(type) {\n", g.what, what, g.what, what[:1], g.iface, what[:1])
		for _, e := range g.list {
			fmt.Fprintf(b, "case *events.%s:\nput%s(w, v)\ncase events.%s:\nput%s(w, &v)\n", e.Name, e.Name, e.Name, e.Name)
		}
		fmt.Fprintf(b, "default:\nw.fail(\"%%T is not a %s this codec writes\", v)\n}\n}\n\n", what)
		fmt.Fprintf(b, "// get%s reads the fields of %s, a value the slabs handed out.\nfunc get%s(r *reader, %s %s) {\nswitch v := %s.(type) {\n", g.what, what, g.what, what[:1], g.iface, what[:1])
		for _, e := range g.list {
			fmt.Fprintf(b, "case *events.%s:\nget%s(r, v)\n", e.Name, e.Name)
		}
		b.WriteString("}\n}\n\n")
		for _, e := range g.list {
			if e.Custom {
				continue
			}
			v := "v"
			if len(e.Fields) == 0 {
				v = "_"
			}
			fmt.Fprintf(b, "func put%s(w *writer, %s *events.%s) {\n", e.Name, v, e.Name)
			for _, f := range e.Fields {
				fmt.Fprintf(b, "w.%s(v.%s)\n", method(f), f.Name)
			}
			b.WriteString("}\n\n")
			w := "r"
			if len(e.Fields) == 0 {
				w, v = "_", "_"
			}
			fmt.Fprintf(b, "func get%s(%s *reader, %s *events.%s) {\n", e.Name, w, v, e.Name)
			for _, f := range e.Fields {
				fmt.Fprintf(b, "v.%s = r.%s()\n", f.Name, method(f))
			}
			b.WriteString("}\n\n")
		}
	}
}
