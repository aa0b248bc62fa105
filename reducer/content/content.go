// Package content holds the game's data tables (monsters, items, the spawn
// table and the numbers of the rules), written as JSON (data/rulesN/ for
// rules version N) and validated when loaded; the tables of every rules
// version are compiled into the program as Go (tables.go, which go
// generate writes from the JSON), so that a start decodes nothing.
// Changing a number here changes the game without changing code;
// changing one also changes what re-simulation decides, so it goes with a
// new events.RulesVersion.
//
// Every monster and item has a numeric code, which journals store: a code
// is never reused or renumbered, while names may be reworded.
package content

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"rogue/events"
)

//go:generate go test -run ^TestTheCompiledTablesAreWhatTheJSONSays$ -update-tables

// Dice is NdS: N dice of S sides.
type Dice struct{ N, Sides int }

func (d Dice) String() string { return fmt.Sprintf("%dd%d", d.N, d.Sides) }

// ParseDice reads "1d6".
func ParseDice(s string) (Dice, error) {
	n, sides, ok := strings.Cut(s, "d")
	if !ok {
		return Dice{}, fmt.Errorf("%q is not dice like 1d6", s)
	}
	a, err1 := strconv.Atoi(n)
	b, err2 := strconv.Atoi(sides)
	if err1 != nil || err2 != nil || a < 1 || a > 20 || b < 1 || b > 100 {
		return Dice{}, fmt.Errorf("%q is not dice like 1d6 (1 to 20 dice of 1 to 100 sides)", s)
	}
	return Dice{a, b}, nil
}

// Color is the color a monster or item is drawn in (rules 3 and later;
// NoColor leaves it to the view).
type Color uint8

// The colors the tables may name.
const (
	NoColor Color = iota
	Red
	Green
	Yellow
	Blue
	Magenta
	Cyan
	White
	Gray
	Brown
)

var colorNames = [...]string{"", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "gray", "brown"}

func (c Color) String() string {
	if int(c) < len(colorNames) {
		return colorNames[c]
	}
	return "?"
}

// ParseColor reads a color's name ("red").
func ParseColor(s string) (Color, bool) {
	for i, n := range colorNames {
		if n == s && n != "" {
			return Color(i), true
		}
	}
	return NoColor, false
}

// MaxLook is the longest a look description may be: one line of the
// narrowest screen.
const MaxLook = 80

// Monster is a kind of actor, the player's kind included.
type Monster struct {
	Code       int
	Name       string
	Glyph      rune
	Color      Color  // NoColor: the view's choice
	Look       string // what look (x) says of it; "" for none
	Player     bool
	Level      int
	Attributes [events.NumAttributes]int
	Skills     [events.NumSkills]int
	Wears      []*Item
	Carries    []*Item // in the backpack from the start

	// Rules 3's monsters.
	Damage Dice // its own attack's dice when it wields nothing; zero: the rules' unarmed
	Behaves
}

// Behaves is what a monster kind does beyond walking up and hitting
// (rules 3); the zero value is nothing more.
type Behaves struct {
	Fast        bool // acts twice a turn
	Slow        bool // acts on even turns only
	Pack        int  // spawns with up to this many more of its kind
	Flees       bool // flees at a third of its HP, heals, comes back
	Regenerates int  // heals this many HP each turn it acts
	Steals      bool // a hit steals an item from the backpack, then flees
	Sleeps      bool // spawns asleep; wakes when it notices the player
	Summons     *Monster
	Ranged      *Ranged
}

// Any reports whether the kind does anything beyond walking up and hitting.
func (b Behaves) Any() bool {
	return b.Fast || b.Slow || b.Pack > 0 || b.Flees || b.Regenerates > 0 || b.Steals || b.Sleeps || b.Summons != nil || b.Ranged != nil
}

// Ranged is a monster's attack from afar: its dice and reach.
type Ranged struct {
	Damage Dice
	Range  int
	Verb   string // "shoots", "spits at"
}

// Effect is what using a consumable does.
type Effect uint8

// The effects of consumables.
const (
	NoEffect Effect = iota
	Heal
	Feed
	Harm
	Confuse
	// Enchant raises the enchantment of an item the user holds (rules 3).
	Enchant
)

// Targeting says how a consumable picks what it affects.
type Targeting uint8

// The ways of targeting.
const (
	Self    Targeting = iota // no target: the user
	Actor                    // a chosen tile holding an actor
	Area                     // a chosen tile; everything within Radius
	Nearest                  // the nearest visible hostile within Range
	Held                     // an item the user holds, chosen (rules 3)
)

// Use describes a consumable.
type Use struct {
	Effect Effect
	Target Targeting
	Range  int
	Radius int
	Amount int
	Turns  int
	Cause  events.Cause // what damage it deals is called
	// Charges, when not zero, makes it a wand (rules 3): it is not used
	// up but spends a charge, and it spawns with Charges rolled.
	Charges Dice
}

// Equip describes an item that can be worn.
type Equip struct {
	Slot      events.Slot
	Attribute events.Attribute // the attribute a weapon hits with
	Damage    Dice             // zero for armor
	Hit       int
	DamageMod int
	Armor     int
	MaxHP     int
	// Regen, when not zero, heals the wearer a hit point every Regen
	// turns (rules 3).
	Regen int
}

// Item is a kind of item.
type Item struct {
	Code  int
	Name  string
	Glyph rune
	Color Color  // NoColor: the view's choice
	Look  string // what look (x) says of it; "" for none
	Use   *Use
	Equip *Equip
	// Goal is the item whose pick-up wins the game (rules 3).
	Goal bool
}

// SpawnEntry is one line of the weighted spawn table: at depth d its
// weight is Weight + PerDepth*d, or 0 above when d < FromDepth.
type SpawnEntry struct {
	Name      string
	Code      int
	Weight    int
	PerDepth  int
	FromDepth int
	ToDepth   int // 0: no end
}

// WeightAt is the entry's weight at a depth (entries at 0 or less are left
// out of the draw).
func (e SpawnEntry) WeightAt(depth int) int {
	if depth < e.FromDepth || e.ToDepth > 0 && depth > e.ToDepth {
		return 0
	}
	return max(0, e.Weight+e.PerDepth*depth)
}

// Rules are the numbers of the rules that are not about one monster or item.
type Rules struct {
	Vision            int
	Backpack          int
	WellFedTurns      int
	NormalTurns       int
	HungryTurns       int
	StarvingDamage    int
	XPPerLevel        int
	XPPerLevelStep    int
	XPPerMonsterLevel int
	UnarmedDamage     Dice
	WellFedHitBonus   int
	RestHeal          int
	SpawnDie          int
	SpawnOffset       int
	Width, Height     int

	// The player's max HP is PlayerHPBase + (PlayerHPPerLevel + Fitness
	// bonus) * level.
	PlayerHPBase, PlayerHPPerLevel int
	// LevelUpSkills is added to each skill at a level-up.
	LevelUpSkills [events.NumSkills]int
	// CriticalRolls is how often a natural 20 rolls the damage dice.
	CriticalRolls int
	// SearchTurns is how long a monster that lost sight of the player
	// searches where it last saw it, once there; 0: it forgets at once.
	SearchTurns int
	// Magic: a scroll's damage adds the reader's Magic skill and
	// Intelligence bonus, and its range the Intelligence bonus (if above 0).
	Magic bool
	// Mana: the game keeps and shows a mana pool.
	Mana bool
	// ChoosePickUp: picking up from a pile may name the item
	// (events.PickUpItem, rules 3).
	ChoosePickUp bool

	// Rules 3 (all zero before).
	// Behaviours: monsters act as their kind's Behaves says.
	Behaviours bool
	// LevelCap is the player's highest level (0: none).
	LevelCap int
	// SpawnDepthDivisor divides depth-1 in the count of a room's spawns
	// (0 or 1: depth-1 itself).
	SpawnDepthDivisor int
	// MaxMonsters caps the monsters on a level (0: none).
	MaxMonsters int
	// PathNodes bounds a monster's path search (0: the rules' old 1 000).
	PathNodes int
	// OutOfDepth is the chance in 100 that a spawn is drawn OutOfDepthBy
	// deeper.
	OutOfDepth, OutOfDepthBy int
	// WakeChance is the chance in 100 a turn that a sleeping monster in
	// the player's sight wakes.
	WakeChance int
	// GoalDepth is where the goal lies (0: no goal), GoalItem what it is.
	GoalDepth int
	GoalItem  *Item
	// GoalGuard is the monster that guards the goal, in its room (nil
	// for none).
	GoalGuard *Monster
}

// GoalOn is the goal that lies on depth, nil for none: a game has it on
// GoalDepth, and its stairs down are sealed until it is held; a wizard's
// game, which cannot be won, has none.
func (r *Rules) GoalOn(depth int, wizard bool) *Item {
	if r.GoalItem == nil || depth != r.GoalDepth || wizard {
		return nil
	}
	return r.GoalItem
}

// Tables is the whole content of the game under one rules version.
type Tables struct {
	// Version is the rules version the tables are of (the embedded
	// data/rulesN/ tables of ForRules), 0 for tables loaded with Load.
	Version  int
	Monsters []*Monster
	Items    []*Item
	Spawns   []SpawnEntry
	Rules    Rules
	Player   *Monster

	// regenerates is whether an item has Equip.Regen (see Regenerates).
	regenerates bool
	// slots are the slots some item is worn in, in order (see Slots).
	slots []events.Slot

	byCode map[int]any
	// The monsters and items of codes below smallCodes, by code: the fold
	// asks for them on nearly every fact.
	monsterAt [smallCodes]*Monster
	itemAt    [smallCodes]*Item
}

const smallCodes = 256

// Slots are the slots the tables' items are worn in, in order: the four
// of rules 1 and 2, and rules 3's ring, neck, hands, feet and cloak.
func (t *Tables) Slots() []events.Slot { return t.slots }

// Regenerates reports whether some item heals its wearer (Equip.Regen):
// the rules look at what the player wears each turn only then.
func (t *Tables) Regenerates() bool { return t.regenerates }

// Monster returns the monster of a code, or nil.
func (t *Tables) Monster(code int) *Monster {
	if uint(code) < smallCodes {
		return t.monsterAt[code]
	}
	m, _ := t.byCode[code].(*Monster)
	return m
}

// Item returns the item of a code, or nil.
func (t *Tables) Item(code int) *Item {
	if uint(code) < smallCodes {
		return t.itemAt[code]
	}
	i, _ := t.byCode[code].(*Item)
	return i
}

// Name is the name of whatever has the code, or "something".
func (t *Tables) Name(code int) string {
	switch v := t.byCode[code].(type) {
	case *Monster:
		return v.Name
	case *Item:
		return v.Name
	}
	return "something"
}

// Glyph is the map character of whatever has the code.
func (t *Tables) Glyph(code int) rune {
	switch v := t.byCode[code].(type) {
	case *Monster:
		return v.Glyph
	case *Item:
		return v.Glyph
	}
	return '?'
}

// ColorOf is the color of whatever has the code (NoColor when the
// tables leave it to the view).
func (t *Tables) ColorOf(code int) Color {
	switch v := t.byCode[code].(type) {
	case *Monster:
		return v.Color
	case *Item:
		return v.Color
	}
	return NoColor
}

// LookOf is the look description of whatever has the code, or "".
func (t *Tables) LookOf(code int) string {
	switch v := t.byCode[code].(type) {
	case *Monster:
		return v.Look
	case *Item:
		return v.Look
	}
	return ""
}

// ByName finds a monster or item code by name.
func (t *Tables) ByName(name string) (int, bool) {
	for _, m := range t.Monsters {
		if m.Name == name {
			return m.Code, true
		}
	}
	for _, i := range t.Items {
		if i.Name == name {
			return i.Code, true
		}
	}
	return 0, false
}

// Default is the embedded content of the newest rules, events.RulesVersion:
// the rules new games are played by.
func Default() *Tables { return compiled[len(compiled)-1] }

// ForRules is the embedded content of rules version v (data/rulesV/), or
// an error naming the versions this program has.
func ForRules(v int) (*Tables, error) {
	if v < 1 || v > len(compiled) {
		return nil, fmt.Errorf("rules version %d is not one this program has (1 to %d)", v, len(compiled))
	}
	return compiled[v-1], nil
}

// Load reads and validates data/monsters.json, data/items.json,
// data/spawns.json and data/rules.json from fsys, as tables of no released
// rules version (Version 0). Errors name the file, the entry and the field.
func Load(fsys fs.FS) (*Tables, error) { return load(fsys, "data", 0) }

// load reads the tables in dir of fsys as rules version v.
func load(fsys fs.FS, dir string, v int) (*Tables, error) {
	t := &Tables{Version: v, byCode: map[int]any{}}
	file := func(name string) string { return dir + "/" + name }
	var rawItems []rawItem
	if err := readJSON(fsys, file("items.json"), &rawItems); err != nil {
		return nil, err
	}
	names := map[string]string{}
	for i, r := range rawItems {
		it, err := r.build()
		if err != nil {
			return nil, fmt.Errorf("%s: entry %d (%s): %w", file("items.json"), i, r.Name, err)
		}
		if err := t.claim(it.Code, it.Name, it, names); err != nil {
			return nil, fmt.Errorf("%s: entry %d (%s): %w", file("items.json"), i, r.Name, err)
		}
		t.Items = append(t.Items, it)
		t.regenerates = t.regenerates || it.Equip != nil && it.Equip.Regen > 0
	}
	t.slots = wornSlots(t.Items)
	var rawMonsters []rawMonster
	if err := readJSON(fsys, file("monsters.json"), &rawMonsters); err != nil {
		return nil, err
	}
	for i, r := range rawMonsters {
		m, err := r.build(t)
		if err != nil {
			return nil, fmt.Errorf("%s: entry %d (%s): %w", file("monsters.json"), i, r.Name, err)
		}
		if err := t.claim(m.Code, m.Name, m, names); err != nil {
			return nil, fmt.Errorf("%s: entry %d (%s): %w", file("monsters.json"), i, r.Name, err)
		}
		if m.Player {
			if t.Player != nil {
				return nil, fmt.Errorf("%s: entry %d (%s): field player: %s is the player already", file("monsters.json"), i, r.Name, t.Player.Name)
			}
			t.Player = m
		}
		t.Monsters = append(t.Monsters, m)
	}
	if t.Player == nil {
		return nil, fmt.Errorf("%s: no entry has \"player\": true", file("monsters.json"))
	}
	var rawSpawns []rawSpawn
	if err := readJSON(fsys, file("spawns.json"), &rawSpawns); err != nil {
		return nil, err
	}
	for i, r := range rawSpawns {
		code, ok := t.ByName(r.Name)
		if !ok {
			return nil, fmt.Errorf("%s: entry %d (%s): field name: no monster or item has that name", file("spawns.json"), i, r.Name)
		}
		if t.Monster(code) != nil && t.Monster(code).Player {
			return nil, fmt.Errorf("%s: entry %d (%s): field name: the player cannot be spawned", file("spawns.json"), i, r.Name)
		}
		if it := t.Item(code); it != nil && it.Goal {
			return nil, fmt.Errorf("%s: entry %d (%s): field name: the goal is placed by the rules, not spawned", file("spawns.json"), i, r.Name)
		}
		t.Spawns = append(t.Spawns, SpawnEntry{Name: r.Name, Code: code, Weight: r.Weight, PerDepth: r.PerDepth, FromDepth: r.FromDepth, ToDepth: r.ToDepth})
	}
	var rr rawRules
	if err := readJSON(fsys, file("rules.json"), &rr); err != nil {
		return nil, err
	}
	rules, err := rr.build()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file("rules.json"), err)
	}
	if rr.Goal.Item != "" {
		code, _ := t.ByName(rr.Goal.Item)
		if rules.GoalItem = t.Item(code); rules.GoalItem == nil || !rules.GoalItem.Goal {
			return nil, fmt.Errorf("%s: field goal.item: no item named %q is a goal", file("rules.json"), rr.Goal.Item)
		}
		if rules.GoalDepth < 1 {
			return nil, fmt.Errorf("%s: field goal.depth: a goal needs a depth", file("rules.json"))
		}
	}
	if rr.Goal.Guard != "" {
		code, _ := t.ByName(rr.Goal.Guard)
		if rules.GoalGuard = t.Monster(code); rules.GoalGuard == nil || rules.GoalGuard.Player || rules.GoalItem == nil {
			return nil, fmt.Errorf("%s: field goal.guard: no monster named %q guards a goal", file("rules.json"), rr.Goal.Guard)
		}
	}
	t.Rules = rules
	return t, nil
}

// index fills what the tables keep to answer by code, as loading them
// does: for compiled tables, whose entries are checked when they are
// generated (see tables.go).
func (t *Tables) index() {
	t.byCode = map[int]any{}
	for _, it := range t.Items {
		t.byCode[it.Code] = it
		if it.Code < smallCodes {
			t.itemAt[it.Code] = it
		}
		t.regenerates = t.regenerates || it.Equip != nil && it.Equip.Regen > 0
	}
	for _, m := range t.Monsters {
		t.byCode[m.Code] = m
		if m.Code < smallCodes {
			t.monsterAt[m.Code] = m
		}
	}
	t.slots = wornSlots(t.Items)
}

// wornSlots are the slots some of items is worn in, in order.
func wornSlots(items []*Item) []events.Slot {
	var slots []events.Slot
	for slot := events.MainHand; slot < events.NumSlots; slot++ {
		for _, it := range items {
			if it.Equip != nil && it.Equip.Slot == slot {
				slots = append(slots, slot)
				break
			}
		}
	}
	return slots
}

func (t *Tables) claim(code int, name string, v any, names map[string]string) error {
	if code <= 0 || code > 65535 {
		return fmt.Errorf("field code: %d is not in 1..65535", code)
	}
	if old, ok := t.byCode[code]; ok {
		return fmt.Errorf("field code: %d is taken by %s", code, nameOf(old))
	}
	if name == "" {
		return fmt.Errorf("field name: missing")
	}
	if _, ok := names[name]; ok {
		return fmt.Errorf("field name: %q is used twice", name)
	}
	names[name] = name
	t.byCode[code] = v
	if code < smallCodes {
		switch v := v.(type) {
		case *Monster:
			t.monsterAt[code] = v
		case *Item:
			t.itemAt[code] = v
		}
	}
	return nil
}

func nameOf(v any) string {
	switch v := v.(type) {
	case *Monster:
		return v.Name
	case *Item:
		return v.Name
	}
	return "?"
}

func readJSON(fsys fs.FS, name string, v any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
