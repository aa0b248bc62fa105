package view

import (
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Rules 3's item menus: g on a pile asks which item to pick up, and an
// Enchantment Scroll asks what to read it on. Both are item menus (see
// inventory.go): a letter or Enter chooses, Esc closes and nothing is
// journaled.

// pileHere reports whether g should ask which item: the rules let the
// player choose, and more than one stack lies underfoot.
func (m *Model) pileHere() bool {
	s := m.State
	p := s.Player()
	return p != nil && s.Content().Rules.ChoosePickUp && len(stacks(s.ItemsAt(p.Pos))) > 1
}

// pileEntries are the stacks on the player's tile, lettered a, b, c in
// the order they lie (lowest id first).
func (m *Model) pileEntries() []itemEntry {
	p := m.State.Player()
	if p == nil {
		return nil
	}
	var out []itemEntry
	for i, st := range stacks(m.State.ItemsAt(p.Pos)) {
		if i >= 26 {
			break
		}
		out = append(out, itemEntry{letter: rune('a' + i), item: st.items[0], n: len(st.items), all: st.items})
	}
	return out
}

// enchantable reports whether an Enchantment Scroll can be read on it:
// something that can be worn.
func (m *Model) enchantable(it *reducer.Entity) bool {
	def := m.State.Content().Item(it.Kind)
	return def != nil && def.Equip != nil
}

// usedOnItem reports whether an item is used on another held (an
// Enchantment Scroll).
func usedOnItem(def *content.Item) bool {
	return def != nil && def.Use != nil && def.Use.Target == content.Held
}

// startEnchanting asks what to read scroll on, or says there is nothing.
func (m *Model) startEnchanting(scroll events.EntityID) {
	for _, it := range m.State.Held(events.PlayerID) {
		if m.enchantable(it) {
			m.open(ModeEnchant)
			m.item = scroll
			return
		}
	}
	m.Say("You hold nothing that can be worn, so nothing to enchant.")
}
