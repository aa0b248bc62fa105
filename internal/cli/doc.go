// Package cli is the machinery of a command line made of commands: the
// table of commands (Program, Command) and of the first arguments that
// stand for one (Aliases: --version for version), flags that may come
// before or after the positional arguments (Parse, OneFile), the help a
// person reads (the list of commands, one command's synopsis, examples
// and flags), and errors that carry their exit code (Fail, UsageError).
// A flag given without a command that the default command does not
// know is the program's usage error, not the default command's.
//
// It knows nothing of rogue's commands (cmd/rogue lists them) and touches
// nothing of the operating system: a command is handed its arguments and
// its two writers.
package cli
