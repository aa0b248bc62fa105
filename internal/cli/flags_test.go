package cli

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFlagsMayComeBeforeBetweenAndAfterTheFiles(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		args []string
	}{
		{"flags before the file", []string{"--to", "30", "-v", "game.rogue"}},
		{"flags after the file", []string{"game.rogue", "-to", "30", "--v"}},
		{"flags around the file", []string{"-v", "game.rogue", "--to=30"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := NewFlags("rogue", "replay")
			to := fs.Int("to", -1, "")
			v := fs.Bool("v", false, "")
			pos, err := Parse(fs, c.args)
			require.NoError(t, err)
			assert.Equal(t, []string{"game.rogue"}, pos)
			assert.Equal(t, 30, *to)
			assert.True(t, *v)
		})
	}
}

func TestABadFlagIsOneLineAndExitTwo(t *testing.T) {
	t.Parallel()
	fs := NewFlags("rogue", "replay")
	fs.Int("to", -1, "")
	_, err := Parse(fs, []string{"--to", "soon", "game.rogue"})
	var ee *exitError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, exitError{code: 2, msg: `invalid value "soon" for flag -to: parse error`}, *ee)
}

func TestDashHIsARequestForTheCommandsHelp(t *testing.T) {
	t.Parallel()
	fs := NewFlags("rogue", "replay")
	_, err := Parse(fs, []string{"game.rogue", "-h"})
	var he *helpRequest
	require.ErrorAs(t, err, &he)
	assert.Same(t, fs, he.fs)
	assert.True(t, errors.Is(err, flag.ErrHelp))
}

func TestOneFileWantsExactlyOne(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		pos  []string
		want string
		err  error
	}{
		{"one file is taken", []string{"a.rogue"}, "a.rogue", nil},
		{"no file is a usage error", nil, "", &exitError{code: 2, msg: "name the journal to read"}},
		{"two files are a usage error", []string{"a", "b"}, "", &exitError{code: 2, msg: "one journal at a time, got 2 arguments"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := OneFile(c.pos, "journal")
			assert.Equal(t, c.want, got)
			assert.Equal(t, c.err, err)
		})
	}
}

// A program of one command, to see Run's exit codes and where its lines go.
func testProgram(run func(args []string, stdout, stderr io.Writer) error) *Program {
	return &Program{
		Name: "prog", Title: "prog: a test", Default: "go",
		Commands: []Command{{
			Name: "go", Summary: "go somewhere", Synopsis: []string{"go [--far] PLACE"}, Examples: []string{"go home"},
			Run: run,
		}},
		Notes:      []string{"That is all."},
		ValueNames: map[string]string{"far": "MILES"},
	}
}

func TestRunTurnsWhatACommandReturnsIntoAnExitCodeAndOneLine(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		args       []string
		err        error
		code       int
		out, errln string
	}{
		{"success is exit 0", []string{"go"}, nil, 0, "", ""},
		{"no command runs the default", nil, nil, 0, "", ""},
		{"an exit error gives its code", []string{"go"}, Fail(3, "damaged"), 3, "", "prog go: damaged\n"},
		{"another error is exit 1", []string{"go"}, errors.New("lost"), 1, "", "prog go: lost\n"},
		{"an unknown command is exit 2", []string{"fly"}, nil, 2, "", "prog: unknown command \"fly\" (prog help lists the commands)\n"},
		{"help lists the commands", []string{"help"}, nil, 0, "prog: a test\n\nusage: prog [COMMAND] [flags] [FILE]\n\ncommands:\n  go  go somewhere\n\nThat is all.\n", ""},
		{"help for two commands is exit 2", []string{"help", "go", "go"}, nil, 2, "", "prog help: one command at a time, got 2 arguments\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := testProgram(func([]string, io.Writer, io.Writer) error { return c.err }).Run(c.args, &stdout, &stderr)
			assert.Equal(t, []any{c.code, c.out, c.errln}, []any{code, stdout.String(), stderr.String()})
		})
	}
}

func TestACommandsHelpShowsItsSynopsisExamplesAndFlags(t *testing.T) {
	t.Parallel()
	p := testProgram(func(args []string, stdout, stderr io.Writer) error {
		fs := NewFlags("prog", "go")
		fs.Int("far", 3, "how far to go")
		fs.Bool("quiet", false, "say nothing")
		_, err := Parse(fs, args)
		return err
	})
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, p.Run([]string{"help", "go"}, &stdout, &stderr))
	assert.Equal(t, `usage: prog go [--far] PLACE

Go somewhere.

examples:
  prog go home

flags:
  --far MILES
        how far to go (default 3)
  --quiet
        say nothing

Flags may come before or after the file, with one dash or two.
`, stdout.String())
	assert.Empty(t, stderr.String())
}

func TestACommandsNotesFollowItsSummary(t *testing.T) {
	t.Parallel()
	p := testProgram(func(args []string, stdout, stderr io.Writer) error {
		_, err := Parse(NewFlags("prog", "go"), args)
		return err
	})
	p.Commands[0].Notes = []string{"It goes on foot.", "", "Mind the gap."}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, p.Run([]string{"help", "go"}, &stdout, &stderr))
	assert.Equal(t, `usage: prog go [--far] PLACE

Go somewhere.

It goes on foot.

Mind the gap.

examples:
  prog go home
`, stdout.String())
}
