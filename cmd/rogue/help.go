package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// helpRequest is what parse returns for -h or --help: run prints the
// command's help on the standard output and exits 0. It unwraps to
// flag.ErrHelp.
type helpRequest struct{ fs *flag.FlagSet }

func (h *helpRequest) Error() string { return flag.ErrHelp.Error() }
func (h *helpRequest) Unwrap() error { return flag.ErrHelp }

// isHelp reports whether arg asks for help as rogue's first argument.
func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// runHelp is rogue help [COMMAND] (and rogue -h, --help): the list of
// commands, or one command's help.
func runHelp(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0 || len(args) == 1 && isHelp(args[0]):
		usage(stdout)
		return 0
	case len(args) > 1:
		fmt.Fprintf(stderr, "rogue help: one command at a time, got %d arguments\n", len(args))
		return 2
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(stderr, "rogue help: unknown command %q (rogue help lists the commands)\n", args[0])
		return 2
	}
	// A command parses its flags first: -h makes it return its flags for
	// the help and do nothing else.
	return c.exec([]string{"-h"}, stdout, stderr)
}

// usage lists the commands.
func usage(w io.Writer) {
	fmt.Fprintln(w, "rogue: a roguelike whose whole game is a journal")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "usage: rogue [COMMAND] [flags] [FILE]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	width := 0
	for _, c := range commands() {
		width = max(width, len(c.name))
	}
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Without a command, rogue plays: rogue is rogue play.")
	fmt.Fprintln(w, "rogue help COMMAND (or rogue COMMAND -h) shows how a command is called, an example and its flags.")
	fmt.Fprintln(w, "A file argument that rogue writes may be -, the standard output.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Exit codes: 0 done (a torn tail left by a crash is only a note), 1 an error or,")
	fmt.Fprintln(w, "for verify, a divergence, 2 a bad command line, 3 a damaged journal: the turns")
	fmt.Fprintln(w, "before the damage were read, not the rest (rogue salvage FILE recovers them).")
}

// help prints c's help: its synopsis, what it does, examples, and the
// flags of fs.
func (c *command) help(w io.Writer, fs *flag.FlagSet) {
	for i, s := range c.synopsis {
		lead := "usage: "
		if i > 0 {
			lead = "       "
		}
		fmt.Fprintf(w, "%srogue %s\n", lead, s)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%s%s.\n", strings.ToUpper(c.summary[:1]), c.summary[1:])
	if len(c.examples) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "examples:")
		for _, e := range c.examples {
			fmt.Fprintf(w, "  rogue %s\n", e)
		}
	}
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "flags:")
	fs.VisitAll(func(f *flag.Flag) { printFlag(w, f) })
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Flags may come before or after the file, with one dash or two.")
}

// printFlag prints one flag as Go's tools do, its usage on the next line.
// A default is shown when it says something: not a zero value, not a
// negative number standing for "not given", not when the usage already
// says what happens by default.
func printFlag(w io.Writer, f *flag.Flag) {
	name, text := flag.UnquoteUsage(f)
	if n, ok := valueNames[f.Name]; ok && name != "" {
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

// valueNames names the values of flags that take a turn or a file, as the
// synopses do, whatever the command. A flag left out is named after its
// type (N for a number, FILE for a string), or after a word in backquotes
// in its usage, as the flag package does.
var valueNames = map[string]string{
	"to": "TURN", "from": "TURN", "turn": "TURN",
	"asciicast": "OUT.cast", "text": "OUT.txt",
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
