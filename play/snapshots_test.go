package play

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
	"rogue/view"
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

// resumeByFullFold is what continuing the total-turn journal at path
// used to do: fold it from turn 0, keeping the messages of its last
// recentTurns turns. It is the reference a resumed session must agree
// with: the state's digest and the log.
func resumeByFullFold(t *testing.T, path string, total int) (digest string, recent []string) {
	t.Helper()
	r, err := journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	s, _, err := game.Fold(r, content.Default(), total-recentTurns, nil)
	require.NoError(t, err)
	var tn events.Turn
	for s.Turn < total {
		require.NoError(t, r.Next(&tn))
		recent = append(recent, view.TurnMessages(s, &tn)...)
		require.NoError(t, s.ApplyTurn(&tn))
	}
	return s.Digest(), recent
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

// Playing keeps snapshots, and continuing the game starts from the newest
// one: the same state and log as folding the whole journal, for the cost
// of the turns after the snapshot.
func TestAPlayedGameKeepsSnapshotsAndResumesFromThem(t *testing.T) {
	t.Parallel()
	path, digest := playedPastASnapshot(t)
	require.Equal(t, []int{journal.SnapshotEvery}, snapshotTurnsOf(t, path), "the session wrote the snapshot of turn %d", journal.SnapshotEvery)
	wantDigest, wantRecent := resumeByFullFold(t, path, longTurns)
	require.Equal(t, digest, wantDigest)
	welcome := fmt.Sprintf("Welcome back: turn %d on depth ", longTurns-1) // a journal of n records ends at turn n-1

	ss, err := openSession(path)
	require.NoError(t, err)
	assert.Equal(t, digest, ss.g.State.Digest())
	require.NotEmpty(t, ss.recent)
	last := ss.recent[len(ss.recent)-1]
	assert.True(t, strings.HasPrefix(last, welcome), last)
	assert.Equal(t, append([]string{}, wantRecent...), append([]string{}, ss.recent[:len(ss.recent)-1]...), "the last 8 turns' messages")
	assert.Equal(t, longTurns-journal.SnapshotEvery, ss.folded, "only the turns after the snapshot are folded")
	require.NoError(t, ss.close())

	// Without its snapshots (a journal attached to a bug report), the
	// same answer costs the whole fold.
	require.NoError(t, os.RemoveAll(journal.SnapshotDir(path)))
	ss, err = openSession(path)
	require.NoError(t, err)
	assert.Equal(t, digest, ss.g.State.Digest())
	assert.Equal(t, append(wantRecent, last), ss.recent)
	assert.Equal(t, longTurns, ss.folded)
	require.NoError(t, ss.close())
}

// A journal replaced by another game's (copied over it), its own
// snapshots still beside it: they are deleted when the game is continued,
// before anything reads them.
func TestAnotherJournalsSnapshotsAreDeletedOnResume(t *testing.T) {
	t.Parallel()
	path, _ := playedPastASnapshot(t)
	require.FileExists(t, journal.SnapshotPath(path, journal.SnapshotEvery))
	other := filepath.Join(t.TempDir(), "other.rogue")
	g, _, err := game.RecordPlayer(other, game.NewHeader(4, "bot", journal.Options{Wizard: true, SyncEvery: 1 << 20}), content.Default(), bot.Strong{}, longTurns, nil)
	require.NoError(t, err)
	theirs, err := os.ReadFile(other)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, theirs, 0o644))

	ss, err := openSession(path)
	require.NoError(t, err)
	defer ss.close()
	assert.Equal(t, g.State.Digest(), ss.g.State.Digest())
	assert.Equal(t, longTurns, ss.folded, "folded from turn 0: the stale snapshot is not used")
	assert.Empty(t, snapshotTurnsOf(t, path), "and it is gone")
	assert.NotContains(t, strings.Join(ss.recent, "\n"), "snapshot", "a stale cache cleared is nothing to tell the player")
}

// A second rogue refused by the journal's lock touches nothing beside
// it: the snapshots belong to the game being played.
func TestARefusedSecondRogueLeavesTheSnapshotsAlone(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	assert.Equal(t, longTurns, ss.folded)
	assert.Contains(t, strings.Join(ss.recent, "\n"), "This game's snapshots could not be written (")
	q := testPlayer(ss)
	botPlays(q, 3)
	assert.Equal(t, longTurns+3, ss.g.State.Turn)
}

// The game over screen and the death summary of a continued game show
// the HP of every turn, folded from the journal at death, exactly as if
// the game had been played in one go.
func TestAContinuedGameDiesWithTheWholeHPChart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	type ending struct {
		hp     []int
		screen string
		chart  string
	}
	// play plays seed 7 under the bot until it dies, quitting and
	// continuing after `quitAt` turns when quitAt > 0.
	play := func(quitAt int) ending {
		p := testPlayer(newDeadlySession(t, dir))
		path := p.sess.path
		if quitAt > 0 {
			botPlays(p, quitAt)
			require.False(t, p.sess.g.State.Over)
			_, err := p.finish()
			require.NoError(t, err)
			ss, err := openSession(path)
			require.NoError(t, err)
			require.Equal(t, quitAt+1, ss.hpFrom)
			p = testPlayer(ss)
		}
		botPlays(p, 500)
		require.True(t, p.sess.g.State.Over, "seed 7 dies under the bot")
		sim := tcell.NewSimulationScreen("UTF-8")
		require.NoError(t, sim.Init())
		defer sim.Fini()
		sim.SetSize(80, 24)
		view.NewScreen(sim, false).Draw(p.m)
		text, err := os.ReadFile(summaryPath(path, false))
		require.NoError(t, err)
		_, chart, ok := strings.Cut(string(text), "HP over the game")
		require.True(t, ok)
		_, err = p.finish()
		require.NoError(t, err)
		for _, p := range []string{path, summaryPath(path, false), journal.SnapshotDir(path)} {
			require.NoError(t, os.RemoveAll(p))
		}
		return ending{hp: p.m.HP(), screen: view.SimulationText(sim), chart: chart}
	}
	inOneGo := play(0)
	continued := play(10)
	require.NotEmpty(t, inOneGo.hp)
	assert.Equal(t, inOneGo, continued)
}
