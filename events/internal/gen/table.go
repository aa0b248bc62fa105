package main

import (
	"bytes"
	"fmt"
	"strings"
)

// writeTable writes package events' part: Code methods, the registry,
// the equality table.
func writeTable(b *bytes.Buffer, s *spec) {
	slices := false
	for _, e := range s.Facts {
		slices = slices || !e.Pooled()
	}
	b.WriteString("package events\n\n")
	if slices {
		b.WriteString("import \"slices\"\n\n")
	}
	for _, e := range s.Commands {
		fmt.Fprintf(b, "// Code is %s's wire code.\nfunc (%s) Code() CommandCode { return Code%s }\n\nfunc (%s) command() {}\n\n", e.Name, e.Name, e.Name, e.Name)
	}
	for _, e := range s.Facts {
		fmt.Fprintf(b, "// Code is %s's wire code.\nfunc (%s) Code() FactCode { return Code%s }\n\nfunc (%s) fact() {}\n\n", e.Name, e.Name, e.Name, e.Name)
	}
	b.WriteString("func init() {\n")
	for _, e := range s.Commands {
		fmt.Fprintf(b, "registerCommand(Code%s, %q, func() Command { return &%s{} })\n", e.Name, e.Wire, e.Name)
	}
	for _, e := range s.Facts {
		fmt.Fprintf(b, "registerFact(Code%s, %q, func() Fact { return &%s{} })\n", e.Name, e.Wire, e.Name)
	}
	b.WriteString("}\n\n")
	b.WriteString("// factEqual compares two facts of one code: a comparable struct by ==,\n// one that holds lists field by field.\n")
	b.WriteString("var factEqual = [256]func(a, b Fact) bool{\n")
	for _, e := range s.Facts {
		if e.Pooled() {
			fmt.Fprintf(b, "Code%s: equalValues[%s, *%s],\n", e.Name, e.Name, e.Name)
		} else {
			fmt.Fprintf(b, "Code%s: equal%s,\n", e.Name, e.Name)
		}
	}
	b.WriteString("}\n\n")
	for _, e := range s.Facts {
		if e.Pooled() {
			continue
		}
		var terms []string
		for _, f := range e.Fields {
			if f.Kind == kindSlice {
				terms = append(terms, fmt.Sprintf("slices.Equal(x.%s, y.%s)", f.Name, f.Name))
			} else {
				terms = append(terms, fmt.Sprintf("x.%s == y.%s", f.Name, f.Name))
			}
		}
		fmt.Fprintf(b, "func equal%s(a, b Fact) bool {\nx, ok1 := a.(*%s)\ny, ok2 := b.(*%s)\nreturn ok1 && ok2 && %s\n}\n\n",
			e.Name, e.Name, e.Name, strings.Join(terms, " &&\n"))
	}
}
