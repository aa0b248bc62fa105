package cli

import (
	"bytes"
	"fmt"
	"io"
	"testing"
	"testing/fstest"

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

func TestAPageReadsIntoTheHelpItPrints(t *testing.T) {
	t.Parallel()
	page := "usage: prog go [--far]\n       prog go HOME\n\nGo somewhere.\n\nA note,\n\nin two parts.\n\nexamples:\n  prog go --far\n"
	p := twoCommands()
	p.Commands = WithPages("prog", fstest.MapFS{"help/go.txt": {Data: []byte(page)}}, "help", []Command{{Name: "go", Run: p.Commands[0].Run}, p.Commands[1]})
	assert.Equal(t, []string{"go [--far]", "go HOME"}, p.Commands[0].Synopsis)
	assert.Equal(t, "go somewhere", p.Commands[0].Summary)
	assert.Equal(t, []string{"A note,", "", "in two parts."}, p.Commands[0].Notes)
	assert.Equal(t, "stay here", p.Commands[1].Summary, "a command written in Go is kept")
	var out bytes.Buffer
	assert.Equal(t, 0, p.Run([]string{"help", "go"}, &out, io.Discard))
	assert.Equal(t, page+"\nflags:\n  --far\n        \n\nFlags may come before or after the file, with one dash or two.\n", out.String())
}

func TestAMisshapenPageIsNamed(t *testing.T) {
	t.Parallel()
	for page, want := range map[string]string{
		"go [--far]\n":                                     "opens with",
		"usage: prog go\nGo.\n":                            "summary",
		"usage: prog go\n\nGo\n":                           "summary",
		"usage: prog go\n\nGo.\nA note.\n":                 "blank line goes after",
		"usage: prog go\n\nGo.\n\nA note.\nexamples:\n":    "blank line goes before",
		"usage: prog go\n\nGo.\n\nexamples:\n  other go\n": "does not open with",
	} {
		var c Command
		err := ReadPage(&c, "prog", page)
		if assert.Error(t, err, page) {
			assert.Contains(t, err.Error(), want, page)
		}
	}
	assert.PanicsWithValue(t, "the help page of prog gone: open help/gone.txt: file does not exist", func() {
		WithPages("prog", fstest.MapFS{}, "help", []Command{{Name: "gone"}})
	})
}
