package host

import (
	"context"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/require"

	"rogue/online"
	"rogue/store"
	"rogue/view"
)

// BenchmarkATerminalOnlineKeyToItsRepaint is rogue play --online's
// figure to set beside the page's (BenchmarkAnOnlineKeyToItsRepaint in
// package web): the time from a key (a wait, a turn every time) to the
// end of the Show of the turn the server sent back, on tcell's
// simulation screen, against a host on SQLite on loopback. It reports
// the whole (key), the round trip (the key to the turn's frame posted
// to the screen by the connection's reader: the command sent, the
// server's decision and durable append, the way back), and the
// client's own part (the rest: the turn folded, drawn and shown).
func BenchmarkATerminalOnlineKeyToItsRepaint(b *testing.B) {
	st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "rogue.db"))
	require.NoError(b, err)
	b.Cleanup(func() { st.Close() })
	s := New(st, Options{Node: "bench"})
	b.Cleanup(s.Close)
	hs := newTestServer(s)
	b.Cleanup(hs.Close)
	token, err := online.Account(context.Background(), hs.URL, "bencher", "password-bencher", true)
	require.NoError(b, err)

	scr := &timedScreen{SimulationScreen: tcell.NewSimulationScreen("UTF-8"), shows: make(chan struct{}, 1)}
	require.NoError(b, scr.Init())
	scr.SetSize(80, 24)
	done := make(chan error, 1)
	go func() {
		_, err := online.Play(hs.URL, token, view.PaletteDefault, func(run func(tcell.Screen) error) error { return run(scr) })
		done <- err
	}()
	scr.waitTurn(b, 0)
	var key, trip, client []float64
	for b.Loop() {
		n := scr.turn()
		t0 := time.Now()
		scr.InjectKey(tcell.KeyRune, '5', tcell.ModNone)
		sh := scr.waitTurn(b, n+1)
		k, r := sh.at.Sub(t0).Seconds()*1000, sh.arrived.Sub(t0).Seconds()*1000
		key, trip, client = append(key, k), append(trip, r), append(client, k-r)
	}
	require.NoError(b, scr.PostEvent(tcell.NewEventInterrupt(nil)))
	require.NoError(b, <-done)
	b.Logf("%d keys, to turn %d", len(key), scr.turn())
	for _, m := range []struct {
		ms   []float64
		what string
	}{{key, "key"}, {trip, "round-trip"}, {client, "client"}} {
		slices.Sort(m.ms)
		b.ReportMetric(m.ms[len(m.ms)/2], "p50-ms/"+m.what)
		b.ReportMetric(m.ms[len(m.ms)*95/100], "p95-ms/"+m.what)
	}
	b.ReportMetric(0, "ns/op")
}

// timedScreen is tcell's simulation screen that notes when each frame
// is shown, with the turn its status line shows and when the last event
// other than a key or a resize (a frame from the server) was posted.
type timedScreen struct {
	tcell.SimulationScreen
	mu      sync.Mutex
	arrived time.Time
	last    shown
	shows   chan struct{}
}

type shown struct {
	at, arrived time.Time
	turn        int
}

var statusTurn = regexp.MustCompile(`\bTurn (\d+)`)

func (s *timedScreen) PostEvent(ev tcell.Event) error {
	switch ev.(type) {
	case *tcell.EventKey, *tcell.EventResize, *tcell.EventInterrupt:
	default:
		s.mu.Lock()
		s.arrived = ev.When()
		s.mu.Unlock()
	}
	return s.SimulationScreen.PostEvent(ev)
}

func (s *timedScreen) Show() {
	s.SimulationScreen.Show()
	at := time.Now()
	cells, w, _ := s.GetContents()
	var text strings.Builder
	for i, c := range cells {
		if i%w == 0 {
			text.WriteByte('\n')
		}
		text.WriteString(string(c.Runes))
	}
	n := -1
	if m := statusTurn.FindStringSubmatch(text.String()); m != nil {
		n, _ = strconv.Atoi(m[1])
	}
	s.mu.Lock()
	s.last = shown{at: at, arrived: s.arrived, turn: n}
	s.mu.Unlock()
	select {
	case s.shows <- struct{}{}:
	default:
	}
}

func (s *timedScreen) turn() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last.turn
}

// waitTurn waits, up to 10 s, for a frame that shows turn n or later.
func (s *timedScreen) waitTurn(b *testing.B, n int) shown {
	b.Helper()
	deadline := time.After(10 * time.Second)
	for {
		s.mu.Lock()
		last := s.last
		s.mu.Unlock()
		if last.turn >= n {
			return last
		}
		select {
		case <-s.shows:
		case <-deadline:
			b.Fatalf("no frame showed turn %d in 10 s (the last showed %d)", n, last.turn)
		}
	}
}
