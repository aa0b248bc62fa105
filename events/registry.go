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

// NewFact returns a new zero fact of code c, or nil if c is no fact.
func NewFact(c FactCode) Fact {
	if e := factTable[c]; e != nil {
		return e.make()
	}
	return nil
}

// NewCommand returns a new zero command of code c, or nil if c is no
// command.
func NewCommand(c CommandCode) Command {
	if e := commandTable[c]; e != nil {
		return e.make()
	}
	return nil
}
