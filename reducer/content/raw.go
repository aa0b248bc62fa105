package content

import (
	"fmt"
	"unicode/utf8"

	"rogue/events"
)

// The raw* types are the JSON shapes; build checks them and fills in the
// defaults of the rules (attributes 11, skills 1, level 1).

type rawMonster struct {
	Code       int            `json:"code"`
	Name       string         `json:"name"`
	Glyph      string         `json:"glyph"`
	Color      string         `json:"color"`
	Look       string         `json:"look"`
	Player     bool           `json:"player"`
	Level      int            `json:"level"`
	Attributes map[string]int `json:"attributes"`
	Skills     map[string]int `json:"skills"`
	Wears      []string       `json:"wears"`
	Carries    []string       `json:"carries"`
	Damage     string         `json:"damage"`
	Behaves    *rawBehaves    `json:"behaves"`
}

type rawBehaves struct {
	Fast        bool   `json:"fast"`
	Slow        bool   `json:"slow"`
	Pack        int    `json:"pack"`
	Flees       bool   `json:"flees"`
	Regenerates int    `json:"regenerates"`
	Steals      bool   `json:"steals"`
	Sleeps      bool   `json:"sleeps"`
	Summons     string `json:"summons"`
	Ranged      *struct {
		Damage string `json:"damage"`
		Range  int    `json:"range"`
		Verb   string `json:"verb"`
	} `json:"ranged"`
}

// build checks what a monster does; summons names a kind before it in
// the table (or itself).
func (r *rawBehaves) build(t *Tables, self *Monster) (Behaves, error) {
	if r == nil {
		return Behaves{}, nil
	}
	b := Behaves{Fast: r.Fast, Slow: r.Slow, Pack: r.Pack, Flees: r.Flees, Regenerates: r.Regenerates, Steals: r.Steals, Sleeps: r.Sleeps}
	switch {
	case r.Fast && r.Slow:
		return b, fmt.Errorf("field behaves: fast and slow at once")
	case r.Pack < 0 || r.Pack > 6:
		return b, fmt.Errorf("field behaves.pack: %d is not in 0..6", r.Pack)
	case r.Regenerates < 0 || r.Regenerates > 20:
		return b, fmt.Errorf("field behaves.regenerates: %d is not in 0..20", r.Regenerates)
	}
	if r.Summons != "" {
		if r.Summons == self.Name {
			b.Summons = self
		} else {
			code, _ := t.ByName(r.Summons)
			if b.Summons = t.Monster(code); b.Summons == nil || b.Summons.Player {
				return b, fmt.Errorf("field behaves.summons: no monster before it is named %q", r.Summons)
			}
		}
	}
	if g := r.Ranged; g != nil {
		d, err := ParseDice(g.Damage)
		if err != nil {
			return b, fmt.Errorf("field behaves.ranged.damage: %w", err)
		}
		if g.Range < 2 || g.Range > 10 {
			return b, fmt.Errorf("field behaves.ranged.range: %d is not in 2..10", g.Range)
		}
		if g.Verb == "" {
			return b, fmt.Errorf("field behaves.ranged.verb: missing")
		}
		b.Ranged = &Ranged{Damage: d, Range: g.Range, Verb: g.Verb}
	}
	return b, nil
}

func glyph(s string) (rune, error) {
	r, size := utf8.DecodeRuneInString(s)
	if s == "" || size != len(s) || r < ' ' {
		return 0, fmt.Errorf("field glyph: %q is not one printable character", s)
	}
	return r, nil
}

// colorAndLook checks a color's name ("" for none) and a look description.
func colorAndLook(color, look string) (Color, error) {
	if len([]rune(look)) > MaxLook {
		return NoColor, fmt.Errorf("field look: %d characters, more than %d", len([]rune(look)), MaxLook)
	}
	if color == "" {
		return NoColor, nil
	}
	c, ok := ParseColor(color)
	if !ok {
		return NoColor, fmt.Errorf("field color: unknown color %q", color)
	}
	return c, nil
}

func (r rawMonster) build(t *Tables) (*Monster, error) {
	m := &Monster{Code: r.Code, Name: r.Name, Player: r.Player, Level: r.Level, Look: r.Look}
	var err error
	if m.Glyph, err = glyph(r.Glyph); err != nil {
		return nil, err
	}
	if m.Color, err = colorAndLook(r.Color, r.Look); err != nil {
		return nil, err
	}
	if m.Level == 0 {
		m.Level = 1
	}
	if r.Damage != "" {
		if m.Damage, err = ParseDice(r.Damage); err != nil {
			return nil, fmt.Errorf("field damage: %w", err)
		}
	}
	if m.Behaves, err = r.Behaves.build(t, m); err != nil {
		return nil, err
	}
	if m.Level < 1 || m.Level > 100 {
		return nil, fmt.Errorf("field level: %d is not in 1..100", r.Level)
	}
	for a := range m.Attributes {
		m.Attributes[a] = 11
	}
	// Sorted iteration is not needed for the result, but the first error
	// reported must not depend on map order: check names in table order.
	for a := events.Attribute(0); a < events.NumAttributes; a++ {
		if v, ok := r.Attributes[a.String()]; ok {
			if v < 1 || v > 99 {
				return nil, fmt.Errorf("field attributes.%s: %d is not in 1..99", a, v)
			}
			m.Attributes[a] = v
		}
	}
	if bad := unknownKey(r.Attributes, func(k string) bool { _, ok := events.ParseAttribute(k); return ok }); bad != "" {
		return nil, fmt.Errorf("field attributes: unknown attribute %q", bad)
	}
	for s := range m.Skills {
		m.Skills[s] = 1
	}
	for s := events.Skill(0); s < events.NumSkills; s++ {
		if v, ok := r.Skills[s.String()]; ok {
			if v < -20 || v > 20 {
				return nil, fmt.Errorf("field skills.%s: %d is not in -20..20", s, v)
			}
			m.Skills[s] = v
		}
	}
	if bad := unknownKey(r.Skills, func(k string) bool { _, ok := events.ParseSkill(k); return ok }); bad != "" {
		return nil, fmt.Errorf("field skills: unknown skill %q", bad)
	}
	var used [events.NumSlots]bool
	for i, name := range r.Wears {
		code, ok := t.ByName(name)
		it := t.Item(code)
		if !ok || it == nil {
			return nil, fmt.Errorf("field wears[%d]: no item is named %q", i, name)
		}
		if it.Equip == nil {
			return nil, fmt.Errorf("field wears[%d]: %s cannot be worn", i, name)
		}
		if used[it.Equip.Slot] {
			return nil, fmt.Errorf("field wears[%d]: the %s slot is taken already", i, it.Equip.Slot)
		}
		used[it.Equip.Slot] = true
		m.Wears = append(m.Wears, it)
	}
	if len(r.Carries) > 26 {
		return nil, fmt.Errorf("field carries: %d items, more than a backpack holds", len(r.Carries))
	}
	for i, name := range r.Carries {
		code, ok := t.ByName(name)
		it := t.Item(code)
		if !ok || it == nil {
			return nil, fmt.Errorf("field carries[%d]: no item is named %q", i, name)
		}
		m.Carries = append(m.Carries, it)
	}
	return m, nil
}

// unknownKey returns the smallest key of m that known refuses, or "".
func unknownKey(m map[string]int, known func(string) bool) string {
	bad := ""
	for k := range m {
		if !known(k) && (bad == "" || k < bad) {
			bad = k
		}
	}
	return bad
}

type rawUse struct {
	Effect  string `json:"effect"`
	Target  string `json:"target"`
	Range   int    `json:"range"`
	Radius  int    `json:"radius"`
	Amount  int    `json:"amount"`
	Turns   int    `json:"turns"`
	Cause   string `json:"cause"`
	Charges string `json:"charges"`
}

type rawEquip struct {
	Slot      string `json:"slot"`
	Attribute string `json:"attribute"`
	Damage    string `json:"damage"`
	Hit       int    `json:"hit"`
	DamageMod int    `json:"damageBonus"`
	Armor     int    `json:"armor"`
	MaxHP     int    `json:"maxHP"`
	Regen     int    `json:"regen"`
}

type rawItem struct {
	Code  int       `json:"code"`
	Name  string    `json:"name"`
	Glyph string    `json:"glyph"`
	Color string    `json:"color"`
	Look  string    `json:"look"`
	Use   *rawUse   `json:"use"`
	Equip *rawEquip `json:"equip"`
	Goal  bool      `json:"goal"`
}

var effects = map[string]Effect{"heal": Heal, "feed": Feed, "damage": Harm, "confuse": Confuse, "enchant": Enchant}

var targetings = map[string]Targeting{"": Self, "self": Self, "actor": Actor, "tile": Area, "nearest": Nearest, "item": Held}

func (r rawItem) build() (*Item, error) {
	it := &Item{Code: r.Code, Name: r.Name, Look: r.Look}
	var err error
	if it.Glyph, err = glyph(r.Glyph); err != nil {
		return nil, err
	}
	if it.Color, err = colorAndLook(r.Color, r.Look); err != nil {
		return nil, err
	}
	it.Goal = r.Goal
	if r.Goal && (r.Use != nil || r.Equip != nil) {
		return nil, fmt.Errorf("field goal: the goal is neither used nor worn")
	}
	if !r.Goal && (r.Use == nil) == (r.Equip == nil) {
		return nil, fmt.Errorf("fields use and equip: an item has exactly one of them")
	}
	if u := r.Use; u != nil {
		e, ok := effects[u.Effect]
		if !ok {
			return nil, fmt.Errorf("field use.effect: unknown effect %q", u.Effect)
		}
		tg, ok := targetings[u.Target]
		if !ok {
			return nil, fmt.Errorf("field use.target: unknown target %q", u.Target)
		}
		it.Use = &Use{Effect: e, Target: tg, Range: u.Range, Radius: u.Radius, Amount: u.Amount, Turns: u.Turns}
		if u.Cause != "" {
			c, ok := events.ParseCause(u.Cause)
			if !ok {
				return nil, fmt.Errorf("field use.cause: unknown cause %q", u.Cause)
			}
			it.Use.Cause = c
		}
		switch {
		case u.Range < 0 || u.Range > 20:
			return nil, fmt.Errorf("field use.range: %d is not in 0..20", u.Range)
		case u.Radius < 0 || u.Radius > 10:
			return nil, fmt.Errorf("field use.radius: %d is not in 0..10", u.Radius)
		case u.Amount < 0 || u.Amount > 1000:
			return nil, fmt.Errorf("field use.amount: %d is not in 0..1000", u.Amount)
		case u.Turns < 0 || u.Turns > 1000:
			return nil, fmt.Errorf("field use.turns: %d is not in 0..1000", u.Turns)
		case tg != Self && tg != Held && u.Range == 0:
			return nil, fmt.Errorf("field use.range: a targeted item needs a range")
		case tg == Area && u.Radius == 0:
			return nil, fmt.Errorf("field use.radius: an area item needs a radius")
		case (e == Heal || e == Harm) && u.Amount == 0:
			return nil, fmt.Errorf("field use.amount: a %s item needs an amount", u.Effect)
		case (e == Feed || e == Confuse) && u.Turns == 0:
			return nil, fmt.Errorf("field use.turns: a %s item needs a number of turns", u.Effect)
		case e == Harm && u.Cause == "":
			return nil, fmt.Errorf("field use.cause: a damage item needs a cause")
		case (e == Confuse || e == Harm) && tg == Self:
			return nil, fmt.Errorf("field use.target: a %s item needs a target", u.Effect)
		case (e == Enchant) != (tg == Held):
			return nil, fmt.Errorf("field use.target: an enchant item, and only one, targets an item held")
		case e == Enchant && u.Amount == 0:
			return nil, fmt.Errorf("field use.amount: an enchant item needs an amount")
		}
		if u.Charges != "" {
			c, err := ParseDice(u.Charges)
			if err != nil {
				return nil, fmt.Errorf("field use.charges: %w", err)
			}
			if tg == Self || tg == Held {
				return nil, fmt.Errorf("field use.charges: a wand needs a target")
			}
			it.Use.Charges = c
		}
	}
	if q := r.Equip; q != nil {
		slot, ok := events.ParseSlot(q.Slot)
		if !ok {
			return nil, fmt.Errorf("field equip.slot: unknown slot %q", q.Slot)
		}
		eq := &Equip{Slot: slot, Hit: q.Hit, DamageMod: q.DamageMod, Armor: q.Armor, MaxHP: q.MaxHP, Attribute: events.Might}
		if q.Attribute != "" {
			a, ok := events.ParseAttribute(q.Attribute)
			if !ok {
				return nil, fmt.Errorf("field equip.attribute: unknown attribute %q", q.Attribute)
			}
			eq.Attribute = a
		}
		if q.Damage != "" {
			d, err := ParseDice(q.Damage)
			if err != nil {
				return nil, fmt.Errorf("field equip.damage: %w", err)
			}
			eq.Damage = d
		}
		if q.Armor < 0 || q.Armor > 20 {
			return nil, fmt.Errorf("field equip.armor: %d is not in 0..20", q.Armor)
		}
		if q.Regen < 0 || q.Regen > 1000 {
			return nil, fmt.Errorf("field equip.regen: %d is not in 0..1000", q.Regen)
		}
		eq.Regen = q.Regen
		if q.Hit < -20 || q.Hit > 20 || q.DamageMod < -20 || q.DamageMod > 20 || q.MaxHP < -100 || q.MaxHP > 100 {
			return nil, fmt.Errorf("field equip: hit, damageBonus or maxHP out of range")
		}
		if slot == events.MainHand && q.Damage == "" {
			return nil, fmt.Errorf("field equip.damage: a main hand item needs damage dice")
		}
		it.Equip = eq
	}
	return it, nil
}

type rawSpawn struct {
	Name      string `json:"name"`
	Weight    int    `json:"weight"`
	PerDepth  int    `json:"perDepth"`
	FromDepth int    `json:"fromDepth"`
	ToDepth   int    `json:"toDepth"`
}

type rawRules struct {
	Vision   int `json:"vision"`
	Backpack int `json:"backpack"`
	Hunger   struct {
		WellFed        int `json:"wellFed"`
		Normal         int `json:"normal"`
		Hungry         int `json:"hungry"`
		StarvingDamage int `json:"starvingDamage"`
	} `json:"hunger"`
	XPPerLevel        int    `json:"xpPerLevel"`
	XPPerLevelStep    int    `json:"xpPerLevelStep"`
	XPPerMonsterLevel int    `json:"xpPerMonsterLevel"`
	UnarmedDamage     string `json:"unarmedDamage"`
	WellFedHitBonus   int    `json:"wellFedHitBonus"`
	RestHeal          int    `json:"restHeal"`
	Spawns            struct {
		Die    int `json:"die"`
		Offset int `json:"offset"`
	} `json:"spawns"`
	Level struct {
		Width  int `json:"width"`
		Height int `json:"height"`
	} `json:"level"`
	PlayerHP struct {
		Base     int `json:"base"`
		PerLevel int `json:"perLevel"`
	} `json:"playerHP"`
	LevelUpSkills map[string]int `json:"levelUpSkills"`
	CriticalRolls int            `json:"criticalRolls"`
	SearchTurns   int            `json:"searchTurns"`
	Magic         bool           `json:"magic"`
	Mana          bool           `json:"mana"`
	ChoosePickUp  bool           `json:"choosePickUp"`
	// Rules 3.
	Behaviours        bool `json:"behaviours"`
	LevelCap          int  `json:"levelCap"`
	SpawnDepthDivisor int  `json:"spawnDepthDivisor"`
	MaxMonsters       int  `json:"maxMonsters"`
	PathNodes         int  `json:"pathNodes"`
	OutOfDepth        struct {
		Chance int `json:"chance"`
		By     int `json:"by"`
	} `json:"outOfDepth"`
	WakeChance int `json:"wakeChance"`
	Goal       struct {
		Item  string `json:"item"`
		Depth int    `json:"depth"`
		Guard string `json:"guard"`
	} `json:"goal"`
}

func (r rawRules) build() (Rules, error) {
	d, err := ParseDice(r.UnarmedDamage)
	if err != nil {
		return Rules{}, fmt.Errorf("field unarmedDamage: %w", err)
	}
	out := Rules{
		Vision: r.Vision, Backpack: r.Backpack,
		WellFedTurns: r.Hunger.WellFed, NormalTurns: r.Hunger.Normal, HungryTurns: r.Hunger.Hungry,
		StarvingDamage: r.Hunger.StarvingDamage, XPPerLevel: r.XPPerLevel, XPPerLevelStep: r.XPPerLevelStep, XPPerMonsterLevel: r.XPPerMonsterLevel,
		UnarmedDamage: d, WellFedHitBonus: r.WellFedHitBonus, RestHeal: r.RestHeal,
		SpawnDie: r.Spawns.Die, SpawnOffset: r.Spawns.Offset, Width: r.Level.Width, Height: r.Level.Height,
		PlayerHPBase: r.PlayerHP.Base, PlayerHPPerLevel: r.PlayerHP.PerLevel,
		CriticalRolls: r.CriticalRolls, SearchTurns: r.SearchTurns,
		Magic: r.Magic, Mana: r.Mana, ChoosePickUp: r.ChoosePickUp,
		Behaviours: r.Behaviours, LevelCap: r.LevelCap, SpawnDepthDivisor: r.SpawnDepthDivisor, MaxMonsters: r.MaxMonsters,
		PathNodes: r.PathNodes, OutOfDepth: r.OutOfDepth.Chance, OutOfDepthBy: r.OutOfDepth.By,
		WakeChance: r.WakeChance, GoalDepth: r.Goal.Depth,
	}
	checks := []struct {
		field     string
		v, lo, hi int
	}{
		{"vision", out.Vision, 1, 30},
		{"backpack", out.Backpack, 1, 26},
		{"hunger.wellFed", out.WellFedTurns, 1, 100000},
		{"hunger.normal", out.NormalTurns, 1, 100000},
		{"hunger.hungry", out.HungryTurns, 1, 100000},
		{"hunger.starvingDamage", out.StarvingDamage, 0, 100},
		{"xpPerLevel", out.XPPerLevel, 1, 1000000},
		{"xpPerMonsterLevel", out.XPPerMonsterLevel, 0, 1000000},
		{"xpPerLevelStep", out.XPPerLevelStep, 0, 1000000},
		{"restHeal", out.RestHeal, 0, 100},
		{"spawns.die", out.SpawnDie, 1, 100},
		{"level.width", out.Width, 20, 255},
		{"level.height", out.Height, 20, 255},
		{"playerHP.base", out.PlayerHPBase, 0, 1000},
		{"playerHP.perLevel", out.PlayerHPPerLevel, 1, 1000},
		{"criticalRolls", out.CriticalRolls, 1, 5},
		{"searchTurns", out.SearchTurns, 0, 100},
		{"levelCap", out.LevelCap, 0, 100},
		{"spawnDepthDivisor", out.SpawnDepthDivisor, 0, 100},
		{"maxMonsters", out.MaxMonsters, 0, 10000},
		{"pathNodes", out.PathNodes, 0, 100000},
		{"outOfDepth.chance", out.OutOfDepth, 0, 100},
		{"outOfDepth.by", out.OutOfDepthBy, 0, 100},
		{"wakeChance", out.WakeChance, 0, 100},
		{"goal.depth", out.GoalDepth, 0, 999},
	}
	for _, c := range checks {
		if c.v < c.lo || c.v > c.hi {
			return Rules{}, fmt.Errorf("field %s: %d is not in %d..%d", c.field, c.v, c.lo, c.hi)
		}
	}
	for k := events.Skill(0); k < events.NumSkills; k++ {
		if v := r.LevelUpSkills[k.String()]; v < 0 || v > 10 {
			return Rules{}, fmt.Errorf("field levelUpSkills.%s: %d is not in 0..10", k, v)
		} else {
			out.LevelUpSkills[k] = v
		}
	}
	if bad := unknownKey(r.LevelUpSkills, func(k string) bool { _, ok := events.ParseSkill(k); return ok }); bad != "" {
		return Rules{}, fmt.Errorf("field levelUpSkills: unknown skill %q", bad)
	}
	return out, nil
}
