// Package cli is the machinery of a command line made of commands: the
// table of commands (Program, Command), flags that may come before or
// after the positional arguments (Parse, OneFile), the help a person
// reads (the list of commands, one command's synopsis, examples and
// flags), and errors that carry their exit code (Fail, UsageError).
//
// It knows nothing of rogue's commands (cmd/rogue lists them) and touches
// nothing of the operating system: a command is handed its arguments and
// its two writers.
package cli
