package cli

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A program of two commands with flags, the first its default, and an
// alias for the second.
func twoCommands() *Program {
	withFlags := func(name string, flags ...string) func([]string, io.Writer, io.Writer) error {
		return func(args []string, stdout, _ io.Writer) error {
			fs := NewFlags("prog", name)
			for _, f := range flags {
				fs.Bool(f, false, "")
			}
			pos, err := Parse(fs, args)
			if err != nil {
				return err
			}
			fmt.Fprintln(stdout, name, pos)
			return nil
		}
	}
	return &Program{
		Name: "prog", Title: "prog: a test", Default: "go",
		Commands: []Command{
			{Name: "go", Summary: "go somewhere", Synopsis: []string{"go [--far]"}, Run: withFlags("go", "far")},
			{Name: "stay", Summary: "stay here", Synopsis: []string{"stay [--long]"}, Run: withFlags("stay", "long")},
		},
		Aliases: map[string]string{"--still": "stay", "-still": "stay"},
	}
}

func TestAnAliasRunsItsCommandWithTheRestOfTheArguments(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		args []string
		out  string
	}{
		{"two dashes", []string{"--still"}, "stay []\n"},
		{"one dash", []string{"-still"}, "stay []\n"},
		{"with flags and a file", []string{"--still", "--long", "here"}, "stay [here]\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := twoCommands().Run(c.args, &stdout, &stderr)
			assert.Equal(t, []any{0, c.out, ""}, []any{code, stdout.String(), stderr.String()})
		})
	}
}

func TestAFlagOfNoCommandGetsTheProgramsUsageLine(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		args       []string
		code       int
		out, errln string
	}{
		{"the default command's flag runs it", []string{"--far", "home"}, 0, "go [home]\n", ""},
		{"a flag of no command", []string{"--bogus"}, 2, "",
			"prog: flag provided but not defined: -bogus (usage: prog [COMMAND] [flags] [FILE]; prog help lists the commands)\n"},
		{"a flag of no command after the default's", []string{"--far", "-bogus=1"}, 2, "",
			"prog: flag provided but not defined: -bogus (usage: prog [COMMAND] [flags] [FILE]; prog help lists the commands)\n"},
		{"a flag of another command", []string{"--long"}, 2, "",
			"prog: -long is a flag of stay, not of go (usage: prog [COMMAND] [flags] [FILE]; prog help stay lists its flags)\n"},
		{"a named command keeps its own error", []string{"go", "--bogus"}, 2, "",
			"prog go: flag provided but not defined: -bogus\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := twoCommands().Run(c.args, &stdout, &stderr)
			assert.Equal(t, []any{c.code, c.out, c.errln}, []any{code, stdout.String(), stderr.String()})
		})
	}
}
