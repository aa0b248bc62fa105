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
