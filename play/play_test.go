package play

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"rogue/reducer"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/view"
)

var aMinute = time.Date(2026, 11, 23, 8, 42, 10, 0, time.Local)

func TestJournalNamesTellGamesApart(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "2026-11-23_0842_seed-123456.rogue", journalName(aMinute, 123456, 1))
	assert.Equal(t, "2026-11-23_0842_seed-123456-2.rogue", journalName(aMinute, 123456, 2))
}

func TestJournalsGoUnderXDGDataHomeElseHome(t *testing.T) {
	cases := []struct {
		name      string
		xdg, home string
		want      string
	}{
		{"XDG_DATA_HOME wins", "/xdg", "/home/ann", "/xdg/rogue"},
		{"without it, ~/.local/share", "", "/home/ann", "/home/ann/.local/share/rogue"},
		{"a relative XDG_DATA_HOME is ignored, as the spec says", "rel", "/home/ann", "/home/ann/.local/share/rogue"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			xdg := tc.xdg
			if filepath.IsAbs(xdg) {
				xdg = filepath.Join(root, xdg)
			}
			t.Setenv("XDG_DATA_HOME", xdg)
			t.Setenv("HOME", filepath.Join(root, tc.home))
			dir, err := DataDir()
			require.NoError(t, err)
			assert.Equal(t, filepath.Join(root, tc.want), dir)
			assert.DirExists(t, dir)
		})
	}
}

// newTestSession starts a game of seed in a new journal in dir.
func newTestSession(t testing.TB, dir string, seed uint64) *session {
	t.Helper()
	f, path, err := createJournal(dir, seed, aMinute)
	require.NoError(t, err)
	ss, err := newSession(path, f)
	require.NoError(t, err)
	return ss
}

// newDeadlySession is newTestSession for seed 7 under rules 1, whose
// player the bot gets killed within 500 turns (rules 2 keep it alive
// longer).
func newDeadlySession(t testing.TB, dir string) *session {
	t.Helper()
	h, err := game.NewHeaderRules(7, "tester", journal.Options{SyncEvery: 1}, 1)
	require.NoError(t, err)
	var f *journal.File
	var path string
	for n := 1; f == nil; n++ {
		path = filepath.Join(dir, journalName(aMinute, 7, n))
		if f, err = journal.Create(path, h); errors.Is(err, fs.ErrExist) && n < 100 {
			continue
		}
		require.NoError(t, err)
	}
	ss, err := newSession(path, f)
	require.NoError(t, err)
	return ss
}

// botPlays lets the bot play n turns (or until death) through the
// player's own path: journal first, then the fold, then the model.
func botPlays(p *player, n int) {
	s := p.sess.g.State
	for end := s.Turn + n; s.Turn < end && !s.Over; {
		turn := s.Turn
		p.play(bot.Choose(s))
		if s.Turn == turn {
			p.play(&events.Wait{})
		}
	}
}

func testPlayer(ss *session) *player {
	p := &player{m: view.NewModel(view.MainMenu{}), now: func() time.Time { return aMinute }, version: "rogue test build"}
	p.begin(ss)
	return p
}

func TestTheUnfinishedJournalIsTheNewestWhosePlayerLives(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	alive := newTestSession(t, dir, 5)
	require.NoError(t, alive.close())
	deadly := testPlayer(newDeadlySession(t, dir))
	botPlays(deadly, 500)
	require.True(t, deadly.sess.g.State.Over, "seed 7 dies under the bot")
	require.NoError(t, deadly.sess.close())
	older := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(alive.path, older, older))

	journals, err := listJournals(dir)
	require.NoError(t, err)
	assert.Equal(t, []string{deadly.sess.path, alive.path}, journals, "newest first")
	assert.Equal(t, alive.path, findUnfinished(journals))
}

func TestASecondRogueOnTheSameJournalIsRefused(t *testing.T) {
	t.Parallel()
	ss := newTestSession(t, t.TempDir(), 5)
	defer ss.close()
	_, err := openSession(ss.path)
	require.Error(t, err)
	assert.Equal(t, ss.path+" is being played by another rogue: quit that one first, or start another game with rogue play --new", err.Error())
}

func TestContinuingResumesOnTheSameTurn(t *testing.T) {
	t.Parallel()
	p := testPlayer(newTestSession(t, t.TempDir(), 5))
	botPlays(p, 30)
	want := p.sess.g.State.Digest()
	line, err := p.finish()
	require.NoError(t, err)
	assert.Equal(t, "saved turn 30 to "+p.sess.path+" (digest "+want+")", line)

	again, err := openSession(p.sess.path)
	require.NoError(t, err)
	defer again.close()
	assert.Equal(t, want, again.g.State.Digest())
	assert.Empty(t, again.hp, "the HP history before is folded only for the chart, at death")
	assert.Equal(t, 31, again.hpFrom)
	assert.Contains(t, again.recent, "Welcome back: turn 30 on depth 1, under rules 3.")
}

func TestATornTurnIsCutIntoASideFileWithANote(t *testing.T) {
	t.Parallel()
	ss := newTestSession(t, t.TempDir(), 5)
	turns := ss.g.State.Turn
	require.NoError(t, ss.close())
	f, err := os.OpenFile(ss.path, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.Write([]byte{40, 1, 2, 3}) // a record that says 40 bytes and has 3
	require.NoError(t, err)
	require.NoError(t, f.Close())
	before, err := os.ReadFile(ss.path)
	require.NoError(t, err)

	again, err := openSession(ss.path)
	require.NoError(t, err)
	defer again.close()
	assert.Equal(t, turns, again.g.State.Turn)
	side := ss.path + ".torn-" + strconv.Itoa(len(before)-4)
	assert.Equal(t, "The journal's last turn was cut short by a crash: its 4 bytes are kept in "+side+", and the game goes on from turn "+strconv.Itoa(turns)+".", again.torn)
	assert.Contains(t, again.recent, again.torn)
	kept, err := os.ReadFile(side)
	require.NoError(t, err)
	after, err := os.ReadFile(ss.path)
	require.NoError(t, err)
	assert.Equal(t, before, append(after, kept...))
}

func TestDeathWritesASummaryAndTheGameIsNeverContinued(t *testing.T) {
	t.Parallel()
	p := testPlayer(newDeadlySession(t, t.TempDir()))
	botPlays(p, 500)
	s := p.sess.g.State
	require.True(t, s.Over)
	assert.Equal(t, view.ModeGameOver, p.m.Mode())

	path := summaryPath(p.sess.path, false)
	assert.Equal(t, path, p.m.SummaryPath)
	text, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(text), p.version+"\n"), "the version line heads the summary")
	for _, want := range []string{"You died: " + reducer.DeathCause(s) + " on depth 1", "journal: " + p.sess.path,
		"digest:  " + s.Digest(), "Might", "Equipment", "main hand", "Last messages", "HP over the game", "turn 0"} {
		assert.Contains(t, string(text), want)
	}

	line, err := p.finish()
	require.NoError(t, err)
	assert.Contains(t, line, "; you died: "+reducer.DeathCause(s)+", the summary is in "+path)
	over, err := finished(p.sess.path)
	require.NoError(t, err)
	assert.True(t, over)
	assert.Equal(t, "", findUnfinished([]string{p.sess.path}))
	_, err = openSession(p.sess.path)
	assert.ErrorContains(t, err, "that game is over")
}

// A game begun from the main menu leaves for the menu when it is over,
// not for the shell: the menu offers a new game (the dead one cannot be
// continued), and the dead game's line is still printed at exit. A game
// begun without the menu (play --new, --journal) still quits.
func TestAGameOverGoesBackToTheMenuRogueOpenedOn(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := testPlayer(newDeadlySession(t, dir))
	p.dir = dir
	botPlays(p, 500)
	require.True(t, p.sess.g.State.Over)
	quit, err := p.handle(view.Intent{Quit: true})
	require.NoError(t, err)
	assert.True(t, quit, "without the menu, a game over quits")
	_, err = p.finish()
	require.NoError(t, err)

	p = testPlayer(newDeadlySession(t, dir))
	p.dir, p.fromMenu = dir, true
	botPlays(p, 500)
	require.True(t, p.sess.g.State.Over)
	s, path := p.sess.g.State, p.sess.path
	quit, err = p.handle(view.Intent{Quit: true})
	require.NoError(t, err)
	assert.False(t, quit, "from the menu, a game over goes back to it")
	assert.Equal(t, view.ModeMainMenu, p.m.Mode())
	assert.Nil(t, p.sess)
	assert.Nil(t, p.cont, "a dead game is not offered to continue")
	assert.Equal(t, "", p.m.SummaryPath)

	line, err := p.finish()
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprintf("saved turn %d to %s (digest %s); you died: %s, the summary is in %s",
		s.TurnNumber(), path, s.Digest(), reducer.DeathCause(s), summaryPath(path, false)), line)
}

// failing is a journal that cannot take another turn (a full disk).
type failing struct{}

func (failing) Append(*events.Turn) error { return errors.New("no space left on device") }

func TestAFailedSaveStopsTheGameForGood(t *testing.T) {
	t.Parallel()
	ss := newTestSession(t, t.TempDir(), 5)
	p := testPlayer(ss)
	g, err := game.Resume(ss.g.State, ss.file.Header(), failing{})
	require.NoError(t, err)
	ss.g = g
	turn := ss.g.State.Turn

	p.play(&events.Wait{})
	assert.Equal(t, turn, ss.g.State.Turn, "the turn that was not saved is not played")
	assert.Equal(t, view.ModeGameOver, p.m.Mode())
	p.play(&events.Wait{})
	assert.Equal(t, turn, ss.g.State.Turn, "nothing is played after a failed save")

	_, err = p.finish()
	assert.ErrorContains(t, err, "the game stopped unsaved at turn 1: saving turn 1: no space left on device")
}

func TestTheLoopTurnsKeysIntoTurnsAndQuits(t *testing.T) {
	t.Parallel()
	ss := newTestSession(t, t.TempDir(), 5)
	p := testPlayer(ss)
	sim := tcell.NewSimulationScreen("UTF-8")
	require.NoError(t, sim.Init())
	defer sim.Fini()
	sim.SetSize(80, 24)
	p.screen, p.canvas = sim, view.NewScreen(sim, false)
	for _, k := range []struct {
		key tcell.Key
		r   rune
	}{{tcell.KeyRune, '.'}, {tcell.KeyRune, 'i'}, {tcell.KeyEscape, 0}, {tcell.KeyRune, '5'}, {tcell.KeyRune, 'Q'}} {
		sim.InjectKey(k.key, k.r, tcell.ModNone)
	}
	require.NoError(t, p.loop())
	assert.Equal(t, 3, ss.g.State.Turn, "Begin and two waits; the inventory journals nothing")
	assert.Equal(t, 3, ss.file.Turns())
	require.NoError(t, ss.close())
}

// The menu's "Replay a journal" plays the chosen journal on the same
// screen, read-only, and comes back to the list of journals.
func TestTheMenuReplaysAJournalOnTheSameScreen(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "golden", "testdata", "short.rogue"))
	require.NoError(t, err)
	path := filepath.Join(dir, "short.rogue")
	require.NoError(t, os.WriteFile(path, src, 0o644))
	p := &player{m: view.NewModel(view.MainMenu{Journals: []string{path}}), dir: dir, now: func() time.Time { return aMinute }}
	sim := tcell.NewSimulationScreen("UTF-8")
	require.NoError(t, sim.Init())
	defer sim.Fini()
	sim.SetSize(80, 24)
	watched := &shownScreen{Screen: sim}
	p.screen, p.canvas = watched, view.NewScreen(watched, false)

	// Keys go in one step at a time, each once the screen shows the step
	// before it took effect: the replay reads keys ahead on its own.
	shows := func(text string) bool { return strings.Contains(watched.text(), text) }
	steps := make(chan error, 1)
	go func() {
		wait := func(what string, ok func() bool) bool {
			for deadline := time.Now().Add(10 * time.Second); !ok(); {
				if time.Now().After(deadline) {
					steps <- fmt.Errorf("the screen never showed %s", what)
					sim.InjectKey(tcell.KeyRune, 'Q', tcell.ModNone)
					return false
				}
				time.Sleep(5 * time.Millisecond)
			}
			return true
		}
		sim.InjectKey(tcell.KeyRune, 'r', tcell.ModNone)
		sim.InjectKey(tcell.KeyEnter, 0, tcell.ModNone)
		if !wait("the replay bar", func() bool { return shows(" of 39 ") }) {
			return
		}
		sim.InjectKey(tcell.KeyEnd, 0, tcell.ModNone)
		sim.InjectKey(tcell.KeyRune, 'q', tcell.ModNone)
		if !wait("the menu again", func() bool { return !shows(" of 39 ") && shows("short.rogue") }) {
			return
		}
		sim.InjectKey(tcell.KeyRune, 'Q', tcell.ModNone)
		steps <- nil
	}()
	require.NoError(t, p.loop())
	require.NoError(t, <-steps)
	assert.Equal(t, view.ModeJournals, p.m.Mode(), "back on the list, not a summary page")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, src, after, "a replay writes nothing")
}

// shownScreen keeps a copy of the text of every frame shown, taken on the
// drawing goroutine, so a test may read it from another (tcell's
// GetContents is the live buffer).
type shownScreen struct {
	tcell.Screen
	mu    sync.Mutex
	shown string
}

func (s *shownScreen) Show() {
	s.Screen.Show()
	text := view.SimulationText(s.Screen.(tcell.SimulationScreen))
	s.mu.Lock()
	s.shown = text
	s.mu.Unlock()
}

func (s *shownScreen) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shown
}
