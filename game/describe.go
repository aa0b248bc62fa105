package game

import (
	"fmt"
	"strings"

	"rogue/events"
	"rogue/reducer"
)

// Describe writes a state for people and for golden files: the turn, the
// player (place, pools, attributes, equipment, backpack) and what the
// player sees. It is plain text in a fixed order, so a change in the game
// shows up as a reviewable diff.
func Describe(s *reducer.State) string {
	var b strings.Builder
	p := s.Player()
	fmt.Fprintf(&b, "turn %d, depth %d, random draws %d\n", s.TurnNumber(), s.Depth, s.Draws)
	if p == nil {
		b.WriteString("no player yet\n")
		return b.String()
	}
	c := s.Content()
	mana := fmt.Sprintf(", mana %d", s.MaxMana(p))
	if !c.Rules.Mana {
		mana = "" // rules without a mana pool
	}
	fmt.Fprintf(&b, "player at (%d,%d): HP %d/%d%s, level %d, XP %d/%d, %s, kills %d\n",
		p.Pos.X, p.Pos.Y, p.HP, s.MaxHP(p), mana, p.Level, p.XP, s.XPToLevel(p), s.Hunger, s.Kills)
	if s.RulesVersion() > 1 {
		var skills []string
		for k := events.Skill(0); k < events.NumSkills; k++ {
			skills = append(skills, fmt.Sprintf("%s %d", k, p.Skills[k]))
		}
		fmt.Fprintf(&b, "skills: %s\n", strings.Join(skills, ", "))
	}
	var attrs []string
	for a := events.Attribute(0); a < events.NumAttributes; a++ {
		attrs = append(attrs, fmt.Sprintf("%s %d (%+d)", a, p.Attributes[a], reducer.Bonus(p.Attributes[a])))
	}
	fmt.Fprintf(&b, "attributes: %s\n", strings.Join(attrs, ", "))
	dice := s.DamageDice(p)
	fmt.Fprintf(&b, "armor class %d, attack %+d, damage %s%+d\n", s.ArmorClass(p), s.AttackBonus(p), dice, s.DamageBonus(p))
	var worn []string
	for slot := events.MainHand; slot < events.NumSlots; slot++ {
		if it := s.Worn(p.ID, slot); it != nil {
			worn = append(worn, fmt.Sprintf("%s (%s)", itemName(s, it), slot))
		}
	}
	fmt.Fprintf(&b, "wearing: %s\n", listOrNothing(worn))
	var pack []string
	for i, it := range s.Backpack(p.ID) {
		pack = append(pack, fmt.Sprintf("%c) %s", 'a'+i, itemName(s, it)))
	}
	fmt.Fprintf(&b, "backpack: %s\n", listOrNothing(pack))
	var seen []string
	for e := range s.Entities() {
		if e.ID == p.ID || !e.OnMap() || !s.CanSee(e.Pos) {
			continue
		}
		what := c.Name(e.Kind)
		if s.IsActor(e) {
			what += fmt.Sprintf(" %d/%d HP", e.HP, s.MaxHP(e))
			if e.ConfusedUntil > s.Turn {
				what += ", confused"
			}
		}
		seen = append(seen, fmt.Sprintf("%s at (%d,%d)", what, e.Pos.X, e.Pos.Y))
	}
	fmt.Fprintf(&b, "in view: %s\n", listOrNothing(seen))
	if s.Won {
		fmt.Fprintf(&b, "%s\n", reducer.DeathCause(s))
	} else if s.Over {
		fmt.Fprintf(&b, "dead: %s\n", reducer.DeathCause(s))
	}
	return b.String()
}

func listOrNothing(items []string) string {
	if len(items) == 0 {
		return "nothing"
	}
	return strings.Join(items, ", ")
}

// itemName is an item's name with what rules 3 adds to it: its
// enchantment ("Dagger +1") and a wand's charges ("Wand of Fire, 2
// charges").
func itemName(s *reducer.State, it *reducer.Entity) string {
	name := s.Content().Name(it.Kind)
	if e := s.Enchantment(it); e != 0 {
		name = fmt.Sprintf("%s %+d", name, e)
	}
	if def := s.Content().Item(it.Kind); def != nil && def.Use != nil && def.Use.Charges.N > 0 {
		name = fmt.Sprintf("%s, %d charges", name, s.Charges(it))
	}
	return name
}
