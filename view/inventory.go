package view

import (
	"fmt"
	"slices"
	"strings"

	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// The item menus: inventory (i: use or equip), drop (d) and remove (R).
// A stack in the backpack keeps its letter (a-z) for as long as it is
// there: the state folds the letters from the journal (State.PackLetter),
// so they are the same after Continue, in a replay and in a take-over.
// Worn items have the letter of their slot, A main hand, B off hand, C
// head, D torso.

// itemEntry is one choosable line of an item menu: an item, or a stack
// of identical ones (n of them; choosing it chooses item, the first).
type itemEntry struct {
	letter rune
	item   *reducer.Entity
	n      int
	all    []*reducer.Entity // the stack's items, item first
}

// worn lists what the player wears, in slot order.
func (m *Model) worn() []*reducer.Entity {
	if m.State == nil {
		return nil
	}
	var out []*reducer.Entity
	for slot := events.MainHand; slot < events.NumSlots; slot++ {
		if it := m.State.Worn(events.PlayerID, slot); it != nil {
			out = append(out, it)
		}
	}
	return out
}

// backpack lists what the player carries and does not wear, a to z.
func (m *Model) backpack() []*reducer.Entity {
	if m.State == nil {
		return nil
	}
	return m.State.Backpack(events.PlayerID)
}

// itemEntries are the lines the current item menu offers: the backpack's
// stacks of identical items by their letters (State.PackLetter), then the
// worn items by their slots' letters.
func (m *Model) itemEntries() (pack, worn []itemEntry) {
	if m.mode == ModePickUp {
		return m.pileEntries(), nil
	}
	if m.mode != ModeRemove {
		for _, st := range stacks(m.backpack()) {
			if m.mode == ModeEnchant && !m.enchantable(st.items[0]) {
				continue
			}
			pack = append(pack, itemEntry{letter: m.State.PackLetter(reducer.StackKey(st.items[0])), item: st.items[0], n: len(st.items), all: st.items})
		}
		slices.SortFunc(pack, func(a, b itemEntry) int { return int(a.letter) - int(b.letter) })
	}
	for _, it := range m.worn() {
		if m.mode == ModeEnchant && !m.enchantable(it) {
			continue
		}
		worn = append(worn, itemEntry{letter: rune('A' + int(it.Slot-events.MainHand)), item: it, n: 1, all: []*reducer.Entity{it}})
	}
	return pack, worn
}

// keyItems chooses an item by its letter, or with Up, Down and Enter.
func (m *Model) keyItems(k Key) Intent {
	pack, worn := m.itemEntries()
	all := append(pack[:len(pack):len(pack)], worn...)
	if step := menuStep(k); step != 0 {
		m.moveSelection(step, len(all))
		return Intent{}
	}
	switch {
	case k.Code == KeyEsc:
		m.mode = ModePlay
		return Intent{}
	case k == Rune('Q'):
		return Intent{Quit: true}
	case k.Code == KeyEnter:
		if m.sel < len(all) {
			return m.chooseItem(all[m.sel].item)
		}
		return Intent{}
	case k.Code == KeyRune:
		r := k.Rune
		if m.mode == ModeRemove && r >= 'a' && r <= 'z' {
			r = r - 'a' + 'A'
		}
		for _, e := range all {
			if e.letter == r {
				return m.chooseItem(e.item)
			}
		}
	}
	return Intent{}
}

// chooseItem acts on the item chosen in the current item menu.
func (m *Model) chooseItem(it *reducer.Entity) Intent {
	mode := m.mode
	m.mode = ModePlay
	switch mode {
	case ModeDrop:
		return Intent{Command: &events.Drop{Item: it.ID}}
	case ModeRemove:
		return Intent{Command: &events.Remove{Item: it.ID}}
	case ModePickUp:
		return Intent{Command: &events.PickUpItem{Item: it.ID}}
	case ModeEnchant:
		return Intent{Command: &events.UseOn{Item: m.item, On: it.ID}}
	}
	def := m.State.Content().Item(it.Kind)
	if usedOnItem(def) {
		m.startEnchanting(it.ID)
		return Intent{}
	}
	if def != nil && def.Use != nil && (def.Use.Target == content.Actor || def.Use.Target == content.Area) {
		m.startTargeting(it.ID)
		return Intent{}
	}
	return Intent{Command: &events.Use{Item: it.ID}}
}

// drawItems draws the open item menu over area.
func (m *Model) drawItems(c Canvas, area rect) {
	pack, worn := m.itemEntries()
	tables := m.State.Content()
	win := window{selected: -1, share: true}
	var verb string
	switch m.mode {
	case ModeInventory:
		win.title, verb = "Inventory", "use or equip"
	case ModeDrop:
		win.title, verb = "Drop what?", "drop"
	case ModeRemove:
		win.title, verb = "Take off what?", "take off"
	case ModePickUp:
		win.title, verb = "Pick up what?", "pick up"
	case ModeEnchant:
		win.title, verb = "Enchant what?", "enchant"
	}
	win.hint = fmt.Sprintf("letter or Enter: %s  Esc: close", verb)
	names := map[events.EntityID]string{} // by the entry's first item
	nameW := 0
	for _, e := range append(pack[:len(pack):len(pack)], worn...) {
		name := itemName(m.State, e.item)
		if e.n > 1 {
			name = counted(name, e.n)
		}
		if c := m.charges(e); c != "" {
			name += " " + c
		}
		if e.item.Slot != events.SlotNone {
			name = fmt.Sprintf("%s (%s)", name, e.item.Slot)
		}
		names[e.item.ID] = name
		nameW = max(nameW, textWidth(name))
	}
	index := 0
	add := func(e itemEntry) {
		def := tables.Item(e.item.Kind)
		l := line{{string(e.letter), Style{Bold: true}}, {"  " + pad(names[e.item.ID], nameW), Plain}}
		var under line // the detail on a line of its own, when it does not fit beside the name
		if d := itemDetail(m.State, def, m.State.Enchantment(e.item), e.item.Slot != events.SlotNone); d != "" {
			if 3+nameW+2+textWidth(d) > area.w-4 {
				under = line{{"      " + d, styleHint}}
			} else {
				l = append(l, span{"  " + d, styleHint})
			}
		}
		if index == m.sel {
			win.selected = len(win.lines)
		}
		act := keyAct(Rune(e.letter))
		win.acts = append(win.acts, make([]func(*Model) Intent, len(win.lines)-len(win.acts))...)
		win.acts = append(win.acts, act)
		win.lines = append(win.lines, l)
		if under != nil {
			win.acts = append(win.acts, act)
			win.lines = append(win.lines, under)
		}
		index++
	}
	if m.mode == ModePickUp {
		win.lines = append(win.lines, styled("Lying here", styleTitle))
		for _, e := range pack {
			add(e)
		}
		win.draw(c, area)
		return
	}
	// Enchanting offers only what can be worn: no backpack section when
	// none of it is in the backpack.
	if m.mode != ModeRemove && (m.mode != ModeEnchant || len(pack) > 0) {
		win.lines = append(win.lines, styled(fmt.Sprintf("Backpack (%d/%d)", len(m.backpack()), tables.Rules.Backpack), styleTitle))
		if len(pack) == 0 {
			win.lines = append(win.lines, styled("   (empty)", styleHint))
		}
		for _, e := range pack {
			add(e)
		}
		win.lines = append(win.lines, plain(""))
	}
	win.lines = append(win.lines, styled("Worn", styleTitle))
	if len(worn) == 0 {
		win.lines = append(win.lines, styled("   (nothing)", styleHint))
	}
	for _, e := range worn {
		add(e)
	}
	win.draw(c, area)
}

// charges lists the charges of a stack of wands: "(1 charge)", "(2, 4
// charges)"; "" for anything else.
func (m *Model) charges(e itemEntry) string {
	def := m.State.Content().Item(e.item.Kind)
	if def == nil || def.Use == nil || def.Use.Charges.N == 0 {
		return ""
	}
	var ns []string
	last := 0
	for _, it := range e.all {
		last = m.State.Charges(it)
		ns = append(ns, fmt.Sprint(last))
	}
	if len(ns) == 1 && last == 1 {
		return "(1 charge)"
	}
	return "(" + strings.Join(ns, ", ") + " charges)"
}

// itemDetail says in a few words what an item does, with its
// enchantment (rules 3: a weapon's adds to hit and damage, anything
// else's to armor); worn items leave out the slot (their name says it
// already).
func itemDetail(s *reducer.State, def *content.Item, enchantment int, worn bool) string {
	if def == nil {
		return ""
	}
	if q := def.Equip; q != nil {
		hit, damage, armor := q.Hit, q.DamageMod, q.Armor
		if q.Slot == events.MainHand {
			hit, damage = hit+enchantment, damage+enchantment
		} else {
			armor += enchantment
		}
		var parts []string
		if !worn {
			parts = append(parts, q.Slot.String())
		}
		if q.Damage.N > 0 {
			parts = append(parts, fmt.Sprintf("%s %s", q.Damage, q.Attribute))
		}
		if hit != 0 {
			parts = append(parts, fmt.Sprintf("%+d to hit", hit))
		}
		if damage != 0 {
			parts = append(parts, fmt.Sprintf("%+d damage", damage))
		}
		if armor != 0 {
			parts = append(parts, fmt.Sprintf("armor %+d", armor))
		}
		if q.MaxHP != 0 {
			parts = append(parts, fmt.Sprintf("%+d max HP", q.MaxHP))
		}
		if q.Regen != 0 {
			parts = append(parts, fmt.Sprintf("heals 1 HP every %d turns", q.Regen))
		}
		return strings.Join(parts, ", ")
	}
	u := def.Use
	if u == nil {
		return ""
	}
	// What it does in the player's hands: under rules 2, Magic and
	// Intelligence add to a scroll's damage and range.
	amount, reach := u.Amount, u.Range
	if p := s.Player(); p != nil {
		amount, reach = s.UseAmount(p, u), s.UseRange(p, u)
	}
	var what string
	switch u.Effect {
	case content.Heal:
		return fmt.Sprintf("heals %d", u.Amount)
	case content.Feed:
		return fmt.Sprintf("food: well fed for %d turns", u.Turns)
	case content.Harm:
		what = fmt.Sprintf("%d damage", amount)
	case content.Confuse:
		what = fmt.Sprintf("confuses for %d turns", u.Turns)
	case content.Enchant:
		return fmt.Sprintf("you choose: weapon %+d, or armor %+d", u.Amount, u.Amount)
	default:
		return ""
	}
	switch u.Target {
	case content.Area:
		return fmt.Sprintf("range %d, %s within %d", reach, what, u.Radius)
	case content.Nearest:
		return fmt.Sprintf("%s to the nearest foe within %d", what, reach)
	case content.Actor:
		return fmt.Sprintf("range %d, %s", reach, what)
	}
	return what
}
