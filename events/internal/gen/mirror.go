package main

import (
	"bytes"
	"fmt"
)

// mirrorType is the Go type a reflective msgpack decoder reads a field
// into.
var mirrorType = map[kind]string{
	kindID: "uint32", kindInt: "int32", kindTurn: "int32", kindBool: "bool",
	kindEnum: "uint8", kindCause: "uint8",
}

// writeMirror writes internal/msgpackref's mirrors: for each command and
// fact one struct of its code and fields in wire order, which msgpack/v5
// decodes from format 1's array by reflection, and the tables that pick
// one by code. A custom type's mirror is written by hand there.
func writeMirror(b *bytes.Buffer, s *spec) {
	b.WriteString("package msgpackref\n\n")
	for _, list := range [][]entry{s.Facts, s.Commands} {
		for _, e := range list {
			if e.Custom {
				continue
			}
			fmt.Fprintf(b, "// mirror%s is %s (code %d).\ntype mirror%s struct {\nCode uint8\n", e.Name, e.Wire, e.Code, e.Name)
			for _, f := range e.Fields {
				if f.Kind == kindPos {
					fmt.Fprintf(b, "%sX, %sY int32\n", f.Name, f.Name)
					continue
				}
				fmt.Fprintf(b, "%s %s\n", f.Name, mirrorType[f.Kind])
			}
			b.WriteString("}\n\n")
		}
	}
	for _, g := range []struct {
		name string
		list []entry
	}{{"facts", s.Facts}, {"commands", s.Commands}} {
		fmt.Fprintf(b, "// %s[code] makes a fresh mirror of the %s of that wire code.\nvar %s = [256]func() any{\n", g.name, g.name[:len(g.name)-1], g.name)
		for _, e := range g.list {
			fmt.Fprintf(b, "%d: func() any { return new(mirror%s) },\n", e.Code, e.Name)
		}
		b.WriteString("}\n\n")
	}
}
