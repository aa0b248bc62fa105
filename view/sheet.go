package view

import (
	"fmt"

	"rogue/events"
	"rogue/reducer"
)

// The character sheet (c): attributes with their bonuses, skills, pools,
// armor class, attack and damage, hunger and equipment.

func (m *Model) drawSheet(c Canvas, area rect) {
	win := window{title: "Character", hint: "Esc: close", selected: -1, lines: sheetLines(m.State)}
	win.draw(c, area)
}

// sheetLines are the character sheet's lines, for the screen and the death
// summary alike.
func sheetLines(s *reducer.State) []line {
	p := s.Player()
	if p == nil {
		return []line{plain("No character yet.")}
	}
	var out []line
	add := func(l line) { out = append(out, l) }
	add(styled(fmt.Sprintf("Level %d, %s experience", p.Level, xpText(s, p)), styleTitle))
	// Rules 1 keep a mana pool that nothing spends: always full, it is
	// shown once, as its size.
	mana := fmt.Sprintf("   Mana %d", s.MaxMana(p))
	if !s.Content().Rules.Mana {
		mana = "" // rules without a mana pool
	}
	add(plain(fmt.Sprintf("HP %d/%d%s   Depth %d   Turn %d   Kills %d   Rules %d",
		max(0, p.HP), s.MaxHP(p), mana, s.Depth, s.TurnNumber(), s.Kills, s.RulesVersion())))
	add(plain(""))
	add(line{{fmt.Sprintf("%-24s", "Attributes"), styleTitle}, {"Skills", styleTitle}})
	for i := 0; i < int(events.NumAttributes); i++ {
		a := events.Attribute(i)
		v := s.Attribute(p, a)
		left := fmt.Sprintf("  %-12s %2d (%+d)  ", a, v, reducer.Bonus(v))
		right := ""
		if i < int(events.NumSkills) {
			k := events.Skill(i)
			right = fmt.Sprintf("  %-8s %+d", k, s.Skill(p, k))
		}
		add(plain(fmt.Sprintf("%-24s%s", left, right)))
	}
	add(plain(""))
	dmg := fmt.Sprintf("%s%+d", s.DamageDice(p), s.DamageBonus(p))
	if s.DamageBonus(p) == 0 {
		dmg = s.DamageDice(p).String()
	}
	attack := fmt.Sprintf("%+d", s.AttackBonus(p))
	if fed := s.Content().Rules.WellFedHitBonus; s.Hunger == events.WellFed && fed != 0 {
		// The rules add it to the player's attack while well fed: say
		// so, or the attack changes with the same gear for no reason.
		attack += fmt.Sprintf(" (%+d Well Fed)", fed)
	}
	add(plain(fmt.Sprintf("Armor class %d   Attack %s   Damage %s", s.ArmorClass(p), attack, dmg)))
	if dmg, reach, ok := s.ScrollBonus(p); ok {
		add(plain(fmt.Sprintf("Scrolls: damage %+d, range %+d (Magic and Intelligence)", dmg, reach)))
	}
	hunger := s.Hunger.String()
	if s.HungerUntil > 0 && s.Hunger != events.Starving {
		hunger += fmt.Sprintf(" (until turn %d)", s.HungerUntil-1) // the turn whose end changes it
	}
	add(plain("Hunger: " + hunger))
	slots := s.Content().Slots()
	if len(slots) <= 4 {
		add(plain("")) // rules 3's nine slots need the line to fit 80x24
	}
	add(styled("Equipment", styleTitle))
	slot := func(slot events.Slot) string {
		name := "-"
		if it := s.Worn(p.ID, slot); it != nil {
			name = itemName(s, it)
		}
		return fmt.Sprintf("  %-10s %s", slot.String()+":", name)
	}
	if len(slots) <= 4 {
		for _, sl := range slots {
			add(plain(slot(sl)))
		}
		return out
	}
	// Rules 3's nine slots in two columns, so that the sheet still fits
	// the map of an 80x24 screen.
	half := (len(slots) + 1) / 2
	for i := range half {
		l := fmt.Sprintf("%-38s", slot(slots[i]))
		if i+half < len(slots) {
			l += slot(slots[i+half])
		}
		add(plain(l))
	}
	return out
}
