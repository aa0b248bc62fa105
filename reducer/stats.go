package reducer

import (
	"rogue/events"
	"rogue/reducer/content"
)

// Derived stats: always computed from the base values and what is worn now,
// never stored, so taking an item off takes its bonus away.

// Bonus is an attribute's bonus: (value - 10) / 2, truncated toward zero.
func Bonus(value int) int { return (value - 10) / 2 }

// Attribute is an actor's current value of a.
func (s *State) Attribute(e *Entity, a events.Attribute) int { return e.Attributes[a] }

// Skill is an actor's current skill.
func (s *State) Skill(e *Entity, k events.Skill) int { return e.Skills[k] }

// wornBonus adds up f over everything e wears.
func (s *State) wornBonus(e *Entity, f func(*content.Equip) int) int {
	total := 0
	if e.holding == 0 {
		return 0 // most monsters: no need to look at every entity
	}
	// What it wears is in its worn slots (kept by the fold): a look at
	// each, not at every entity.
	for _, id := range e.worn {
		if id == 0 {
			continue
		}
		if it := s.Get(id); it != nil && it.Holder == e.ID && it.Slot != events.SlotNone {
			if def := s.content.Item(it.Kind); def != nil && def.Equip != nil {
				total += f(def.Equip)
			}
		}
	}
	return total
}

// MaxHP is an actor's maximum hit points now: for the player
// base + (per level + Fitness bonus) * level (rules 1: base 0, 10 per
// level; rules 2: 20 and 10), for a monster 1 + level * max(1, 8 +
// Fitness bonus); plus the HP bonus of everything worn.
func (s *State) MaxHP(e *Entity) int {
	fit := Bonus(e.Attributes[events.Fitness])
	var base int
	if e.ID == events.PlayerID {
		base = playerHP(s.content.Rules, fit, e.Level)
	} else {
		base = 1 + e.Level*max(1, 8+fit)
	}
	return max(1, base+s.wornBonus(e, func(q *content.Equip) int { return q.MaxHP }))
}

// MaxMana is max(1, 4 + Intelligence bonus) * level.
func (s *State) MaxMana(e *Entity) int {
	return max(1, 4+Bonus(e.Attributes[events.Intelligence])) * e.Level
}

// ArmorClass is 10 + Quickness bonus + Defense skill + worn armor (and
// under rules 3 the enchantment of what is worn, see gearBonus).
func (s *State) ArmorClass(e *Entity) int {
	_, _, ench := s.gearBonus(e)
	return 10 + Bonus(e.Attributes[events.Quickness]) + e.Skills[events.Defense] +
		s.wornBonus(e, func(q *content.Equip) int { return q.Armor }) + ench
}

// Weapon returns what e wields in the main hand and its definition, or
// nil, nil when unarmed.
func (s *State) Weapon(e *Entity) (*Entity, *content.Equip) {
	if e.holding == 0 {
		return nil, nil
	}
	w := s.Worn(e.ID, events.MainHand)
	if w == nil {
		return nil, nil
	}
	def := s.content.Item(w.Kind)
	if def == nil || def.Equip == nil {
		return nil, nil
	}
	return w, def.Equip
}

// AttackBonus is what e adds to a natural d20: the weapon's attribute bonus
// (Might unarmed), Melee skill, the weapon's hit bonus, and +1 while the
// player is Well Fed (and under rules 3 what gearBonus adds).
func (s *State) AttackBonus(e *Entity) int {
	attr, hit := events.Might, 0
	if _, w := s.Weapon(e); w != nil {
		attr, hit = w.Attribute, w.Hit
	}
	gear, _, _ := s.gearBonus(e)
	b := Bonus(e.Attributes[attr]) + e.Skills[events.Melee] + hit + gear
	if e.ID == events.PlayerID && s.Hunger == events.WellFed {
		b += s.content.Rules.WellFedHitBonus
	}
	return b
}

// DamageDice is what e rolls for damage: its weapon's dice, or unarmed.
func (s *State) DamageDice(e *Entity) content.Dice {
	if _, w := s.Weapon(e); w != nil {
		return w.Damage
	}
	if e.ID != events.PlayerID {
		if m := s.content.Monster(e.Kind); m != nil && m.Damage.N > 0 {
			return m.Damage // rules 3: the kind's own attack
		}
	}
	return s.content.Rules.UnarmedDamage
}

// DamageBonus is added to the damage roll: Might bonus, Melee skill and the
// weapon's damage bonus (and under rules 3 what gearBonus adds).
func (s *State) DamageBonus(e *Entity) int {
	_, gear, _ := s.gearBonus(e)
	b := Bonus(e.Attributes[events.Might]) + e.Skills[events.Melee] + gear
	if _, w := s.Weapon(e); w != nil {
		b += w.DamageMod
	}
	return b
}

// XPToLevel is the experience at which e reaches its next level: XPPerLevel
// times the level, plus XPPerLevelStep for every level before it (rules 1:
// 1 000 a level; rules 2: each level asks more than the one before).
func (s *State) XPToLevel(e *Entity) int {
	r := &s.content.Rules
	return r.XPPerLevel*e.Level + r.XPPerLevelStep*e.Level*(e.Level-1)/2
}

// AtLevelCap reports whether e, the player, is at the rules' highest
// level (rules 3): experience gives nothing more.
func (s *State) AtLevelCap(e *Entity) bool {
	c := s.content.Rules.LevelCap
	return c > 0 && e != nil && e.Level >= c
}

// LevelUpPending reports whether the player has the experience for a new
// level and the game waits for the choice of attribute.
func (s *State) LevelUpPending() bool {
	p := s.Player()
	if p == nil || s.Over {
		return false
	}
	if c := s.content.Rules.LevelCap; c > 0 && p.Level >= c {
		return false // rules 3: the player's level is capped
	}
	return p.XP >= s.XPToLevel(p)
}

// playerHP is the player's max HP before worn bonuses.
func playerHP(r content.Rules, fitness, level int) int {
	return r.PlayerHPBase + (r.PlayerHPPerLevel+fitness)*level
}

// ScrollBonus is what e's Magic skill and Intelligence add to the scrolls
// e reads, under rules that give scrolls magic (ok false under others):
// damage, the Magic skill plus the Intelligence bonus; range, the
// Intelligence bonus when above 0.
func (s *State) ScrollBonus(e *Entity) (damage, reach int, ok bool) {
	if !s.content.Rules.Magic {
		return 0, 0, false
	}
	intel := Bonus(e.Attributes[events.Intelligence])
	return e.Skills[events.Magic] + intel, max(0, intel), true
}

// UseRange is how far e reaches with a consumable: its range, plus the
// range of ScrollBonus for a targeted one.
func (s *State) UseRange(e *Entity, u *content.Use) int {
	if _, reach, ok := s.ScrollBonus(e); ok && u.Target != content.Self {
		return u.Range + reach
	}
	return u.Range
}

// UseAmount is what a consumable does to its target in the hands of e:
// its amount, plus the damage of ScrollBonus for a damaging one (never
// below 1).
func (s *State) UseAmount(e *Entity, u *content.Use) int {
	if dmg, _, ok := s.ScrollBonus(e); ok && u.Effect == content.Harm {
		return max(1, u.Amount+dmg)
	}
	return u.Amount
}
