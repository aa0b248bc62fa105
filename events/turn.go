package events

// Turn is one journal record: the command the player gave, how many random
// numbers the rules drew deciding it, and the facts they decided.
type Turn struct {
	Command Command
	Draws   uint64
	Facts   []Fact
}
