package events

// Command is a player intent: what the player asked for, never a key. The
// rules (reducer.Decide) turn a command into facts, or refuse it.
type Command interface {
	// Code is the command's stable wire code.
	Code() CommandCode
	put(w *writer)
	get(r *reader)
}

// CommandCode is a command's wire code.
type CommandCode uint8

// Command wire codes. Never reuse or renumber one.
const (
	CodeBegin           CommandCode = 1
	CodeMove            CommandCode = 2
	CodeWait            CommandCode = 3
	CodePickUp          CommandCode = 4
	CodeDrop            CommandCode = 5
	CodeUse             CommandCode = 6
	CodeRemove          CommandCode = 7
	CodeDescend         CommandCode = 8
	CodeChooseAttribute CommandCode = 9
)

// Begin starts a game: the first turn of every journal. Its facts create
// the first level, the player and the player's starting gear.
type Begin struct{}

// Move steps one tile; stepping into a hostile attacks it.
type Move struct{ Dir Dir }

// Wait passes a turn (and rests when nothing hostile is in view).
type Wait struct{}

// PickUp takes one item from the player's tile.
type PickUp struct{}

// Drop puts an item from the backpack (or worn) on the floor.
type Drop struct{ Item EntityID }

// Use uses an item: drink, read, eat, equip or take off. Ranged items carry
// their target tile; HasTarget is false for items that need none.
type Use struct {
	Item      EntityID
	HasTarget bool
	Target    Pos
}

// Remove takes off a worn item and puts it in the backpack.
type Remove struct{ Item EntityID }

// Descend takes the down stairs under the player.
type Descend struct{}

// ChooseAttribute answers a level-up: which attribute gains a point.
type ChooseAttribute struct{ Attribute Attribute }

func (Begin) Code() CommandCode           { return CodeBegin }
func (Move) Code() CommandCode            { return CodeMove }
func (Wait) Code() CommandCode            { return CodeWait }
func (PickUp) Code() CommandCode          { return CodePickUp }
func (Drop) Code() CommandCode            { return CodeDrop }
func (Use) Code() CommandCode             { return CodeUse }
func (Remove) Code() CommandCode          { return CodeRemove }
func (Descend) Code() CommandCode         { return CodeDescend }
func (ChooseAttribute) Code() CommandCode { return CodeChooseAttribute }

func (Begin) put(*writer)  {}
func (*Begin) get(*reader) {}

func (c Move) put(w *writer)  { w.dir(c.Dir) }
func (c *Move) get(r *reader) { c.Dir = r.dir() }

func (Wait) put(*writer)  {}
func (*Wait) get(*reader) {}

func (PickUp) put(*writer)  {}
func (*PickUp) get(*reader) {}

func (c Drop) put(w *writer)  { w.id(c.Item) }
func (c *Drop) get(r *reader) { c.Item = r.id() }

// Use is written in format 1 as [code, item] without a target and [code,
// item, x, y] with one (the decoder tells them apart by the array length);
// in format 2 as code, item, has target, then x, y if it has one.
func (c Use) put(w *writer) {
	w.id(c.Item)
	if w.flat {
		w.bool(c.HasTarget)
	}
	if c.HasTarget {
		w.pos(c.Target)
	}
}
func (c *Use) get(r *reader) {
	c.Item = r.id()
	if r.flat && r.bool() || !r.flat && r.more() {
		c.HasTarget = true
		c.Target = r.pos()
	}
}

func (c Remove) put(w *writer)  { w.id(c.Item) }
func (c *Remove) get(r *reader) { c.Item = r.id() }

func (Descend) put(*writer)  {}
func (*Descend) get(*reader) {}

func (c ChooseAttribute) put(w *writer)  { w.attribute(c.Attribute) }
func (c *ChooseAttribute) get(r *reader) { c.Attribute = r.attribute() }
