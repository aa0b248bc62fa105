package golden

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// playedLog plays the recorded commands of the journal at path again in a
// live game, as play does, and writes the log each turn gives the player:
// one line per message, after the number of the turn that said it. Each
// turn is decided, journaled and folded once, the fold wording the log
// (game.Game.Play).
func playedLog(t *testing.T, path string) string {
	r, err := journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	h := r.Header()
	s, err := game.NewState(h, content.Default())
	require.NoError(t, err)
	out, err := journal.NewMemory(h)
	require.NoError(t, err)
	g, err := game.Resume(s, h, out)
	require.NoError(t, err)
	var b strings.Builder
	fmt.Fprintf(&b, "log of %s, played again: rules %d, seed %d\n", filepath.Base(path), h.RulesVersion, h.Seed)
	var rec events.Turn
	for {
		err := r.Next(&rec)
		if errors.Is(err, io.EOF) {
			break
		}
		var tail *journal.Tail
		if errors.As(err, &tail) {
			fmt.Fprintf(&b, "tail: %v\n", tail)
			break
		}
		require.NoError(t, err)
		played, err := g.Play(rec.Command)
		require.NoError(t, err, "turn %d", g.State.Turn)
		for _, line := range played.Log {
			fmt.Fprintf(&b, "%d: %s\n", g.State.TurnNumber(), line)
		}
	}
	return b.String()
}

// TestTheLogOfEveryGoldenJournalIsWordedAsBefore plays every golden
// journal again and compares the log the player reads, turn by turn, with
// testdata/logs/NAME.log (rewritten with -update).
func TestTheLogOfEveryGoldenJournalIsWordedAsBefore(t *testing.T) {
	for _, path := range journals(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".rogue")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := playedLog(t, path)
			logPath := filepath.Join("testdata", "logs", name+".log")
			if *update {
				require.NoError(t, os.WriteFile(logPath, []byte(got), 0o644))
				return
			}
			want, err := os.ReadFile(logPath)
			require.NoError(t, err, "no log golden: run go test ./golden -run Log -update and review it")
			if string(want) != got {
				t.Errorf("%s differs from the log played now, first at %s\n(go test ./golden -run Log -update rewrites it; review the diff)", logPath, firstDifference(string(want), got))
			}
		})
	}
}
