package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPlayRefusesBadCommandLinesBeforeTouchingTheTerminal(t *testing.T) {
	existing := filepath.Join(t.TempDir(), "game.rogue")
	src, err := os.ReadFile(goldenJournal("short"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(existing, src, 0o644))
	cases := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"a stray argument", []string{"game.rogue"}, 2, `unexpected argument "game.rogue" (a journal goes after --journal)`},
		{"seed zero", []string{"--seed", "0"}, 2, "--seed must be at least 1"},
		{"a new game over an existing journal", []string{"--new", "--journal", existing}, 2,
			existing + " exists already: a journal is never overwritten (leave out --new to continue it)"},
		{"--from without --turn", []string{"--from", existing}, 2, "--from needs --turn N: the turn to take over at"},
		{"--turn without --from", []string{"--turn", "5"}, 2, "--turn goes with --from FILE: the journal to take over"},
		{"--from with --seed", []string{"--from", existing, "--turn", "5", "--seed", "3"}, 2,
			"--from takes over a game with its own seed, in a new journal: it goes with neither --journal, --new nor --seed"},
		{"--turn 0", []string{"--from", existing, "--turn", "0"}, 2, "--turn must be a turn number, 1 or more, got 0"},
		{"a turn past the journal's last", []string{"--from", existing, "--turn", "41"}, 1,
			"cannot take over: game.rogue has turns 0 to 39: turn 41 is out of range"},
		{"the turn the player died on", []string{"--from", goldenJournal("fireball-self"), "--turn", "34"}, 1,
			"cannot take over: fireball-self.rogue: the player died on turn 34 (killed by your own fireball): a finished game can be taken over at turns 0 to 33"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("XDG_DATA_HOME", t.TempDir())
			err := runPlay(tc.args, io.Discard, io.Discard)
			var ee interface{ ExitCode() int }
			require.ErrorAs(t, err, &ee)
			assert.Equal(t, []any{tc.code, tc.msg}, []any{ee.ExitCode(), err.Error()})
		})
	}
}

func TestATakeOverPastDamageIsRefusedNamingTheTurnsThatCanBe(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	src, err := os.ReadFile(goldenJournal("short"))
	require.NoError(t, err)
	damaged := filepath.Join(t.TempDir(), "damaged.rogue")
	src[len(src)/2] ^= 0x10
	require.NoError(t, os.WriteFile(damaged, src, 0o644))
	err = runPlay([]string{"--from", damaged, "--turn", "40"}, io.Discard, io.Discard)
	var ee interface{ ExitCode() int }
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, 3, ee.ExitCode())
	assert.Regexp(t, `^cannot take over: damaged\.rogue is damaged after turn (\d+) \(byte \d+\): only its turns 0 to (\d+) can be taken over, not turn 40; rogue salvage .*damaged\.rogue writes a new journal`, err.Error())
	entries, err := os.ReadDir(filepath.Join(os.Getenv("XDG_DATA_HOME"), "rogue"))
	require.NoError(t, err)
	assert.Empty(t, entries, "nothing is written")
}
