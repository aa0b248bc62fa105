package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// helpRequest is what Parse returns for -h or --help: Program.Run prints
// the command's help on the standard output and exits 0. It unwraps to
// flag.ErrHelp.
type helpRequest struct{ fs *flag.FlagSet }

func (h *helpRequest) Error() string { return flag.ErrHelp.Error() }
func (h *helpRequest) Unwrap() error { return flag.ErrHelp }

// isHelp reports whether arg asks for help as the program's first argument.
func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// runHelp is PROGRAM help [COMMAND] (and PROGRAM -h, --help): the list of
// commands, or one command's help.
func (p *Program) runHelp(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0 || len(args) == 1 && isHelp(args[0]):
		p.usage(stdout)
		return 0
	case len(args) > 1:
		fmt.Fprintf(stderr, "%s help: one command at a time, got %d arguments\n", p.Name, len(args))
		return 2
	}
	c := p.lookup(args[0])
	if c == nil {
		fmt.Fprintf(stderr, "%s help: unknown command %q (%s help lists the commands)\n", p.Name, args[0], p.Name)
		return 2
	}
	// A command parses its flags first: -h makes it return its flags for
	// the help and do nothing else.
	return p.exec(c, []string{"-h"}, stdout, stderr)
}

// usage lists the commands.
func (p *Program) usage(w io.Writer) {
	fmt.Fprintln(w, p.Title)
	fmt.Fprintln(w)
	fmt.Fprintf(w, "usage: %s [COMMAND] [flags] [FILE]\n", p.Name)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	width := 0
	for _, c := range p.Commands {
		width = max(width, len(c.Name))
	}
	for _, c := range p.Commands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.Name, c.Summary)
	}
	fmt.Fprintln(w)
	for _, line := range p.Notes {
		fmt.Fprintln(w, line)
	}
}

// help prints c's help: its synopsis, what it does, examples, and the
// flags of fs.
func (p *Program) help(w io.Writer, c *Command, fs *flag.FlagSet) {
	for i, s := range c.Synopsis {
		lead := "usage: "
		if i > 0 {
			lead = "       "
		}
		fmt.Fprintf(w, "%s%s %s\n", lead, p.Name, s)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%s%s.\n", strings.ToUpper(c.Summary[:1]), c.Summary[1:])
	if len(c.Notes) > 0 {
		fmt.Fprintln(w)
		for _, line := range c.Notes {
			fmt.Fprintln(w, line)
		}
	}
	if len(c.Examples) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "examples:")
		for _, e := range c.Examples {
			fmt.Fprintf(w, "  %s %s\n", p.Name, e)
		}
	}
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "flags:")
	fs.VisitAll(func(f *flag.Flag) { p.printFlag(w, f) })
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Flags may come before or after the file, with one dash or two.")
}

// printFlag prints one flag as Go's tools do, its usage on the next line.
// A default is shown when it says something: not a zero value, not a
// negative number standing for "not given", not when the usage already
// says what happens by default.
func (p *Program) printFlag(w io.Writer, f *flag.Flag) {
	name, text := flag.UnquoteUsage(f)
	if n, ok := p.ValueNames[f.Name]; ok && name != "" && !strings.Contains(f.Usage, "`") {
		name = n
	}
	switch name {
	case "int", "uint", "uint64", "int64", "float":
		name = "N"
	case "string":
		name = "FILE"
	case "duration":
		name = "DURATION"
	}
	head := "  --" + f.Name
	if name != "" {
		head += " " + name
	}
	fmt.Fprintln(w, head)
	if showDefault(f, text) {
		text += fmt.Sprintf(" (default %s)", f.DefValue)
	}
	fmt.Fprintf(w, "        %s\n", text)
}

func showDefault(f *flag.Flag, text string) bool {
	switch {
	case f.DefValue == "", f.DefValue == "0", f.DefValue == "false",
		strings.HasPrefix(f.DefValue, "-"),
		strings.Contains(text, "default"):
		return false
	}
	return true
}
