package events

// The commands and facts of rules 3's items: picking one item from a
// pile, using an item on another (a Scroll of Enchanting on what it
// enchants), a wand's charge and an item's enchantment. They are written
// in every format from 2 on by their full codes, as any command or fact
// without a shorthand is.

// Command wire codes of rules 3's items. Never reuse or renumber one.
const (
	CodePickUpItem CommandCode = 10
	CodeUseOn      CommandCode = 11
)

// Fact wire codes of rules 3's items. Never reuse or renumber one.
const (
	CodeZapped    FactCode = 30
	CodeEnchanted FactCode = 31
)

// PickUpItem takes the chosen item from the player's tile (rules 3: a
// pile asks which; PickUp takes the rules' choice, the lowest id).
type PickUpItem struct{ Item EntityID }

// UseOn uses Item on On, another item the player holds (rules 3: a
// Scroll of Enchanting on what it enchants).
type UseOn struct{ Item, On EntityID }

// Zapped is one charge of a wand spent by Actor, who holds it: the wand's
// charges (the HP of its Spawned fact) go down by one.
type Zapped struct{ Actor, Item EntityID }

// Enchanted adds By to the enchantment of Item, which Actor holds: a
// weapon's to its hit and damage, anything else worn to armor.
type Enchanted struct {
	Actor, Item EntityID
	By          int
}
