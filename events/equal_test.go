package events_test

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/events/eventstest"
)

// SameFact says what reflect.DeepEqual says of every pair of sample facts,
// of each fact and a copy, and of each fact and copies with one field
// changed; and every fact code has a comparison.
func TestSameFactAgreesWithDeepEqual(t *testing.T) {
	t.Parallel()
	for _, c := range events.FactCodes() {
		require.True(t, events.HasEqual(c), "no comparison for %s", events.FactName(c))
	}
	var facts []events.Fact
	for _, f := range eventstest.Facts() {
		facts = append(facts, f)
		v := reflect.ValueOf(f).Elem()
		for i := 0; i < v.NumField(); i++ {
			c := reflect.New(v.Type())
			c.Elem().Set(v)
			switch fld := c.Elem().Field(i); fld.Kind() {
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				fld.SetInt(fld.Int() + 1)
			case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
				fld.SetUint(fld.Uint() + 1)
			case reflect.Bool:
				fld.SetBool(!fld.Bool())
			case reflect.Struct: // a Pos
				fld.Field(0).SetInt(fld.Field(0).Int() + 1)
			case reflect.Slice:
				fld.Set(reflect.AppendSlice(reflect.MakeSlice(fld.Type(), 0, 0), fld.Slice(0, fld.Len()-1)))
			default:
				t.Fatalf("%T field %d: kind %s not varied", f, i, fld.Kind())
			}
			facts = append(facts, c.Interface().(events.Fact))
		}
		same := reflect.New(v.Type())
		same.Elem().Set(v)
		facts = append(facts, same.Interface().(events.Fact))
	}
	facts = append(facts, nil)
	checked := 0
	for _, a := range facts {
		for _, b := range facts {
			assert.Equal(t, reflect.DeepEqual(a, b), events.SameFact(a, b), "%#v and %#v", a, b)
			checked++
		}
	}
	require.Greater(t, checked, 5000)
}
