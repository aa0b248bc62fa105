package game

import (
	"fmt"
	"reflect"
	"strings"

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
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i < rv.NumField(); i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		fv := rv.Field(i).Interface()
		switch x := fv.(type) {
		case events.Pos:
			fv = fmt.Sprintf("(%d,%d)", x.X, x.Y)
		}
		fmt.Fprintf(&b, "%s:%v", rv.Type().Field(i).Name, fv)
	}
	b.WriteByte('}')
	return b.String()
}
