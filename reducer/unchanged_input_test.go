package reducer_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// deepDump writes everything reachable from v, unexported fields and the
// addresses of pointers and of slices' arrays included, so that two dumps
// differ when anything reachable was written, swapped or reallocated.
// The content tables are named by their address only: they are shared
// and read-only.
func deepDump(b *strings.Builder, v reflect.Value, seen map[uintptr]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		fmt.Fprintf(b, "&%x", v.Pointer())
		if seen[v.Pointer()] || v.Type().Elem().PkgPath() == "rogue/reducer/content" {
			return
		}
		seen[v.Pointer()] = true
		deepDump(b, v.Elem(), seen)
	case reflect.Struct:
		b.WriteString("{")
		for i := range v.NumField() {
			fmt.Fprintf(b, "%s:", v.Type().Field(i).Name)
			deepDump(b, v.Field(i), seen)
			b.WriteString(" ")
		}
		b.WriteString("}")
	case reflect.Slice:
		fmt.Fprintf(b, "[%x len %d:", v.Pointer(), v.Len())
		for i := range v.Len() {
			deepDump(b, v.Index(i), seen)
			b.WriteString(",")
		}
		b.WriteString("]")
	case reflect.Array:
		b.WriteString("[")
		for i := range v.Len() {
			deepDump(b, v.Index(i), seen)
			b.WriteString(",")
		}
		b.WriteString("]")
	case reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		fmt.Fprintf(b, "%s(", v.Elem().Type())
		deepDump(b, v.Elem(), seen)
		b.WriteString(")")
	case reflect.Map:
		keys := v.MapKeys()
		slices.SortFunc(keys, func(x, y reflect.Value) int { return strings.Compare(fmt.Sprint(x), fmt.Sprint(y)) })
		b.WriteString("map[")
		for _, k := range keys {
			fmt.Fprintf(b, "%v:", k)
			deepDump(b, v.MapIndex(k), seen)
			b.WriteString(",")
		}
		b.WriteString("]")
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		fmt.Fprintf(b, "%x", v.Pointer())
	default:
		fmt.Fprint(b, v)
	}
}

// dumpOf is deepDump of the whole state s.
func dumpOf(s *reducer.State) string {
	var b strings.Builder
	deepDump(&b, reflect.ValueOf(s), map[uintptr]bool{})
	return b.String()
}

// Through long wizard games under every rules version, at many turns,
// deciding a command (with a new Decider and with the game's own, whose
// working copy is the last turn's) and cloning the state leave it exactly
// as it was: the same digest, and the same bytes of everything reachable
// from it. Each runs while another goroutine reads the whole state, so
// that under -race a write is also caught as it happens. (The carved
// map's wall bits are computed once, by whoever asks first: the test asks
// first.)
func TestDecideAndCloneLeaveTheirInputAsItWas(t *testing.T) {
	turns := 3000
	if testing.Short() {
		turns = 600
	}
	for rules := 1; rules <= events.RulesVersion; rules++ {
		t.Run(fmt.Sprintf("rules %d", rules), func(t *testing.T) {
			t.Parallel()
			tables, err := content.ForRules(rules)
			require.NoError(t, err)
			s := reducer.New(uint64(10+rules), tables)
			s.Wizard = true
			var game reducer.Decider
			ops := []struct {
				name string
				do   func(cmd events.Command)
			}{
				{"Decide with a new Decider", func(cmd events.Command) { _, _ = reducer.Decide(s, cmd) }},
				{"Decide with the game's Decider", func(cmd events.Command) { _, _ = game.Decide(s, cmd) }},
				{"Clone", func(events.Command) { _ = s.Clone() }},
			}
			cmd := events.Command(&events.Begin{})
			checked := 0
			for s.Turn < turns {
				if s.Turn > 0 {
					cmd = bot.Choose(s)
				}
				if s.Turn%97 == 1 {
					if s.Turn%2 == 1 {
						s.Visible() // a state with its field of view, and one without
					}
					s.Map.Walls()
					digest := s.Digest()
					for _, op := range ops {
						before := dumpOf(s)
						read := make(chan string)
						go func() { read <- dumpOf(s) }()
						op.do(cmd)
						assert.Equal(t, before, <-read, "turn %d: %s, read while it ran", s.Turn, op.name)
						if !assert.Equal(t, before, dumpOf(s), "turn %d: %s changed the state", s.Turn, op.name) {
							return
						}
						assert.Equal(t, digest, s.Digest(), "turn %d: %s", s.Turn, op.name)
					}
					checked++
				}
				turn, err := game.Decide(s, cmd)
				var refusal *reducer.Refusal
				if errors.As(err, &refusal) {
					turn, err = game.Decide(s, &events.Wait{})
				}
				require.NoError(t, err, "turn %d", s.Turn)
				require.NoError(t, s.ApplyTurn(&turn))
				game.ShareView(s)
			}
			assert.Greater(t, checked, turns/100, "states checked")
		})
	}
}
