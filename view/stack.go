package view

import (
	"fmt"
	"strings"

	"rogue/reducer"
)

// Identical items are shown as one stack: "3 Health Potions". Items of
// one kind are identical unless one is worn (a worn item has its line).

// stack is items of one kind, in the order the first of them came.
type stack struct {
	kind  int
	items []*reducer.Entity
}

// stacks groups items by kind, in the order of each kind's first item.
func stacks(items []*reducer.Entity) []stack {
	var out []stack
	at := map[int]int{}
	for _, it := range items {
		i, ok := at[it.Kind]
		if !ok {
			i = len(out)
			at[it.Kind] = i
			out = append(out, stack{kind: it.Kind})
		}
		out[i].items = append(out[i].items, it)
	}
	return out
}

// counted is n things called name: "a Dagger", "an Orc", "3 Health
// Potions".
func counted(name string, n int) string {
	if n == 1 {
		return reducer.Article(name)
	}
	return fmt.Sprintf("%d %s", n, plural(name))
}

// plural is the plural of an item's name: its last word takes an s (or
// es). "Leather Armor" is a mass noun and keeps its form.
func plural(name string) string {
	switch {
	case strings.HasSuffix(name, "Armor"), strings.HasSuffix(name, "Mail"), strings.HasSuffix(name, "s"):
		return name
	case strings.HasSuffix(name, "x"), strings.HasSuffix(name, "ch"), strings.HasSuffix(name, "sh"):
		return name + "es"
	}
	return name + "s"
}

// seeHere is the line that says what lies on the player's tile and which
// key picks it up: "You see here: a Dagger and 2 Health Potions (g picks
// up)."; "" when nothing does.
func seeHere(s *reducer.State) string {
	p := s.Player()
	if p == nil {
		return ""
	}
	var names []string
	for _, st := range stacks(s.ItemsAt(p.Pos)) {
		names = append(names, counted(s.Content().Name(st.kind), len(st.items)))
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return "You see here: " + names[0] + " (g picks up)."
	}
	return "You see here: " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " (g picks up)."
}
