package cli

import (
	"errors"
	"flag"
	"io"
	"strings"
)

// NewFlags is the flag set of program's command name; Parse reads it.
func NewFlags(program, name string) *flag.FlagSet {
	fs := flag.NewFlagSet(program+" "+name, flag.ContinueOnError)
	return fs
}

// unknownFlag is a flag the command does not define: a usage error
// (exit 2) that knows the flag as it was typed ("-bogus").
type unknownFlag struct {
	exitError
	name string
}

func isFlag(s string) bool { return len(s) > 1 && s[0] == '-' }

// Parse reads flags placed before, between and after the positional
// arguments ("rogue replay FILE --to 30" and "rogue replay --to 30 FILE"
// are the same) and returns the positional arguments.
//
// A bad flag is one line ("invalid value "fast" for flag -speed"), not the
// flag package's usage dump; -h (or --help) returns a *helpRequest, and
// Program.Run prints the command's help on the standard output.
func Parse(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, &helpRequest{fs: fs}
			}
			if name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: "); ok {
				return nil, &unknownFlag{exitError: exitError{code: 2, msg: err.Error()}, name: name}
			}
			return nil, UsageError("%v", err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// OneFile checks that exactly one file was named.
func OneFile(positional []string, what string) (string, error) {
	switch len(positional) {
	case 0:
		return "", UsageError("name the %s to read", what)
	case 1:
		return positional[0], nil
	}
	return "", UsageError("one %s at a time, got %d arguments", what, len(positional))
}

// Given is the set of fs's flags given on the command line (after
// Parse), by name: a flag given its default value is given.
func Given(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}
