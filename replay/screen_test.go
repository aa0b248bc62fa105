package replay

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/reducer/content"
	"rogue/view"
)

// goldenJournal is the path of a journal of the golden corpus.
func goldenJournal(name string) string {
	return filepath.Join("..", "golden", "testdata", name+".rogue")
}

// replayScenario is one line of view/testdata/replay_scenarios.txt: its
// screens are the goldens view's tests write (go test ./view -update).
type replayScenario struct {
	name, journal string
	w, h          int
	keys          []*tcell.EventKey
}

var scenarioKeys = map[string]*tcell.EventKey{
	"space":     tcell.NewEventKey(tcell.KeyRune, ' ', tcell.ModNone),
	"Enter":     tcell.NewEventKey(tcell.KeyEnter, 0, tcell.ModNone),
	"Esc":       tcell.NewEventKey(tcell.KeyEscape, 0, tcell.ModNone),
	"Home":      tcell.NewEventKey(tcell.KeyHome, 0, tcell.ModNone),
	"End":       tcell.NewEventKey(tcell.KeyEnd, 0, tcell.ModNone),
	"Left":      tcell.NewEventKey(tcell.KeyLeft, 0, tcell.ModNone),
	"Right":     tcell.NewEventKey(tcell.KeyRight, 0, tcell.ModNone),
	"Backspace": tcell.NewEventKey(tcell.KeyBackspace, 0, tcell.ModNone),
	"Ctrl-P":    tcell.NewEventKey(tcell.KeyCtrlP, 0, tcell.ModCtrl),
}

func readReplayScenarios(t *testing.T) []replayScenario {
	b, err := os.ReadFile(filepath.Join("..", "view", "testdata", "replay_scenarios.txt"))
	require.NoError(t, err)
	var out []replayScenario
	for i, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		require.GreaterOrEqual(t, len(f), 3, "replay_scenarios.txt:%d", i+1)
		sc := replayScenario{name: f[0], journal: f[1]}
		_, err := fmt.Sscanf(f[2], "%dx%d", &sc.w, &sc.h)
		require.NoError(t, err, "replay_scenarios.txt:%d", i+1)
		for _, word := range f[3:] {
			if k, ok := scenarioKeys[word]; ok {
				sc.keys = append(sc.keys, k)
				continue
			}
			for _, r := range word {
				sc.keys = append(sc.keys, tcell.NewEventKey(tcell.KeyRune, r, tcell.ModNone))
			}
		}
		out = append(out, sc)
	}
	return out
}

func simulated(t *testing.T, w, h int) tcell.SimulationScreen {
	sim := tcell.NewSimulationScreen("UTF-8")
	require.NoError(t, sim.Init())
	t.Cleanup(sim.Fini)
	sim.SetSize(w, h)
	return sim
}

// testReplayer is the replay of the journal at path on a simulated
// terminal of w x h, from its first turn, playing, on clock clk.
func testReplayer(t *testing.T, path string, w, h int, clk Clock) (*Replayer, tcell.SimulationScreen) {
	f, err := Open(path, content.Default())
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	r := NewReplayer(f, view.NewReplayControl(f.Total(), 1, false), clk)
	require.NoError(t, r.Show(1))
	sim := simulated(t, w, h)
	r.screen, r.canvas = sim, view.NewScreen(sim, false)
	r.v.Resize(w, h)
	return r, sim
}

// The real replay, seeking through the Seeker and its checkpoints, shows on
// the terminal exactly the screens view's tests draw from plain folds.
func TestTheReplayOnATerminalShowsTheScenarioGoldens(t *testing.T) {
	t.Parallel()
	for _, sc := range readReplayScenarios(t) {
		t.Run(sc.name, func(t *testing.T) {
			r, sim := testReplayer(t, goldenJournal(sc.journal), sc.w, sc.h, &fakeClock{})
			for _, k := range sc.keys {
				quit, err := r.event(k)
				require.NoError(t, err)
				require.False(t, quit, "%v quit the replay", k.Name())
			}
			r.draw()
			want, err := os.ReadFile(filepath.Join("..", "view", "testdata", sc.name+".golden"))
			require.NoError(t, err, "go test ./view -update writes the goldens")
			assert.Equal(t, string(want), view.SimulationText(sim))
		})
	}
}

func TestAResizeRedrawsTheReplayAtTheNewSize(t *testing.T) {
	t.Parallel()
	r, sim := testReplayer(t, goldenJournal("short"), 80, 24, &fakeClock{})
	want := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "view", "testdata", name+".golden"))
		require.NoError(t, err)
		return string(b)
	}
	for _, size := range []struct {
		w, h   int
		golden string
	}{{80, 24, "replay_start_80x24"}, {79, 24, "replay_too_small_79x24"}, {80, 24, "replay_start_80x24"}} {
		sim.SetSize(size.w, size.h)
		quit, err := r.event(tcell.NewEventResize(size.w, size.h))
		require.NoError(t, err)
		require.False(t, quit)
		r.draw()
		assert.Equal(t, want(size.golden), view.SimulationText(sim), "%dx%d", size.w, size.h)
	}
}

func TestCtrlCAndInterruptsQuitTheReplay(t *testing.T) {
	t.Parallel()
	r, _ := testReplayer(t, goldenJournal("short"), 80, 24, &fakeClock{})
	for _, ev := range []tcell.Event{
		tcell.NewEventKey(tcell.KeyCtrlC, 0, tcell.ModCtrl),
		tcell.NewEventInterrupt(nil),
		tcell.NewEventKey(tcell.KeyRune, 'q', tcell.ModNone),
	} {
		quit, err := r.event(ev)
		require.NoError(t, err)
		assert.True(t, quit, "%T", ev)
	}
}

// fakeClock is a clock the test moves: After reports each wait the loop
// asks for on asked (when set) and fires when the test advances past it.
type fakeClock struct {
	mu      sync.Mutex
	now     time.Time
	waiting []fakeTimer
	asked   chan time.Duration
}

type fakeTimer struct {
	at time.Time
	ch chan time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
	} else {
		c.waiting = append(c.waiting, fakeTimer{c.now.Add(d), ch})
	}
	asked := c.asked
	c.mu.Unlock()
	if asked != nil {
		asked <- d
	}
	return ch
}

// advance moves the clock by d and fires the timers due.
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	keep := c.waiting[:0]
	for _, w := range c.waiting {
		if w.at.After(c.now) {
			keep = append(keep, w)
			continue
		}
		w.ch <- c.now
	}
	c.waiting = keep
}

// The loop plays on the clock's ticks and stops on the keys: at 10 turns
// a second, each 100 ms the clock moves is one turn; space pauses (the
// loop then waits for keys only); q quits.
func TestTheLoopPlaysOnTheClockAndQuitsOnQ(t *testing.T) {
	t.Parallel()
	clk := &fakeClock{now: time.Date(2026, 11, 23, 8, 42, 0, 0, time.UTC), asked: make(chan time.Duration, 16)}
	r, sim := testReplayer(t, goldenJournal("short"), 80, 24, clk)
	done := make(chan error, 1)
	go func() { done <- r.loop() }()

	waitAsked := func() time.Duration {
		select {
		case d := <-clk.asked:
			return d
		case err := <-done:
			t.Fatalf("the loop ended: %v", err)
		case <-time.After(10 * time.Second):
			t.Fatal("the loop never waited for the clock")
		}
		return 0
	}
	assert.Equal(t, 100*time.Millisecond, waitAsked(), "the first turn is due in 100 ms")
	for range 3 {
		clk.advance(100 * time.Millisecond)
		assert.Equal(t, 100*time.Millisecond, waitAsked())
	}
	sim.InjectKey(tcell.KeyRune, ' ', tcell.ModNone)
	sim.InjectKey(tcell.KeyRune, 'q', tcell.ModNone)
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("q did not end the loop")
	}
	// The screen is read once the loop is over: tcell's simulation screen
	// hands out its buffer, which the loop writes.
	assert.Contains(t, view.SimulationText(sim), "Turn 3 of 39")
	assert.Contains(t, view.SimulationText(sim), "paused, 10 turns/s")
	assert.Empty(t, clk.asked, "a paused replay waits for keys, not for the clock")
}

func TestTTakesOverAtTheTurnShownOrSaysWhyNot(t *testing.T) {
	t.Parallel()
	key := tcell.NewEventKey(tcell.KeyRune, 't', tcell.ModNone)
	cases := []struct {
		name     string
		takeOver func(turn int) error
		quits    bool
		took     int
		shows    string
	}{
		{"a take-over that starts ends the replay", func(int) error { return nil }, true, 11, ""},
		{"a take-over refused is said on the replay, which goes on",
			func(turn int) error { return errors.New("cannot take over: the player died on turn 12") }, false, -1,
			"cannot take over: the player died on turn 12"},
		{"a replay that cannot start games says where to", nil, false, -1, "A game cannot be taken over from here"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, sim := testReplayer(t, goldenJournal("short"), 80, 24, &fakeClock{})
			var asked []int
			if c.takeOver != nil {
				r.TakeOver = func(turn int) error { asked = append(asked, turn); return c.takeOver(turn) }
			}
			require.NoError(t, r.Show(12)) // 12 turns folded: turn 11 is shown
			r.v.Control.GoTo(12)
			quit, err := r.event(key)
			require.NoError(t, err)
			r.draw()
			assert.Equal(t, c.quits, quit)
			assert.Equal(t, c.took, r.TookOver)
			if c.takeOver != nil {
				assert.Equal(t, []int{11}, asked, "the turn shown is taken over")
			}
			if c.shows != "" {
				assert.Contains(t, view.SimulationText(sim), c.shows)
			}
		})
	}
}
