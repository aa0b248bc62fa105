package play

import (
	"errors"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
	"rogue/view"
)

// BenchmarkPlayedTurn is one turn as the play loop plays it (player.play:
// decided, journaled, folded, its log worded into the model), the
// commands those of the 1 000-turn wizard bot game played again from its
// start, into a journal in memory so that no fsync hides the turn's own
// cost. A game played to its end starts again, off the clock.
func BenchmarkPlayedTurn(b *testing.B) {
	path := benchShortJournal(b)
	r, err := journal.Open(path)
	require.NoError(b, err)
	h := r.Header()
	var cmds []events.Command
	var t events.Turn
	for {
		err := r.Next(&t)
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(b, err)
		cmds = append(cmds, t.Command)
	}
	r.Close()
	p := &player{m: view.NewModel(view.MainMenu{})}
	p.m.Resize(80, 24)
	start := func() {
		out, err := journal.NewMemory(h)
		require.NoError(b, err)
		s, err := game.NewState(h, content.Default())
		require.NoError(b, err)
		g, err := game.Resume(s, h, out)
		require.NoError(b, err)
		p.sess = &session{g: g}
		p.m.Begin(g.State, nil, nil)
	}
	start()
	next := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if next == len(cmds) {
			b.StopTimer()
			start()
			next = 0
			b.StartTimer()
		}
		if !p.play(cmds[next]) {
			b.Fatalf("turn %d was not played", next)
		}
		next++
	}
}
