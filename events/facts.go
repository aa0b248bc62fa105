package events

// Fact is something the rules decided: past tense, immutable, complete.
// Every number chance decided is a field of a fact. The fold
// (reducer.Apply) reads only facts.
type Fact interface {
	// Code is the fact's stable wire code.
	Code() FactCode
	put(w *writer)
	get(r *reader)
}

// FactCode is a fact's wire code.
type FactCode uint8

// Fact wire codes. Never reuse or renumber one.
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
	Until int
}

// HungerChanged sets an actor's hunger state, which lasts until turn Until.
type HungerChanged struct {
	Actor  EntityID
	Hunger Hunger
	Until  int
}

// LostSight is a monster losing sight of the player, whom it could still
// see a moment ago at At (rules 2): it goes there and searches about
// until (not including) turn Until.
type LostSight struct {
	Actor EntityID
	At    Pos
	Until int
}

// SkillRaised adds By to one of an actor's skills (rules 2: a level-up
// raises every skill).
type SkillRaised struct {
	Actor EntityID
	Skill Skill
	By    int
}

func (LevelEntered) Code() FactCode  { return CodeLevelEntered }
func (LostSight) Code() FactCode     { return CodeLostSight }
func (SkillRaised) Code() FactCode   { return CodeSkillRaised }
func (Spawned) Code() FactCode       { return CodeSpawned }
func (Moved) Code() FactCode         { return CodeMoved }
func (Staggered) Code() FactCode     { return CodeStaggered }
func (Attacked) Code() FactCode      { return CodeAttacked }
func (Died) Code() FactCode          { return CodeDied }
func (GainedXP) Code() FactCode      { return CodeGainedXP }
func (LevelledUp) Code() FactCode    { return CodeLevelledUp }
func (PickedUp) Code() FactCode      { return CodePickedUp }
func (Dropped) Code() FactCode       { return CodeDropped }
func (Equipped) Code() FactCode      { return CodeEquipped }
func (Unequipped) Code() FactCode    { return CodeUnequipped }
func (Consumed) Code() FactCode      { return CodeConsumed }
func (Healed) Code() FactCode        { return CodeHealed }
func (Damaged) Code() FactCode       { return CodeDamaged }
func (Confused) Code() FactCode      { return CodeConfused }
func (HungerChanged) Code() FactCode { return CodeHungerChanged }

func (f LevelEntered) put(w *writer) {
	if len(f.Rooms) > MaxRooms || len(f.Corridors) > MaxRooms {
		w.fail("a level of %d rooms and %d corridors, more than the %d allowed", len(f.Rooms), len(f.Corridors), MaxRooms)
	}
	w.int(f.Depth)
	w.int(f.Width)
	w.int(f.Height)
	w.array(len(f.Rooms) * 4)
	for _, r := range f.Rooms {
		w.int(r.X)
		w.int(r.Y)
		w.int(r.W)
		w.int(r.H)
	}
	w.array(len(f.Corridors) * 5)
	for _, c := range f.Corridors {
		w.pos(c.From)
		w.pos(c.To)
		w.bool(c.HorizontalFirst)
	}
	w.pos(f.Stairs)
	w.pos(f.Arrival)
}

func (f *LevelEntered) get(r *reader) {
	f.Depth = r.int()
	f.Width = r.int()
	f.Height = r.int()
	n := r.arrayOf(4, MaxRooms)
	f.Rooms = make([]Rect, n)
	for i := range f.Rooms {
		f.Rooms[i] = Rect{r.int(), r.int(), r.int(), r.int()}
	}
	n = r.arrayOf(5, MaxRooms)
	f.Corridors = make([]Corridor, n)
	for i := range f.Corridors {
		f.Corridors[i] = Corridor{r.pos(), r.pos(), r.bool()}
	}
	f.Stairs = r.pos()
	f.Arrival = r.pos()
}

func (f Spawned) put(w *writer) {
	w.id(f.ID)
	w.int(f.Kind)
	w.pos(f.Pos)
	w.id(f.Holder)
	w.slot(f.Slot)
	w.int(f.HP)
}

func (f *Spawned) get(r *reader) {
	f.ID = r.id()
	f.Kind = r.int()
	f.Pos = r.pos()
	f.Holder = r.id()
	f.Slot = r.slot()
	f.HP = r.int()
}

func (f Moved) put(w *writer)  { w.id(f.Actor); w.dir(f.Dir) }
func (f *Moved) get(r *reader) { f.Actor = r.id(); f.Dir = r.dir() }

func (f Staggered) put(w *writer) { w.id(f.Actor); w.dir(f.Dir); w.bool(f.Blocked) }
func (f *Staggered) get(r *reader) {
	f.Actor = r.id()
	f.Dir = r.dir()
	f.Blocked = r.bool()
}

func (f Attacked) put(w *writer) {
	w.id(f.Attacker)
	w.id(f.Target)
	w.id(f.Weapon)
	w.int(f.Natural)
	w.int(f.Attack)
	w.int(f.ArmorClass)
	w.bool(f.Hit)
	w.int(f.Roll)
	w.int(f.Damage)
}

func (f *Attacked) get(r *reader) {
	f.Attacker = r.id()
	f.Target = r.id()
	f.Weapon = r.id()
	f.Natural = r.int()
	f.Attack = r.int()
	f.ArmorClass = r.int()
	f.Hit = r.bool()
	f.Roll = r.int()
	f.Damage = r.int()
}

func (f Died) put(w *writer) { w.id(f.Actor); w.cause(f.Cause); w.id(f.Killer) }
func (f *Died) get(r *reader) {
	f.Actor = r.id()
	f.Cause = r.cause()
	f.Killer = r.id()
}

func (f GainedXP) put(w *writer)  { w.id(f.Actor); w.int(f.Amount) }
func (f *GainedXP) get(r *reader) { f.Actor = r.id(); f.Amount = r.int() }

func (f LevelledUp) put(w *writer) {
	w.id(f.Actor)
	w.int(f.Level)
	w.attribute(f.Attribute)
	w.int(f.HP)
	w.int(f.Mana)
}

func (f *LevelledUp) get(r *reader) {
	f.Actor = r.id()
	f.Level = r.int()
	f.Attribute = r.attribute()
	f.HP = r.int()
	f.Mana = r.int()
}

func (f PickedUp) put(w *writer)  { w.id(f.Actor); w.id(f.Item) }
func (f *PickedUp) get(r *reader) { f.Actor = r.id(); f.Item = r.id() }

func (f Dropped) put(w *writer)  { w.id(f.Actor); w.id(f.Item) }
func (f *Dropped) get(r *reader) { f.Actor = r.id(); f.Item = r.id() }

func (f Equipped) put(w *writer) {
	w.id(f.Actor)
	w.id(f.Item)
	w.slot(f.Slot)
	w.id(f.Displaced)
}

func (f *Equipped) get(r *reader) {
	f.Actor = r.id()
	f.Item = r.id()
	f.Slot = r.slot()
	f.Displaced = r.id()
}

func (f Unequipped) put(w *writer)  { w.id(f.Actor); w.id(f.Item) }
func (f *Unequipped) get(r *reader) { f.Actor = r.id(); f.Item = r.id() }

func (f Consumed) put(w *writer)  { w.id(f.Actor); w.id(f.Item) }
func (f *Consumed) get(r *reader) { f.Actor = r.id(); f.Item = r.id() }

func (f Healed) put(w *writer) { w.id(f.Actor); w.int(f.Amount); w.cause(f.Cause) }
func (f *Healed) get(r *reader) {
	f.Actor = r.id()
	f.Amount = r.int()
	f.Cause = r.cause()
}

func (f Damaged) put(w *writer) {
	w.id(f.Actor)
	w.int(f.Amount)
	w.cause(f.Cause)
	w.id(f.Source)
}

func (f *Damaged) get(r *reader) {
	f.Actor = r.id()
	f.Amount = r.int()
	f.Cause = r.cause()
	f.Source = r.id()
}

func (f Confused) put(w *writer)  { w.id(f.Actor); w.int(f.Until) }
func (f *Confused) get(r *reader) { f.Actor = r.id(); f.Until = r.int() }

func (f HungerChanged) put(w *writer) {
	w.id(f.Actor)
	w.hunger(f.Hunger)
	w.int(f.Until)
}

func (f *HungerChanged) get(r *reader) {
	f.Actor = r.id()
	f.Hunger = r.hunger()
	f.Until = r.int()
}

func (f LostSight) put(w *writer) { w.id(f.Actor); w.pos(f.At); w.int(f.Until) }
func (f *LostSight) get(r *reader) {
	f.Actor = r.id()
	f.At = r.pos()
	f.Until = r.int()
}

func (f SkillRaised) put(w *writer) { w.id(f.Actor); w.skill(f.Skill); w.int(f.By) }
func (f *SkillRaised) get(r *reader) {
	f.Actor = r.id()
	f.Skill = r.skill()
	f.By = r.int()
}
