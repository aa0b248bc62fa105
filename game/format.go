package game

import (
	"fmt"
	"reflect"
	"strconv"

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
	for i := 0; i < rv.NumField(); i++ {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, rv.Type().Field(i).Name...)
		b = append(b, ':')
		b = appendValue(b, rv.Field(i))
	}
	b = append(b, '}')
	return string(b)
}

// appendValue appends v as fmt's %v writes it (a Pos as "(x,y)"): with
// strconv for plain numbers and booleans, the commonest fields, as a dump
// writes millions of them.
func appendValue(b []byte, v reflect.Value) []byte {
	x := v.Interface()
	switch x := x.(type) {
	case events.Pos:
		return fmt.Appendf(b, "(%d,%d)", x.X, x.Y)
	case error, fmt.Stringer, fmt.Formatter:
		return fmt.Append(b, x)
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(b, v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.AppendUint(b, v.Uint(), 10)
	case reflect.Bool:
		return strconv.AppendBool(b, v.Bool())
	}
	return fmt.Append(b, x)
}
