package events

import "fmt"

// Each command and fact type is registered once with its wire code and its
// wire name. The wire name is what dump, JSON export and error messages
// print; like the code, it never follows a Go type rename.
type commandEntry struct {
	name string
	make func() Command
}

type factEntry struct {
	name string
	make func() Fact
}

var (
	commandTable [256]*commandEntry
	factTable    [256]*factEntry
)

func registerCommand(code CommandCode, name string, mk func() Command) {
	if commandTable[code] != nil {
		panic(fmt.Sprintf("events: command code %d registered twice (%s and %s)", code, commandTable[code].name, name))
	}
	if got := mk().Code(); got != code {
		panic(fmt.Sprintf("events: command %s registered under code %d but reports %d", name, code, got))
	}
	commandTable[code] = &commandEntry{name, mk}
}

func registerFact(code FactCode, name string, mk func() Fact) {
	if factTable[code] != nil {
		panic(fmt.Sprintf("events: fact code %d registered twice (%s and %s)", code, factTable[code].name, name))
	}
	if got := mk().Code(); got != code {
		panic(fmt.Sprintf("events: fact %s registered under code %d but reports %d", name, code, got))
	}
	factTable[code] = &factEntry{name, mk}
}

func init() {
	registerCommand(CodeBegin, "Begin", func() Command { return &Begin{} })
	registerCommand(CodeMove, "Move", func() Command { return &Move{} })
	registerCommand(CodeWait, "Wait", func() Command { return &Wait{} })
	registerCommand(CodePickUp, "PickUp", func() Command { return &PickUp{} })
	registerCommand(CodeDrop, "Drop", func() Command { return &Drop{} })
	registerCommand(CodeUse, "Use", func() Command { return &Use{} })
	registerCommand(CodeRemove, "Remove", func() Command { return &Remove{} })
	registerCommand(CodeDescend, "Descend", func() Command { return &Descend{} })
	registerCommand(CodeChooseAttribute, "ChooseAttribute", func() Command { return &ChooseAttribute{} })

	registerFact(CodeLevelEntered, "LevelEntered", func() Fact { return &LevelEntered{} })
	registerFact(CodeSpawned, "Spawned", func() Fact { return &Spawned{} })
	registerFact(CodeMoved, "Moved", func() Fact { return &Moved{} })
	registerFact(CodeStaggered, "Staggered", func() Fact { return &Staggered{} })
	registerFact(CodeAttacked, "Attacked", func() Fact { return &Attacked{} })
	registerFact(CodeDied, "Died", func() Fact { return &Died{} })
	registerFact(CodeGainedXP, "GainedXP", func() Fact { return &GainedXP{} })
	registerFact(CodeLevelledUp, "LevelledUp", func() Fact { return &LevelledUp{} })
	registerFact(CodePickedUp, "PickedUp", func() Fact { return &PickedUp{} })
	registerFact(CodeDropped, "Dropped", func() Fact { return &Dropped{} })
	registerFact(CodeEquipped, "Equipped", func() Fact { return &Equipped{} })
	registerFact(CodeUnequipped, "Unequipped", func() Fact { return &Unequipped{} })
	registerFact(CodeConsumed, "Consumed", func() Fact { return &Consumed{} })
	registerFact(CodeHealed, "Healed", func() Fact { return &Healed{} })
	registerFact(CodeDamaged, "Damaged", func() Fact { return &Damaged{} })
	registerFact(CodeConfused, "Confused", func() Fact { return &Confused{} })
	registerFact(CodeHungerChanged, "HungerChanged", func() Fact { return &HungerChanged{} })
	registerFact(CodeLostSight, "LostSight", func() Fact { return &LostSight{} })
	registerFact(CodeSkillRaised, "SkillRaised", func() Fact { return &SkillRaised{} })
	registerFact(CodeShot, "Shot", func() Fact { return &Shot{} })
	registerFact(CodeMoodChanged, "MoodChanged", func() Fact { return &MoodChanged{} })
	registerFact(CodeStole, "Stole", func() Fact { return &Stole{} })
	registerFact(CodeSummoned, "Summoned", func() Fact { return &Summoned{} })
	registerFact(CodeWon, "Won", func() Fact { return &Won{} })
}

// CommandName is the wire name of a command code ("Move"), or "" if unknown.
func CommandName(c CommandCode) string {
	if e := commandTable[c]; e != nil {
		return e.name
	}
	return ""
}

// FactName is the wire name of a fact code ("Attacked"), or "" if unknown.
func FactName(c FactCode) string {
	if e := factTable[c]; e != nil {
		return e.name
	}
	return ""
}

// FactCodes lists every registered fact code in increasing order.
func FactCodes() []FactCode {
	var out []FactCode
	for c, e := range factTable {
		if e != nil {
			out = append(out, FactCode(c))
		}
	}
	return out
}

// CommandCodes lists every registered command code in increasing order.
func CommandCodes() []CommandCode {
	var out []CommandCode
	for c, e := range commandTable {
		if e != nil {
			out = append(out, CommandCode(c))
		}
	}
	return out
}
