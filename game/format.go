package game

import (
	"fmt"
	"reflect"
	"strconv"
	"sync"

	"rogue/events"
)

// FormatFact writes a fact for people: its wire name and its fields,
// "Attacked{Attacker:5 Target:1 Natural:14 ...}". Reflection is fine here:
// this is for reading, and the wire names come from the registry.
func FormatFact(f events.Fact) string {
	if f == nil {
		return "nil"
	}
	return events.FactName(f.Code()) + fields(f)
}

// FormatCommand writes a command for people, like FormatFact.
func FormatCommand(c events.Command) string {
	if c == nil {
		return "nil"
	}
	return events.CommandName(c.Code()) + fields(c)
}

func fields(v any) string {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer {
		rv = rv.Elem()
	}
	b := make([]byte, 0, 64)
	b = append(b, '{')
	for i, name := range fieldNames(rv.Type()) {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, name...)
		b = append(b, ':')
		b = appendValue(b, rv.Field(i))
	}
	b = append(b, '}')
	return string(b)
}

// names holds each struct type's field names, as fieldNames found them:
// asking reflect for them again for every fact of a dump cost more than
// writing the fact.
var names sync.Map // reflect.Type -> []string

// fieldNames is the names of the fields of the struct type t, in order.
func fieldNames(t reflect.Type) []string {
	if n, ok := names.Load(t); ok {
		return n.([]string)
	}
	n := make([]string, t.NumField())
	for i := range n {
		n[i] = t.Field(i).Name
	}
	names.Store(t, n)
	return n
}

// The types appendValue and appendPlain look for, known without making
// an interface of every value (which allocates).
var (
	posType       = reflect.TypeFor[events.Pos]()
	errorType     = reflect.TypeFor[error]()
	stringerType  = reflect.TypeFor[fmt.Stringer]()
	formatterType = reflect.TypeFor[fmt.Formatter]()
)

// How fmt writes a value of a type under %v: through its methods (an
// error's Error or a Formatter's Format), its String, or by its kind.
const (
	byKind = iota
	viaFmt
	viaString
)

// methods holds each type's way, as methodsOf found it: asking reflect
// whether a type has the methods, for every field of a dump's million
// facts, cost more than writing them.
var methods sync.Map // reflect.Type -> int

// methodsOf is how fmt writes a value of type t (see byKind).
func methodsOf(t reflect.Type) int {
	if m, ok := methods.Load(t); ok {
		return m.(int)
	}
	m := byKind
	switch {
	case t.Implements(errorType) || t.Implements(formatterType):
		m = viaFmt
	case t.Implements(stringerType):
		m = viaString
	}
	methods.Store(t, m)
	return m
}

// appendValue appends v as fmt's %v writes it (a Pos as "(x,y)"): with
// strconv for plain numbers and booleans, the commonest fields, as a dump
// writes millions of them.
func appendValue(b []byte, v reflect.Value) []byte {
	if v.Type() == posType {
		b = append(b, '(')
		b = strconv.AppendInt(b, v.Field(0).Int(), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, v.Field(1).Int(), 10)
		return append(b, ')')
	}
	return appendPlain(b, v)
}

// appendPlain is appendValue without the Pos shorthand, as fmt writes
// the values inside a list or a struct: a struct's fields between braces
// and a list's values between brackets, each separated by a space.
func appendPlain(b []byte, v reflect.Value) []byte {
	if v.CanInterface() {
		switch methodsOf(v.Type()) {
		case viaFmt:
			return fmt.Append(b, v.Interface())
		case viaString:
			// What fmt writes for a Stringer (and neither an error nor a
			// Formatter) under %v.
			return append(b, v.Interface().(fmt.Stringer).String()...)
		}
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(b, v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.AppendUint(b, v.Uint(), 10)
	case reflect.Bool:
		return strconv.AppendBool(b, v.Bool())
	case reflect.Struct:
		b = append(b, '{')
		for i := 0; i < v.NumField(); i++ {
			if i > 0 {
				b = append(b, ' ')
			}
			b = appendPlain(b, v.Field(i))
		}
		return append(b, '}')
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			break // fmt writes a []byte as a list too, but leave it to fmt
		}
		b = append(b, '[')
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b = append(b, ' ')
			}
			b = appendPlain(b, v.Index(i))
		}
		return append(b, ']')
	}
	if v.CanInterface() {
		return fmt.Append(b, v.Interface())
	}
	return fmt.Appendf(b, "%v", v)
}
