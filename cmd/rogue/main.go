// Command rogue is a terminal roguelike whose whole game is a journal.
//
//	rogue                      play: continue the unfinished game, or start one
//	rogue play [--new] [--seed N] [--journal FILE]
//	rogue bot --seed N --turns N --out FILE
//	rogue replay [--headless] [--to TURN] FILE
//	rogue verify FILE
//	rogue dump [--json] FILE
//	rogue export (--asciicast OUT.cast [--from TURN] [--to TURN] [--speed N] | --text OUT.txt [--turn TURN]) FILE
//	rogue salvage FILE [--out NEW]
//
// Every failure prints one line naming what is wrong and where, and exits
// non-zero; no input makes it print a Go panic.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"rogue/journal"
	"runtime/debug"
)

// exitError carries an exit code and a one-line message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func fail(code int, format string, args ...any) error {
	return &exitError{code: code, msg: fmt.Sprintf(format, args...)}
}

// usageError is a command line that cannot be run: exit 2.
func usageError(format string, args ...any) error { return fail(2, format, args...) }

type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"play", "play in the terminal (the default): continue the unfinished game or start one", runPlay},
		{"bot", "let the built-in player play a game into a journal", runBot},
		{"replay", "watch a journal again, or summarize it with --headless", runReplay},
		{"verify", "re-simulate a journal under the current rules", runVerify},
		{"dump", "print a journal one turn per line (--json for JSON lines)", runDump},
		{"export", "write a replay as an asciicast recording, or one screen as text", runExport},
		{"salvage", "write a new journal of every turn of a damaged one that can be recovered", runSalvage},
	}
}

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
	name := "play"
	if len(args) > 0 && !isFlag(args[0]) {
		name, args = args[0], args[1:]
	}
	if name == "help" || name == "-h" || name == "--help" {
		usage(stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name == name {
			err := c.run(args, stdout, stderr)
			var ee *exitError
			switch {
			case err == nil:
				return 0
			case errors.Is(err, flag.ErrHelp):
				return 0
			case errors.As(err, &ee):
				fmt.Fprintf(stderr, "rogue %s: %s\n", name, ee.msg)
				return ee.code
			default:
				fmt.Fprintf(stderr, "rogue %s: %v\n", name, err)
				return 1
			}
		}
	}
	fmt.Fprintf(stderr, "rogue: unknown command %q (try rogue help)\n", name)
	return 2
}

func isFlag(s string) bool { return len(s) > 1 && s[0] == '-' }

func usage(w io.Writer) {
	fmt.Fprintln(w, "rogue: a roguelike whose whole game is a journal")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "usage: rogue [command] [flags] [file]")
	fmt.Fprintln(w)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "rogue COMMAND -h lists the flags of a command.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Exit codes: 0 done (a torn tail left by a crash is only a note), 1 an error or,")
	fmt.Fprintln(w, "for verify, a divergence, 2 a bad command line, 3 a damaged journal: the turns")
	fmt.Fprintln(w, "before the damage were read, not the rest (rogue salvage FILE recovers them).")
}

// parse reads flags placed before, between and after the positional
// arguments ("rogue replay FILE --to 30" and "rogue replay --to 30 FILE"
// are the same) and returns the positional arguments.
//
// A bad flag is one line ("invalid value "fast" for flag -speed"), not the
// flag package's usage dump; -h prints the flags.
func parse(fs *flag.FlagSet, args []string, stderr io.Writer) ([]string, error) {
	fs.SetOutput(io.Discard)
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(stderr)
				fmt.Fprintf(stderr, "usage of %s:\n", fs.Name())
				fs.PrintDefaults()
				return nil, err
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
