package events

// Attribute is one of the four attributes every actor has.
type Attribute uint8

// The attributes, in the order they are stored.
const (
	Might Attribute = iota
	Fitness
	Quickness
	Intelligence
	NumAttributes
)

var attributeNames = [NumAttributes]string{"Might", "Fitness", "Quickness", "Intelligence"}

func (a Attribute) String() string {
	if a >= NumAttributes {
		return "attribute?"
	}
	return attributeNames[a]
}

// ParseAttribute finds an attribute by its name.
func ParseAttribute(s string) (Attribute, bool) {
	for i, n := range attributeNames {
		if n == s {
			return Attribute(i), true
		}
	}
	return 0, false
}

// Skill is one of the three skills.
type Skill uint8

// The skills, in the order they are stored.
const (
	Melee Skill = iota
	Defense
	Magic
	NumSkills
)

var skillNames = [NumSkills]string{"Melee", "Defense", "Magic"}

func (s Skill) String() string {
	if s >= NumSkills {
		return "skill?"
	}
	return skillNames[s]
}

// ParseSkill finds a skill by its name.
func ParseSkill(s string) (Skill, bool) {
	for i, n := range skillNames {
		if n == s {
			return Skill(i), true
		}
	}
	return 0, false
}

// Slot is where a worn item sits. SlotNone means "not worn" (in a backpack,
// or on the floor).
type Slot uint8

// The equipment slots.
const (
	SlotNone Slot = iota
	MainHand
	OffHand
	Head
	Torso
	NumSlots
)

var slotNames = [NumSlots]string{"", "main hand", "off hand", "head", "torso"}

func (s Slot) String() string {
	if s >= NumSlots {
		return "slot?"
	}
	return slotNames[s]
}

// ParseSlot finds a slot by its name ("main hand", "off hand", "head", "torso").
func ParseSlot(s string) (Slot, bool) {
	for i := MainHand; i < NumSlots; i++ {
		if slotNames[i] == s {
			return i, true
		}
	}
	return SlotNone, false
}

// Hunger is the player's hunger state; each lasts until a turn set by the
// HungerChanged fact that started it.
type Hunger uint8

// The hunger states, from best to worst.
const (
	WellFed Hunger = iota
	Normal
	Hungry
	Starving
	NumHungers
)

var hungerNames = [NumHungers]string{"Well Fed", "Normal", "Hungry", "Starving"}

func (h Hunger) String() string {
	if h >= NumHungers {
		return "hunger?"
	}
	return hungerNames[h]
}

// Cause says why HP changed or why an actor died.
type Cause uint8

// Causes of damage, healing and death. Values are wire codes: never reuse one.
const (
	CauseNone         Cause = 0
	CauseMelee        Cause = 1 // a melee hit; Source is the attacker
	CauseStarvation   Cause = 2
	CauseMagicMissile Cause = 3 // Source is the reader of the scroll
	CauseFireball     Cause = 4
	CauseLightning    Cause = 5
	CausePotion       Cause = 6
	CauseRest         Cause = 7
	CauseWizard       Cause = 8 // wizard mode's rescue from death
	// Rules 3's monsters.
	CauseShot         Cause = 20 // a ranged attack; Source is the shooter
	CauseRegeneration Cause = 21
)

var causeNames = map[Cause]string{
	CauseNone: "none", CauseMelee: "melee", CauseStarvation: "starvation",
	CauseMagicMissile: "magic missile", CauseFireball: "fireball",
	CauseLightning: "lightning", CausePotion: "potion", CauseRest: "rest", CauseWizard: "wizard",
	CauseShot: "shot", CauseRegeneration: "regeneration",
}

func (c Cause) String() string {
	if n, ok := causeNames[c]; ok {
		return n
	}
	return "cause?"
}

// Valid reports whether c is a cause this version knows.
func (c Cause) Valid() bool { _, ok := causeNames[c]; return ok }

// ParseCause finds a cause by its name ("fireball").
func ParseCause(s string) (Cause, bool) {
	for c, n := range causeNames {
		if n == s && c != CauseNone {
			return c, true
		}
	}
	return CauseNone, false
}
