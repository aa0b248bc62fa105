package reducer

import (
	"fmt"
	"strings"

	"rogue/events"
	"rogue/reducer/content"
)

// Message is the log line for a fact, in the words of the game. s must be
// the state just before f is applied (so the names of the dead and the
// consumed are still known). Facts that say nothing worth a line (a step,
// a spawn) give "".
//
// Messages are derived from facts, never stored in a journal: rewording
// one changes every replay's log and no journal.
func Message(s *State, f events.Fact) string {
	name := func(id events.EntityID) string { return s.Name(id) }
	the := func(id events.EntityID) string {
		if id == events.PlayerID {
			return "you"
		}
		return "the " + name(id)
	}
	The := func(id events.EntityID) string { return capitalize(the(id)) }
	verb := func(id events.EntityID, you, other string) string {
		if id == events.PlayerID {
			return you
		}
		return other
	}
	switch f := f.(type) {
	case *events.LevelEntered:
		r := &s.content.Rules
		if g := r.GoalItem; g != nil && !s.Wizard {
			// Rules 3: the goal.
			switch f.Depth {
			case 1:
				return fmt.Sprintf("The %s lies on depth %d: go down (>) and find it.", g.Name, r.GoalDepth)
			case r.GoalDepth:
				return fmt.Sprintf("You descend to depth %d. The %s lies somewhere on this level.", f.Depth, g.Name)
			}
		}
		if f.Depth == 1 {
			return "You enter the dungeon. Find the stairs down (>) and go deeper."
		}
		return fmt.Sprintf("You descend to depth %d.", f.Depth)
	case *events.Staggered:
		if f.Blocked {
			return fmt.Sprintf("%s stumbles about in confusion.", The(f.Actor))
		}
		return ""
	case *events.Attacked:
		switch {
		case f.Natural == 1:
			return fmt.Sprintf("%s %s and miss%s wildly (natural 1).", The(f.Attacker),
				verb(f.Attacker, "fumble", "fumbles"), verb(f.Attacker, "", "es"))
		case !f.Hit:
			return fmt.Sprintf("%s %s %s %s.", The(f.Attacker),
				verb(f.Attacker, "miss", "misses"), the(f.Target), against(f))
		case f.Damage <= 0:
			return fmt.Sprintf("%s %s %s %s but do%s no harm.", The(f.Attacker),
				verb(f.Attacker, "hit", "hits"), the(f.Target), against(f), verb(f.Attacker, "", "es"))
		default:
			crit := ""
			if f.Natural == 20 {
				crit = " A natural 20!"
				if s.content.Rules.CriticalRolls > 1 {
					crit = " A critical hit!"
				}
			}
			return fmt.Sprintf("%s %s %s for %d %s.%s", The(f.Attacker),
				verb(f.Attacker, "hit", "hits"), the(f.Target), f.Damage, against(f), crit)
		}
	case *events.Died:
		if f.Actor == events.PlayerID {
			switch f.Cause {
			case events.CauseStarvation:
				return "You starve to death."
			case events.CauseMelee:
				return fmt.Sprintf("You are slain by the %s.", name(f.Killer))
			case events.CauseShot:
				return fmt.Sprintf("You are killed from afar by the %s.", name(f.Killer))
			default:
				return fmt.Sprintf("You are killed by your own %s.", f.Cause)
			}
		}
		return fmt.Sprintf("%s dies.", The(f.Actor))
	case *events.GainedXP:
		return fmt.Sprintf("You gain %d experience.", f.Amount)
	case *events.LevelledUp:
		return fmt.Sprintf("You reach level %d; your %s grows.", f.Level, f.Attribute)
	case *events.PickedUp:
		return fmt.Sprintf("%s %s up the %s.", The(f.Actor), verb(f.Actor, "pick", "picks"), name(f.Item))
	case *events.Dropped:
		return fmt.Sprintf("%s %s the %s.", The(f.Actor), verb(f.Actor, "drop", "drops"), name(f.Item))
	case *events.Equipped:
		msg := fmt.Sprintf("%s %s the %s (%s).", The(f.Actor), verb(f.Actor, "equip", "equips"), name(f.Item), f.Slot)
		if f.Displaced != 0 {
			msg = fmt.Sprintf("%s %s the %s back in the pack. %s", The(f.Actor),
				verb(f.Actor, "put", "puts"), name(f.Displaced), msg)
		}
		return msg
	case *events.Unequipped:
		return fmt.Sprintf("%s %s off the %s.", The(f.Actor), verb(f.Actor, "take", "takes"), name(f.Item))
	case *events.Zapped:
		return zapMessage(s, f)
	case *events.Enchanted:
		return enchantMessage(s, f)
	case *events.Won:
		return wonMessage(s, f)
	case *events.Consumed:
		it := s.Get(f.Item)
		if it != nil {
			if def := s.content.Item(it.Kind); def != nil && def.Use != nil {
				if def.Use.Charges.N > 0 {
					return fmt.Sprintf("Your %s crumbles to dust: its charges are spent.", def.Name)
				}
				switch def.Use.Effect {
				case content.Heal:
					return fmt.Sprintf("You drink the %s.", def.Name)
				case content.Feed:
					return fmt.Sprintf("You eat the %s.", def.Name)
				}
			}
		}
		return fmt.Sprintf("You read the %s; it crumbles to dust.", name(f.Item))
	case *events.Healed:
		switch f.Cause {
		case events.CauseRest:
			return ""
		case events.CauseWizard:
			return "Death reaches for you, and wizard mode slaps its hand away."
		case events.CauseRegeneration:
			if f.Actor == events.PlayerID {
				return "" // an Amulet of Regeneration's hit point, as quiet as rest's
			}
			if e := s.Get(f.Actor); e == nil || !s.CanSee(e.Pos) {
				return "" // out of sight: the player does not see it heal
			}
			return fmt.Sprintf("%s's wounds close (+%d).", The(f.Actor), f.Amount)
		}
		return fmt.Sprintf("%s %s %d hit points.", The(f.Actor), verb(f.Actor, "recover", "recovers"), f.Amount)
	case *events.Damaged:
		switch f.Cause {
		case events.CauseStarvation:
			return fmt.Sprintf("Hunger gnaws at you: %d damage.", f.Amount)
		case events.CauseFireball:
			return fmt.Sprintf("The fireball burns %s for %d.", the(f.Actor), f.Amount)
		case events.CauseLightning:
			return fmt.Sprintf("Lightning strikes %s for %d.", the(f.Actor), f.Amount)
		case events.CauseMagicMissile:
			return fmt.Sprintf("A magic missile hits %s for %d.", the(f.Actor), f.Amount)
		case events.CauseStriking:
			return fmt.Sprintf("A bolt of force strikes %s for %d.", the(f.Actor), f.Amount)
		}
		return fmt.Sprintf("%s %s %d damage.", The(f.Actor), verb(f.Actor, "take", "takes"), f.Amount)
	case *events.Confused:
		return fmt.Sprintf("%s looks dazed and confused.", The(f.Actor))
	default:
		return behaviourMessage(s, f, the, The)
	case *events.SkillRaised:
		if a := s.Get(f.Actor); a != nil && f.Skill < events.NumSkills {
			return fmt.Sprintf("%s %s skill rises to %d.", capitalize(verb(f.Actor, "your", "its")), f.Skill, a.Skills[f.Skill]+f.By)
		}
	case *events.HungerChanged:
		switch f.Hunger {
		case events.WellFed:
			if s.Player() == nil || s.Turn == 0 {
				return ""
			}
			return "You feel well fed."
		case events.Normal:
			return "You are no longer well fed."
		case events.Hungry:
			return "You are hungry."
		case events.Starving:
			return "You are starving!"
		}
	}
	return ""
}

// TurnNote is a line the log adds after a whole turn, about what did not
// happen when the player might expect it to: under rules 2, waiting while
// Hungry or Starving says why no HP came back. s is the state after the
// turn; "" when there is nothing to say.
func TurnNote(s *State, t *events.Turn) string {
	if s.RulesVersion() == 1 || s.Over || t.Command == nil || t.Command.Code() != events.CodeWait || s.Hunger < events.Hungry {
		return ""
	}
	p := s.Player()
	if p == nil || p.HP >= s.MaxHP(p) {
		return ""
	}
	for _, f := range t.Facts {
		if h, ok := f.(*events.Healed); ok && h.Actor == events.PlayerID {
			return ""
		}
	}
	if s.Hunger == events.Starving {
		return "You are starving: resting heals nothing. Eat something!"
	}
	return "You are too hungry to heal by resting. Eat something."
}

// lowHPNote is the warning the log gives when a turn leaves the player,
// alive, at a third of their most hit points or fewer, having had more
// before it (hpBefore, from playerHP): a newcomer fighting on at 9 of 30
// hit points seldom noticed the bar shrink. It says what would help of
// what the player has: a potion that heals, food when too hungry to heal
// by resting, or rest. "" when there is nothing to say.
func lowHPNote(s *State, hpBefore int) string {
	p := s.Player()
	if p == nil || s.Over || p.HP >= hpBefore {
		return ""
	}
	most := s.MaxHP(p)
	if p.HP*3 > most || hpBefore*3 <= most {
		return ""
	}
	var heal, food string
	for _, it := range s.Backpack(events.PlayerID) {
		if c := s.content.Item(it.Kind); c != nil && c.Use != nil {
			switch {
			case c.Use.Effect == content.Heal && heal == "":
				heal = "drink the " + c.Name + " (i)"
			case c.Use.Effect == content.Feed && food == "":
				food = "eat the " + c.Name + " (i)"
			}
		}
	}
	var help []string
	if heal != "" {
		help = append(help, heal)
	}
	switch {
	case s.Hunger < events.Hungry:
		help = append(help, "get away and rest (Z)")
	case food != "":
		help = append(help, food+" so that rest heals")
	}
	note := fmt.Sprintf("Low HP: %d of %d left.", max(p.HP, 0), most)
	if len(help) > 0 {
		advice := strings.Join(help, ", or ")
		note += " " + strings.ToUpper(advice[:1]) + advice[1:] + "."
	}
	return note
}

// playerHP is the player's hit points, or 0 before there is a player.
func (s *State) playerHP() int {
	if p := s.Player(); p != nil {
		return p.HP
	}
	return 0
}

// appendNote appends note to log unless it is "".
func appendNote(log []string, note string) []string {
	if note == "" {
		return log
	}
	return append(log, note)
}

// against is an attack's roll as the log shows it: "(15 against armor
// 12)". An attack total below zero (a poor roll with penalties) is shown
// as 0: it misses all the same, and the log shows no negative numbers.
func against(f *events.Attacked) string {
	return fmt.Sprintf("(%d against armor %d)", max(0, f.Attack), max(0, f.ArmorClass))
}

// teller turns a turn's facts into its log lines, told in the order the
// player sees things happen: a dying monster first drops what it holds
// (the facts say so, so that its death finds its hands empty), but the
// log says "The Orc dies." before "The Orc drops the Dagger.".
type teller struct {
	s     *State
	lines []string
	// drops are the lines of items dropped by actor dropper, held back
	// until its death (or the end of the turn) is told.
	dropper events.EntityID
	drops   []string
}

// fact tells f; call it with the state just before f is applied.
func (t *teller) fact(f events.Fact) {
	msg := Message(t.s, f)
	if d, ok := f.(*events.Dropped); ok && d.Actor != events.PlayerID {
		if a := t.s.Get(d.Actor); a != nil && a.HP <= 0 {
			if t.dropper != d.Actor {
				t.flush()
			}
			t.dropper = d.Actor
			if msg != "" {
				t.drops = append(t.drops, msg)
			}
			return
		}
	}
	died, isDeath := f.(*events.Died)
	if !isDeath || died.Actor != t.dropper {
		t.flush()
	}
	if msg != "" {
		t.lines = append(t.lines, msg)
	}
	if isDeath {
		t.flush()
	}
}

// flush tells the drops held back.
func (t *teller) flush() {
	t.lines = append(t.lines, t.drops...)
	t.drops, t.dropper = nil, 0
}

// done is the turn's lines.
func (t *teller) done() []string {
	t.flush()
	return t.lines
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// DeathCause says how the player died, in words: "slain by a Goblin",
// "starved to death", "killed by your own fireball".
//
// A game won (rules 3) says so instead: "won, holding the Amulet of the
// Deep".
func DeathCause(s *State) string {
	if s.Won {
		return "won, holding the " + s.Name(s.Goal)
	}
	d := s.Death
	switch d.Cause {
	case events.CauseStarvation:
		return "starved to death"
	case events.CauseMelee, events.CauseShot:
		name := "something"
		if e := s.Get(d.Killer); e != nil {
			name = Article(s.content.Name(e.Kind))
		}
		if d.Cause == events.CauseShot {
			return "killed from afar by " + name
		}
		return "slain by " + name
	}
	if d.Killer == events.PlayerID {
		return "killed by your own " + d.Cause.String()
	}
	return "killed by " + Article(d.Cause.String())
}

// Article puts "a" or "an" before a name: "a pair of" before a plural
// (Gauntlets, Leather Boots), "a suit of" before armour, a mass noun
// (Chain Mail, Leather Armor).
func Article(name string) string {
	if name == "" {
		return "something"
	}
	last := name[strings.LastIndexByte(name, ' ')+1:]
	switch {
	case last == "Mail" || last == "Armor":
		return "a suit of " + name
	case strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss"):
		return "a pair of " + name
	}
	if strings.ContainsRune("AEIOUaeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
