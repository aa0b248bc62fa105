package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"text/template"
)

// The fast paths are templates: what each format does around its facts
// (the shorthands, the openers, the bookkeeping of the turn so far) is
// written in the template, and the cases of every command and fact in
// its full form are made from the spec.

//go:embed fastflat.tmpl
var fastFlatTemplate string

//go:embed fastpath.tmpl
var fastPathTemplate string

// FlatLit is the fields of a composite literal of e, each read by the
// cursor of formats 2 and 3 in wire order.
func (e entry) FlatLit() string {
	var parts []string
	for _, f := range e.Fields {
		var x string
		switch f.Kind {
		case kindID:
			x = "c.valid(c.id())"
		case kindInt, kindTurn:
			x = "c.int()"
		case kindBool:
			x = "c.bool()"
		case kindPos:
			x = "events.Pos{X: c.int(), Y: c.int()}"
		case kindCause:
			x = "c.cause()"
		case kindEnum:
			x = fmt.Sprintf("events.%s(c.enum(byte(events.Num%ss)))", f.Type, f.Type)
		}
		parts = append(parts, f.Name+": "+x)
	}
	return strings.Join(parts, ", ")
}

// Read4 is the statements that read e's fields into m with format 4's
// reads, the index in i.
func (e entry) Read4() string {
	var b strings.Builder
	for _, f := range e.Fields {
		switch f.Kind {
		case kindID:
			fmt.Fprintf(&b, "m.%s, i = id4(b, i)\n", f.Name)
		case kindInt:
			fmt.Fprintf(&b, "m.%s, i = int4(b, i)\n", f.Name)
		case kindTurn:
			fmt.Fprintf(&b, "m.%s, i = until4(b, i)\n", f.Name)
		case kindBool:
			fmt.Fprintf(&b, "m.%s, i = bool4(b, i)\n", f.Name)
		case kindPos:
			fmt.Fprintf(&b, "m.%s.X, i = int4(b, i)\nm.%s.Y, i = int4(b, i)\n", f.Name, f.Name)
		case kindCause:
			fmt.Fprintf(&b, "m.%s, i = cause4(b, i)\n", f.Name)
		case kindEnum:
			fmt.Fprintf(&b, "var %s byte\n%s, i = enum4(b, i, byte(events.Num%ss))\nm.%s = events.%s(%s)\n",
				local(f), local(f), f.Type, f.Name, f.Type, local(f))
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// local is the name of the byte an enumerated field is read into.
func local(f field) string { return "k" + f.Name }

func writeTemplate(name, text string) func(b *bytes.Buffer, s *spec) {
	t := template.Must(template.New(name).Parse(text))
	return func(b *bytes.Buffer, s *spec) {
		if err := t.Execute(b, s); err != nil {
			panic(err)
		}
	}
}
