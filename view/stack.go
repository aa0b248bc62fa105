package view

import (
	"fmt"
	"strings"

	"rogue/reducer"
)

// Identical items are shown as one stack: "3 Health Potions". Items of
// one kind are identical unless one is worn (a worn item has its line)
// or, under rules 3, enchanted otherwise (a Sword +1 is not a Sword).
// Wands of one kind stack whatever their charges, which the line lists.

// stack is items of one kind and enchantment, in the order the first of
// them came.
type stack struct {
	key   int // reducer.StackKey
	items []*reducer.Entity
}

// stacks groups items by kind and enchantment, in the order of each
// stack's first item.
func stacks(items []*reducer.Entity) []stack {
	var out []stack
	at := map[int]int{}
	for _, it := range items {
		key := reducer.StackKey(it)
		i, ok := at[key]
		if !ok {
			i = len(out)
			at[key] = i
			out = append(out, stack{key: key})
		}
		out[i].items = append(out[i].items, it)
	}
	return out
}

// itemName is an item's name with its enchantment, if any: "Sword +1".
func itemName(s *reducer.State, it *reducer.Entity) string {
	name := s.Content().Name(it.Kind)
	if e := s.Enchantment(it); e != 0 {
		name = fmt.Sprintf("%s %+d", name, e)
	}
	return name
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
	// "Sword +1": the name takes the plural, "Swords +1"; "Wand of
	// Fire": the word before "of", "Wands of Fire".
	if i := strings.LastIndex(name, " "); i > 0 && len(name) > i+1 && (name[i+1] == '+' || name[i+1] == '-') {
		return plural(name[:i]) + name[i:]
	}
	if before, after, ok := strings.Cut(name, " of "); ok {
		return plural(before) + " of " + after
	}
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
	items := s.ItemsAt(p.Pos)
	for _, st := range stacks(items) {
		names = append(names, counted(itemName(s, st.items[0]), len(st.items)))
	}
	if len(names) == 0 {
		return ""
	}
	key := "g picks up"
	if len(names) > 1 && s.Content().Rules.ChoosePickUp {
		key = "g asks which"
	}
	if !canTakeAny(s, items) {
		key = "your backpack is full"
	}
	if len(names) == 1 {
		return "You see here: " + names[0] + " (" + key + ")."
	}
	return "You see here: " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " (" + key + ")."
}

// canTakeAny reports whether g would take something of items, the pile
// on the player's tile: the first (which g takes), or under rules that
// let the player choose, any.
func canTakeAny(s *reducer.State, items []*reducer.Entity) bool {
	for i, it := range items {
		if s.CanTake(it.Kind) {
			return true
		}
		if i == 0 && !s.Content().Rules.ChoosePickUp {
			return false
		}
	}
	return false
}
