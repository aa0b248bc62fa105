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
)

// newWizardSession starts a wizard game of seed (the player cannot die,
// so the bot can play it for thousands of turns) in a new journal at path,
// fsyncing every 64 turns to keep the test quick.
func newWizardSession(t *testing.T, path string, seed uint64) *session {
	t.Helper()
	f, err := journal.Create(path, game.NewHeader(seed, "test", journal.Options{Wizard: true, SyncEvery: 64}))
	require.NoError(t, err)
	ss, err := newSession(path, f)
	require.NoError(t, err)
	return ss
}

// longTurns is how long playedPastASnapshot's game is: past the first
// snapshot (journal.SnapshotEvery turns).
const longTurns = journal.SnapshotEvery + 52

// playedPastASnapshot is a wizard game the bot played for longTurns turns
// through the player's own path (journal, snapshots, fold, model), then
// quit.
func playedPastASnapshot(t *testing.T) (path, digest string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "long.rogue")
	p := testPlayer(newWizardSession(t, path, 3))
	botPlays(p, longTurns-1)
	require.Equal(t, longTurns, p.sess.g.State.Turn)
	digest = p.sess.g.State.Digest()
	_, err := p.finish()
	require.NoError(t, err)
	return path, digest
}

func snapshotTurnsOf(t *testing.T, path string) []int {
	t.Helper()
	files, err := journal.ListSnapshots(path)
	require.NoError(t, err)
	var turns []int
	for _, f := range files {
		turns = append(turns, f.Turn)
	}
	return turns
}

// Playing keeps snapshots: a game played past journal.SnapshotEvery
// turns has the snapshot of that turn beside its journal.
func TestAPlayedGameKeepsSnapshots(t *testing.T) {
	path, _ := playedPastASnapshot(t)
	assert.Equal(t, []int{journal.SnapshotEvery}, snapshotTurnsOf(t, path), "the session wrote the snapshot of turn 2048")
}

// A second rogue refused by the journal's lock touches nothing beside
// it: the snapshots belong to the game being played.
func TestARefusedSecondRogueLeavesTheSnapshotsAlone(t *testing.T) {
	ss := newTestSession(t, t.TempDir(), 5)
	defer ss.close()
	dir := journal.SnapshotDir(ss.path)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	odd := filepath.Join(dir, "0000000001.snap")
	require.NoError(t, os.WriteFile(odd, []byte("not a snapshot"), 0o644))
	_, err := openSession(ss.path)
	require.Error(t, err)
	assert.FileExists(t, odd)
}

// A snapshot that cannot be written never stops the game: the player is
// told once, in the log.
func TestAFailedSnapshotIsToldOnceAndTheGameGoesOn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "long.rogue")
	p := testPlayer(newWizardSession(t, path, 3))
	// Where the snapshots would go, a file: they cannot be written.
	require.NoError(t, os.WriteFile(journal.SnapshotDir(path), nil, 0o644))
	botPlays(p, longTurns-1)
	assert.Equal(t, longTurns, p.sess.g.State.Turn, "the game went on")
	assert.Equal(t, longTurns, p.sess.file.Turns())
	var told []string
	for _, m := range p.m.Messages(1000) {
		if strings.Contains(m, "snapshots could not be written") {
			told = append(told, m)
		}
	}
	require.Len(t, told, 1)
	assert.Contains(t, told[0], "This game's snapshots could not be written (")
	assert.Contains(t, told[0], "nothing is lost, only continuing it will be slower.")
	_, err := p.finish()
	require.NoError(t, err)

	// Continued, the game says so at once (the snapshots cannot even be
	// listed), and goes on all the same.
	ss, err := openSession(path)
	require.NoError(t, err)
	defer ss.close()
	assert.Contains(t, strings.Join(ss.recent, "\n"), "This game's snapshots could not be written (")
	q := testPlayer(ss)
	botPlays(q, 3)
	assert.Equal(t, longTurns+3, ss.g.State.Turn)
}
