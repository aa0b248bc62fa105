package events

// Fact is something the rules decided: past tense, immutable, complete.
// Every number chance decided is a field of a fact. The fold
// (reducer.Apply) reads only facts.
//
// Only the types of this package are facts: each is declared with its
// code, and its codec generated (see the package comment).
type Fact interface {
	// Code is the fact's stable wire code.
	Code() FactCode
	fact()
}

// FactCode is a fact's wire code.
type FactCode uint8

// Fact wire codes. Never reuse or renumber one. CodeT is the code of
// the struct type T, whose fields in order are its wire layout; codes
// stay below 0x40, where format 3's and 4's shorthands begin.
const (
	CodeLevelEntered  FactCode = 1
	CodeSpawned       FactCode = 2
	CodeMoved         FactCode = 3
	CodeStaggered     FactCode = 4
	CodeAttacked      FactCode = 5
	CodeDied          FactCode = 6
	CodeGainedXP      FactCode = 7
	CodeLevelledUp    FactCode = 8
	CodePickedUp      FactCode = 9
	CodeDropped       FactCode = 10
	CodeEquipped      FactCode = 11
	CodeUnequipped    FactCode = 12
	CodeConsumed      FactCode = 13
	CodeHealed        FactCode = 14
	CodeDamaged       FactCode = 15
	CodeConfused      FactCode = 16
	CodeHungerChanged FactCode = 17
	// Rules 2 and later.
	CodeLostSight   FactCode = 18
	CodeSkillRaised FactCode = 19
)

// Corridor is an L-shaped passage between two tiles. It runs horizontally
// first (then vertically) when HorizontalFirst is set, else the other way.
type Corridor struct {
	From, To        Pos
	HorizontalFirst bool
}

// MaxDepth is the bottom of the dungeon: its stairs lead nowhere.
const MaxDepth = 1000

// LevelEntered is a whole new level: its size, rooms, corridors, stairs and
// where the player arrives. The tiles follow from the rooms and corridors
// (dungeon.Carve in reducer/dungeon), so a level costs a few hundred bytes, not thousands, and
// replay never runs the generator. Every entity not held by the player is
// gone; the level's own entities follow as Spawned facts.
//
// Its lists are written by hand (events/wire/level.go): each is one
// msgpack array of the lists' numbers, at most MaxRooms of each.
//
//wire:custom
type LevelEntered struct {
	// Depth is 1 for the first level, at most MaxDepth.
	Depth         int
	Width, Height int
	Rooms         []Rect
	Corridors     []Corridor
	Stairs        Pos
	Arrival       Pos
}

// Spawned creates entity ID of content kind Kind. On the map at Pos when
// Holder is 0; otherwise carried by Holder, worn in Slot unless SlotNone.
// HP is its starting hit points (0 for items).
type Spawned struct {
	ID     EntityID
	Kind   int
	Pos    Pos
	Holder EntityID
	Slot   Slot
	HP     int
}

// Moved is one step of an actor.
type Moved struct {
	Actor EntityID
	Dir   Dir
}

// Staggered is a confused actor's random step: Dir was drawn; Blocked says
// the way was shut (a wall or another actor) and the actor stayed put.
type Staggered struct {
	Actor   EntityID
	Dir     Dir
	Blocked bool
}

// Attacked is one melee swing with the d20 rule's numbers: the natural roll,
// the modified attack, the target's armor class, whether it hit, the damage
// dice roll and the damage dealt (already floored at 0).
type Attacked struct {
	Attacker, Target EntityID
	Weapon           EntityID // 0 when unarmed
	Natural          int
	Attack           int
	ArmorClass       int
	Hit              bool
	Roll             int
	Damage           int
}

// Died is the death of an actor. Killer is who dealt the last blow (0 for
// starvation); Cause how.
type Died struct {
	Actor  EntityID
	Cause  Cause
	Killer EntityID
}

// GainedXP adds experience.
type GainedXP struct {
	Actor  EntityID
	Amount int
}

// LevelledUp raises an actor's level by one and its chosen attribute by one;
// HP and Mana are the new (full) pools.
type LevelledUp struct {
	Actor     EntityID
	Level     int
	Attribute Attribute
	HP, Mana  int
}

// PickedUp moves an item from the floor into the actor's backpack.
type PickedUp struct{ Actor, Item EntityID }

// Dropped puts an item the actor held (worn or not) on the floor under it.
type Dropped struct{ Actor, Item EntityID }

// Equipped puts an item the actor holds into Slot. Displaced, if not 0, was
// in that slot and goes back into the backpack.
type Equipped struct {
	Actor, Item EntityID
	Slot        Slot
	Displaced   EntityID
}

// Unequipped takes a worn item off, into the backpack.
type Unequipped struct{ Actor, Item EntityID }

// Consumed is an item used up (drunk, read, eaten): it is gone.
type Consumed struct{ Actor, Item EntityID }

// Healed restores Amount hit points (already capped at max HP).
type Healed struct {
	Actor  EntityID
	Amount int
	Cause  Cause
}

// Damaged takes Amount hit points away for a reason other than a melee hit;
// Source is the actor responsible (0 for none, e.g. starvation).
type Damaged struct {
	Actor  EntityID
	Amount int
	Cause  Cause
	Source EntityID
}

// Confused leaves an actor confused until (not including) turn Until.
type Confused struct {
	Actor EntityID
	Until int `wire:"turn"`
}

// HungerChanged sets an actor's hunger state, which lasts until turn Until.
type HungerChanged struct {
	Actor  EntityID
	Hunger Hunger
	Until  int `wire:"turn"`
}

// LostSight is a monster losing sight of the player, whom it could still
// see a moment ago at At (rules 2): it goes there and searches about
// until (not including) turn Until.
type LostSight struct {
	Actor EntityID
	At    Pos
	Until int `wire:"turn"`
}

// SkillRaised adds By to one of an actor's skills (rules 2: a level-up
// raises every skill).
type SkillRaised struct {
	Actor EntityID
	Skill Skill
	By    int
}
