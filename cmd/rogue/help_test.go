package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/internal/buildinfo"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata (help texts, the damaged corpus's outcomes)")

// golden compares got with the file testdata/help/name, or rewrites it
// with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "help", name)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "go test ./cmd/rogue -run Help -update writes it")
	assert.Equal(t, string(want), got, "%s (go test ./cmd/rogue -run Help -update rewrites it)", path)
}

func TestEveryWayOfAskingForHelpListsTheCommands(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		args []string
	}{
		{"rogue -h", []string{"-h"}},
		{"rogue -help", []string{"-help"}},
		{"rogue --help", []string{"--help"}},
		{"rogue help", []string{"help"}},
		{"rogue help help", []string{"help", "help"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runHere(c.args...)
			assert.Equal(t, 0, got.Code)
			assert.Empty(t, got.Stderr)
			golden(t, "rogue.txt", got.Stdout)
		})
	}
}

func TestTheListOfCommandsNamesEveryCommand(t *testing.T) {
	t.Parallel()
	got := runHere("help").Stdout
	for _, c := range commands() {
		assert.Regexp(t, regexp.MustCompile(`(?m)^  `+c.Name+` +`+regexp.QuoteMeta(c.Summary)+`$`), got)
	}
}

// rogue help CMD, rogue CMD -h and rogue CMD --help all print the same
// help on the standard output, exit 0 and do nothing else.
func TestACommandsHelpGivesItsSynopsisAnExampleAndItsFlags(t *testing.T) {
	t.Parallel()
	for _, c := range commands() {
		t.Run(c.Name, func(t *testing.T) {
			help := runHere("help", c.Name)
			require.Equal(t, ran{Stdout: help.Stdout}, help, "exit 0, nothing on stderr")
			golden(t, c.Name+".txt", help.Stdout)
			assert.Equal(t, help, runHere(c.Name, "-h"))
			assert.Equal(t, help, runHere(c.Name, "--help"))
			assert.True(t, strings.HasPrefix(help.Stdout, "usage: rogue "+c.Name), "it opens with the synopsis")
			assert.Contains(t, help.Stdout, "\nexamples:\n  rogue "+c.Name)
			assert.NotContains(t, help.Stdout, "(default -", "no sentinel is shown as a default")
		})
	}
}

func TestHelpForWhatIsNotACommandIsAUsageError(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		args []string
		want ran
	}{
		{"an unknown command", []string{"help", "fly"},
			ran{Code: 2, Stderr: "rogue help: unknown command \"fly\" (rogue help lists the commands)\n"}},
		{"two commands", []string{"help", "play", "bot"},
			ran{Code: 2, Stderr: "rogue help: one command at a time, got 2 arguments\n"}},
		{"an unknown command without help", []string{"fly"},
			ran{Code: 2, Stderr: "rogue: unknown command \"fly\" (rogue help lists the commands)\n"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, runHere(c.args...))
		})
	}
}

func TestVersionSaysTheBuildTheFormatsTheRulesAndThePRNG(t *testing.T) {
	t.Parallel()
	got := runHere("version")
	require.Equal(t, 0, got.Code, got.Stderr)
	assert.Regexp(t, `^rogue (devel|devel [0-9a-f]{1,12}(\+modified)?|v\S+) \(go\S+ \w+/\w+\); journal formats 1 to 4 \(new games in 4\); rules 1 to `+strconv.Itoa(events.RulesVersion)+`; PRNG splitmix64-counter/1\n$`, got.Stdout)
	assert.Equal(t, buildinfo.Line()+"\n", got.Stdout)
	assert.Equal(t, ran{Code: 2, Stderr: "rogue version: unexpected argument \"now\"\n"}, runHere("version", "now"))
}

func TestDashDashVersionPrintsWhatVersionPrints(t *testing.T) {
	t.Parallel()
	want := runHere("version")
	require.Equal(t, ran{Stdout: buildinfo.Line() + "\n"}, want)
	for _, arg := range []string{"--version", "-version"} {
		t.Run(arg, func(t *testing.T) {
			assert.Equal(t, want, runHere(arg))
		})
	}
}

func TestAFlagOfNoCommandGetsRoguesUsageLineNotPlays(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		args []string
		want ran
	}{
		{"a flag of no command", []string{"--bogus"},
			ran{Code: 2, Stderr: "rogue: flag provided but not defined: -bogus (usage: rogue [COMMAND] [flags] [FILE]; rogue help lists the commands)\n"}},
		{"a flag of another command", []string{"--headless", "game.rogue"},
			ran{Code: 2, Stderr: "rogue: -headless is a flag of replay, not of play (usage: rogue [COMMAND] [flags] [FILE]; rogue help replay lists its flags)\n"}},
		{"play named keeps play's line", []string{"play", "--bogus"},
			ran{Code: 2, Stderr: "rogue play: flag provided but not defined: -bogus\n"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, runHere(c.args...))
		})
	}
}
