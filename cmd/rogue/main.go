// Command rogue is a terminal roguelike whose whole game is a journal.
//
//	rogue                  play: continue the unfinished game, or start one
//	rogue help             the commands
//	rogue help COMMAND     a command's synopsis, an example and its flags
//	rogue version          the build, the journal formats, the rules, the PRNG
//
// The commands are listed once, in commands.go. Every failure prints one
// line naming what is wrong and where, and exits non-zero; no input makes
// it print a Go panic.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"rogue/journal"
)

// exitError carries an exit code and a one-line message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// ExitCode is the code rogue exits with. The packages the commands call
// (play) give their own errors an ExitCode too.
func (e *exitError) ExitCode() int { return e.code }

func fail(code int, format string, args ...any) error {
	return &exitError{code: code, msg: fmt.Sprintf(format, args...)}
}

// usageError is a command line that cannot be run: exit 2.
func usageError(format string, args ...any) error { return fail(2, format, args...) }

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the exit, for tests.
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			restoreTerminal()
			path := writeCrashReport(r, debug.Stack())
			fmt.Fprintf(stderr, "rogue: internal error: %v (details in %s); your journal is safe\n", r, path)
			code = 70
		}
	}()
	if len(args) > 0 && isHelp(args[0]) {
		return runHelp(args[1:], stdout, stderr)
	}
	name := "play"
	if len(args) > 0 && !isFlag(args[0]) {
		name, args = args[0], args[1:]
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "rogue: unknown command %q (rogue help lists the commands)\n", name)
		return 2
	}
	return c.exec(args, stdout, stderr)
}

// exec runs c with args and turns what it returns into an exit code: a
// request for help prints c's help on stdout (exit 0), an error prints
// one line on stderr.
func (c *command) exec(args []string, stdout, stderr io.Writer) int {
	err := c.run(args, stdout, stderr)
	var ee interface {
		error
		ExitCode() int
	}
	var he *helpRequest
	switch {
	case err == nil:
		return 0
	case errors.As(err, &he):
		c.help(stdout, he.fs)
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ee):
		fmt.Fprintf(stderr, "rogue %s: %s\n", c.name, ee.Error())
		return ee.ExitCode()
	default:
		fmt.Fprintf(stderr, "rogue %s: %v\n", c.name, err)
		return 1
	}
}

func isFlag(s string) bool { return len(s) > 1 && s[0] == '-' }

// parse reads flags placed before, between and after the positional
// arguments ("rogue replay FILE --to 30" and "rogue replay --to 30 FILE"
// are the same) and returns the positional arguments.
//
// A bad flag is one line ("invalid value "fast" for flag -speed"), not the
// flag package's usage dump; -h (or --help) returns a *helpRequest, and
// run prints the command's help on the standard output.
func parse(fs *flag.FlagSet, args []string, stderr io.Writer) ([]string, error) {
	fs.SetOutput(io.Discard)
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, &helpRequest{fs: fs}
			}
			return nil, usageError("%v", err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("rogue "+name, flag.ContinueOnError)
	return fs
}

// oneFile checks that exactly one file was named.
func oneFile(positional []string, what string) (string, error) {
	switch len(positional) {
	case 0:
		return "", usageError("name the %s to read", what)
	case 1:
		return positional[0], nil
	}
	return "", usageError("one %s at a time, got %d arguments", what, len(positional))
}

// openJournalArg parses a command line naming one journal and opens it for
// reading.
func openJournalArg(fs *flag.FlagSet, args []string, stderr io.Writer) (string, *journal.Reader, error) {
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return "", nil, err
	}
	path, err := oneFile(pos, "journal")
	if err != nil {
		return "", nil, err
	}
	r, err := journal.Open(path)
	if err != nil {
		return "", nil, err
	}
	return path, r, nil
}
