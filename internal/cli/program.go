package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Command is one of a program's commands: its name, what it does in a
// line, how it is called, an example, and the function that runs it.
type Command struct {
	Name     string
	Summary  string   // one line, for the list of commands
	Synopsis []string // how it is called, without the program's name
	Examples []string // command lines a person might type, without the program's name
	Notes    []string // lines that say more, after the summary (none for most commands)
	// Run runs the command. It parses its flags (NewFlags, Parse) before
	// anything else, so that -h, and the help command, print its help and
	// do nothing more.
	Run func(args []string, stdout, stderr io.Writer) error
}

// Program is a command line made of commands.
type Program struct {
	Name     string    // what a person types first, "rogue"
	Title    string    // the first line of the list of commands
	Default  string    // the command run when the first argument is not one
	Commands []Command // in the order the list of commands shows them
	Notes    []string  // the lines after the list of commands
	// ValueNames names the values of flags, whatever the command: a flag
	// left out is named after its type (N for a number, FILE for a
	// string), or after a word in backquotes in its usage, as the flag
	// package does.
	// A name in backquotes in a flag's usage (Go's flag convention) wins
	// over it, for the one command whose flag of that name takes another
	// value.
	ValueNames map[string]string
	// Aliases are first arguments that stand for a command, as
	// "--version" stands for "version": what people type first.
	Aliases map[string]string
}

// Run runs the command args name (the default one when args do not
// start with one) and returns the exit code: 0 done, 2 a command line
// that cannot be run, else the code of the command's error.
func (p *Program) Run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && isHelp(args[0]) {
		return p.runHelp(args[1:], stdout, stderr)
	}
	if len(args) > 0 {
		if name, ok := p.Aliases[args[0]]; ok {
			args = append([]string{name}, args[1:]...)
		}
	}
	name := p.Default
	if len(args) > 0 && !isFlag(args[0]) {
		name, args = args[0], args[1:]
	} else if err := p.defaultTakes(args); err != "" {
		// No command was named: a flag the default command does not
		// know belongs to no command, and is rogue's usage error, not
		// the default command's.
		fmt.Fprintf(stderr, "%s: %s\n", p.Name, err)
		return 2
	}
	c := p.lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "%s: unknown command %q (%s help lists the commands)\n", p.Name, name, p.Name)
		return 2
	}
	return p.exec(c, args, stdout, stderr)
}

// exec runs c with args and turns what it returns into an exit code: a
// request for help prints c's help on stdout (exit 0), an error prints
// one line on stderr.
func (p *Program) exec(c *Command, args []string, stdout, stderr io.Writer) int {
	err := c.Run(args, stdout, stderr)
	var ee interface {
		error
		ExitCode() int
	}
	var he *helpRequest
	switch {
	case err == nil:
		return 0
	case errors.As(err, &he):
		p.help(stdout, c, he.fs)
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ee):
		if ee.Error() != "" { // "": the command printed its own line (Said)
			fmt.Fprintf(stderr, "%s %s: %s\n", p.Name, c.Name, ee.Error())
		}
		return ee.ExitCode()
	default:
		fmt.Fprintf(stderr, "%s %s: %v\n", p.Name, c.Name, err)
		return 1
	}
}

// lookup returns the command called name, or nil.
func (p *Program) lookup(name string) *Command {
	for _, c := range p.Commands {
		if c.Name == name {
			return &c
		}
	}
	return nil
}

// defaultTakes says why the default command cannot take args, flags
// given without a command, or "" if it can (or fails otherwise, which
// the command says itself). A flag the default command does not define
// is one of no command, or of another one: either way the usage line
// is the program's.
func (p *Program) defaultTakes(args []string) string {
	if len(args) == 0 {
		return ""
	}
	c := p.lookup(p.Default)
	if c == nil {
		return ""
	}
	fs := p.flagsOf(c)
	if fs == nil {
		return ""
	}
	_, err := Parse(fs, args)
	var uf *unknownFlag
	if !errors.As(err, &uf) {
		return ""
	}
	var owners []string
	for _, o := range p.Commands {
		if o.Name == c.Name {
			continue
		}
		if ofs := p.flagsOf(&o); ofs != nil && ofs.Lookup(strings.TrimLeft(uf.name, "-")) != nil {
			owners = append(owners, o.Name)
		}
	}
	if len(owners) > 0 {
		return fmt.Sprintf("%s is a flag of %s, not of %s (usage: %s [COMMAND] [flags] [FILE]; %s help %s lists its flags)",
			uf.name, strings.Join(owners, " and "), c.Name, p.Name, p.Name, owners[0])
	}
	return fmt.Sprintf("flag provided but not defined: %s (usage: %s [COMMAND] [flags] [FILE]; %s help lists the commands)",
		uf.name, p.Name, p.Name)
}

// flagsOf is c's flag set, as c's help lists it, or nil: a command
// parses its flags before anything else, and -h makes it return them
// and do nothing more.
func (p *Program) flagsOf(c *Command) *flag.FlagSet {
	var he *helpRequest
	if err := c.Run([]string{"-h"}, io.Discard, io.Discard); errors.As(err, &he) {
		return he.fs
	}
	return nil
}
