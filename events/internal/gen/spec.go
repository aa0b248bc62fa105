package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// kind is how a field is written: which writer and reader method, which
// fast reads.
type kind uint8

const (
	kindID    kind = iota // events.EntityID
	kindInt               // int
	kindTurn              // int tagged wire:"turn": a turn number
	kindBool              // bool
	kindPos               // events.Pos: two ints
	kindEnum              // a small enumerated type T, below NumTs
	kindCause             // events.Cause: a known cause
	kindSlice             // a list: only in a wire:custom type
)

// field is one field of a command or fact, in wire order.
type field struct {
	Name string
	Type string // the Go type's name in package events ("Dir", "int")
	Kind kind
}

// entry is one command or fact: its type, wire code and fields.
type entry struct {
	Name   string // the Go type, in package events
	Wire   string // the wire name (the type's unless //wire:name says)
	Code   int
	Fields []field
	// Custom is //wire:custom: its fields are written and read by hand
	// (putT, getT, and the fast paths' reads of it, in events/wire).
	Custom bool
}

// Pooled reports whether the decoder hands it out from a slab: a value
// that holds a list is not (the states that fold it share its lists).
func (e entry) Pooled() bool {
	for _, f := range e.Fields {
		if f.Kind == kindSlice {
			return false
		}
	}
	return true
}

// Var is the name of its slab pool, and of its values in generated code.
func (e entry) Var() string { return strings.ToLower(e.Name[:1]) + e.Name[1:] }

// spec is every command and fact of package events.
type spec struct {
	Commands, Facts []entry
}

// enums are the enumerated types a field may have: each has a constant
// NumTs, and the writer and reader a method of its name in lower case.
var enums = []string{"Dir", "Slot", "Hunger", "Attribute", "Skill", "Mood"}

// maxCode is the first code no command or fact may take: from 0x40 up
// the codes are format 3's and 4's shorthands and openers.
const maxCode = 0x40

// readSpec reads package events in dir: every constant CodeT of type
// FactCode or CommandCode names the fact or command T, a struct of the
// package, whose fields are its wire layout in order.
func readSpec(dir string) (*spec, error) {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	codes := map[string]int{}   // type name -> code
	isFact := map[string]bool{} // type name -> a fact (else a command)
	structs := map[string]*ast.TypeSpec{}
	docs := map[string]*ast.CommentGroup{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, "_gen.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, s := range g.Specs {
				switch s := s.(type) {
				case *ast.ValueSpec:
					id, ok := s.Type.(*ast.Ident)
					if !ok || g.Tok != token.CONST || (id.Name != "FactCode" && id.Name != "CommandCode") {
						continue
					}
					for i, n := range s.Names {
						lit, ok := s.Values[i].(*ast.BasicLit)
						if !ok || !strings.HasPrefix(n.Name, "Code") {
							return nil, fmt.Errorf("%s: %s is not CodeT = a number", fset.Position(n.Pos()), n.Name)
						}
						v, err := strconv.Atoi(lit.Value)
						if err != nil || v < 1 || v >= maxCode {
							return nil, fmt.Errorf("%s: %s = %s is not a code from 1 to %d (the codes from %#x up are format 3's and 4's shorthands)", fset.Position(n.Pos()), n.Name, lit.Value, maxCode-1, maxCode)
						}
						t := strings.TrimPrefix(n.Name, "Code")
						codes[t], isFact[t] = v, id.Name == "FactCode"
					}
				case *ast.TypeSpec:
					if _, ok := s.Type.(*ast.StructType); ok {
						structs[s.Name.Name] = s
						docs[s.Name.Name] = g.Doc
						if s.Doc != nil {
							docs[s.Name.Name] = s.Doc
						}
					}
				}
			}
		}
	}
	out := &spec{}
	names := make([]string, 0, len(codes))
	for name := range codes {
		names = append(names, name)
	}
	slices.Sort(names) // a total order: the same spec, the same files and errors
	for _, name := range names {
		code := codes[name]
		ts, ok := structs[name]
		if !ok {
			return nil, fmt.Errorf("constant Code%s names no struct type %s", name, name)
		}
		e, err := readEntry(fset, name, code, ts, docs[name])
		if err != nil {
			return nil, err
		}
		if isFact[name] {
			out.Facts = append(out.Facts, e)
		} else {
			out.Commands = append(out.Commands, e)
		}
	}
	for _, list := range [][]entry{out.Facts, out.Commands} {
		slices.SortStableFunc(list, func(a, b entry) int { return a.Code - b.Code })
		for i := 1; i < len(list); i++ {
			if list[i].Code == list[i-1].Code {
				return nil, fmt.Errorf("%s and %s share code %d", list[i-1].Name, list[i].Name, list[i].Code)
			}
		}
	}
	return out, nil
}

func readEntry(fset *token.FileSet, name string, code int, ts *ast.TypeSpec, doc *ast.CommentGroup) (entry, error) {
	e := entry{Name: name, Wire: name, Code: code}
	if doc != nil {
		for _, c := range doc.List {
			switch {
			case c.Text == "//wire:custom":
				e.Custom = true
			case strings.HasPrefix(c.Text, "//wire:name "):
				e.Wire = strings.TrimPrefix(c.Text, "//wire:name ")
			}
		}
	}
	for _, f := range ts.Type.(*ast.StructType).Fields.List {
		var tag string
		if f.Tag != nil {
			t, _ := strconv.Unquote(f.Tag.Value)
			tag = reflect.StructTag(t).Get("wire")
		}
		typ, k := "", kind(0)
		switch t := f.Type.(type) {
		case *ast.Ident:
			typ = t.Name
			switch {
			case t.Name == "EntityID":
				k = kindID
			case t.Name == "int" && tag == "turn":
				k = kindTurn
			case t.Name == "int":
				k = kindInt
			case t.Name == "bool":
				k = kindBool
			case t.Name == "Pos":
				k = kindPos
			case t.Name == "Cause":
				k = kindCause
			case slices.Contains(enums, t.Name):
				k = kindEnum
			default:
				return e, fmt.Errorf("%s: %s.%v: the codec writes no field of type %s", fset.Position(f.Pos()), name, f.Names, t.Name)
			}
		case *ast.ArrayType:
			if !e.Custom {
				return e, fmt.Errorf("%s: %s holds a list: only a //wire:custom type may", fset.Position(f.Pos()), name)
			}
			typ, k = "[]", kindSlice
		default:
			return e, fmt.Errorf("%s: %s: a field of a type the codec does not write", fset.Position(f.Pos()), name)
		}
		if tag != "" && !(tag == "turn" && k == kindTurn) {
			return e, fmt.Errorf("%s: %s: tag wire:%q is not one the generator knows (turn, on an int)", fset.Position(f.Pos()), name, tag)
		}
		for _, n := range f.Names {
			e.Fields = append(e.Fields, field{Name: n.Name, Type: typ, Kind: k})
		}
	}
	return e, nil
}
