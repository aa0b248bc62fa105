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
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"rogue/internal/buildinfo"
	"rogue/internal/cli"
	"rogue/internal/terminal"
	"rogue/play"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the exit, for tests.
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			terminal.Restore()
			path := play.WriteCrashReport(buildinfo.Line(), r, debug.Stack())
			fmt.Fprintf(stderr, "rogue: internal error: %v (details in %s); your journal is safe\n", r, path)
			code = 70
		}
	}()
	return program().Run(args, stdout, stderr)
}

// The command line's machinery (package cli), under the names the
// commands call it by.
var (
	fail       = cli.Fail
	usageError = cli.UsageError
	oneFile    = cli.OneFile
)

func newFlags(name string) *flag.FlagSet { return cli.NewFlags("rogue", name) }

// parse is cli.Parse, with the stderr the commands pass it (unused).
func parse(fs *flag.FlagSet, args []string, _ io.Writer) ([]string, error) {
	return cli.Parse(fs, args)
}

// journalArg parses a command line naming one journal and returns its
// path.
func journalArg(fs *flag.FlagSet, args []string, stderr io.Writer) (string, error) {
	pos, err := parse(fs, args, stderr)
	if err != nil {
		return "", err
	}
	return oneFile(pos, "journal")
}
