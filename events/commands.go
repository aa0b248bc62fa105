package events

// Command is a player intent: what the player asked for, never a key. The
// rules (reducer.Decide) turn a command into facts, or refuse it.
//
// Only the types of this package are commands, declared as facts are.
type Command interface {
	// Code is the command's stable wire code.
	Code() CommandCode
	command()
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
// their target tile; HasTarget is false for items that need none. Its
// fields are written by hand (events/wire/use.go): format 1 writes no
// HasTarget and leaves the target out when there is none.
//
//wire:custom
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
