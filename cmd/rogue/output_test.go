package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// bot --out - writes the journal to the standard output, byte for byte
// the journal --out FILE writes but for its creation time, and says what
// it did on stderr.
func TestTheBotsJournalGoesToTheStandardOutputWithOutDash(t *testing.T) {
	t.Parallel()
	got := runHere("bot", "--seed", "5", "--turns", "50", "--out", "-")
	require.Equal(t, 0, got.Code, got.Stderr)
	r, err := journal.NewBytesReader([]byte(got.Stdout))
	require.NoError(t, err, "the standard output is a journal")
	s, tail, err := game.Fold(r, content.Default(), -1, nil)
	require.NoError(t, err)
	require.Nil(t, tail)
	assert.Equal(t, "alive on depth 1 at turn 49, HP 28/28\njournal: the standard output (50 turns)\ndigest: "+s.Digest()+"\n", got.Stderr)

	path := filepath.Join(t.TempDir(), "game.rogue")
	toFile := runHere("bot", "--seed", "5", "--turns", "50", "--out", path)
	require.Equal(t, 0, toFile.Code, toFile.Stderr)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, len(b), len(got.Stdout))
	assert.True(t, strings.HasSuffix(toFile.Stdout, "digest: "+s.Digest()+"\n"), "the same game")
	_, err = os.Stat("-")
	assert.ErrorIs(t, err, os.ErrNotExist, "no file named -")
}

func TestManyBotGamesCannotGoToTheStandardOutput(t *testing.T) {
	t.Parallel()
	assert.Equal(t, ran{Code: 2, Stderr: "rogue bot: --out - is one journal: with --games, --out names a directory\n"},
		runHere("bot", "--games", "2", "--out", "-"))
}
