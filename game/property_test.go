package game

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// botGame plays a bot game of at most turns turns into a journal file and
// returns the path and the live state's digest after every turn
// (digests[i] is the digest after turn i; turn 0 is Begin).
func botGame(t testing.TB, dir string, seed uint64, turns int) (string, []string) {
	t.Helper()
	path := filepath.Join(dir, fmt.Sprintf("seed-%d.rj", seed))
	f, err := journal.Create(path, NewHeader(seed, "bot", journal.Options{SyncEvery: 1 << 20}))
	require.NoError(t, err)
	g, err := Start(f.Header(), content.Default(), f)
	require.NoError(t, err)
	digests := []string{g.State.Digest()}
	for g.State.Turn < turns && !g.State.Over {
		require.NoError(t, g.PlayerTurn(bot.Strong{}))
		digests = append(digests, g.State.Digest())
	}
	require.NoError(t, f.Close())
	return path, digests
}

// Promise 2 and 3: folding the journal read back from disk gives the live
// state after every turn, and re-simulating it decides the same facts.
func TestReplayEqualsPlayAndVerifyPasses(t *testing.T) {
	t.Parallel()
	seeds := 120
	if testing.Short() {
		seeds = 20
	}
	dir := t.TempDir()
	totalTurns := 0
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		path, live := botGame(t, dir, seed, 400)
		totalTurns += len(live)

		r, err := journal.Open(path)
		require.NoError(t, err)
		var replayed []string
		s, tail, err := Fold(r, content.Default(), -1, func(s *reducer.State, _ *events.Turn) error {
			replayed = append(replayed, s.Digest())
			return nil
		})
		require.NoError(t, err)
		require.Nil(t, tail)
		require.NoError(t, r.Close())
		require.Equal(t, len(live), len(replayed), "seed %d: turns read back", seed)
		for i := range replayed {
			if !assert.Equal(t, live[i], replayed[i], "seed %d: digest after turn %d", seed, i) {
				break
			}
		}
		assert.Equal(t, live[len(live)-1], s.Digest())

		r, err = journal.Open(path)
		require.NoError(t, err)
		div, checked, tail, err := Verify(r, content.Default())
		require.NoError(t, err)
		require.Nil(t, tail)
		require.NoError(t, r.Close())
		if div != nil {
			t.Fatalf("seed %d: %s", seed, div.Report())
		}
		assert.Equal(t, len(live), checked)
	}
	t.Logf("%d seeds, %d turns", seeds, totalTurns)
}

func TestATamperedJournalFailsVerifyAtThatTurn(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	mem, err := journal.NewMemory(NewHeader(3, "bot", journal.Options{}))
	require.NoError(t, err)
	g, err := Start(mem.Header(), content.Default(), mem)
	require.NoError(t, err)
	require.NoError(t, g.PlayWith(bot.Strong{}, 300))

	// Find the first hit and rewrite its damage in a copy of the journal.
	r, err := journal.NewBytesReader(mem.Bytes())
	require.NoError(t, err)
	path := filepath.Join(dir, "tampered.rj")
	out, err := journal.Create(path, r.Header())
	require.NoError(t, err)
	tampered := -1
	var turn events.Turn
	for r.Next(&turn) == nil {
		for _, f := range turn.Facts {
			if a, ok := f.(*events.Attacked); ok && a.Hit && tampered < 0 {
				a.Damage += 3
				tampered = r.Turns() - 1
			}
		}
		require.NoError(t, out.Append(&turn))
	}
	require.NoError(t, out.Close())
	require.GreaterOrEqual(t, tampered, 0, "the game had a hit to tamper with")

	r, err = journal.Open(path)
	require.NoError(t, err)
	defer r.Close()
	div, _, _, err := Verify(r, content.Default())
	require.NoError(t, err)
	require.NotNil(t, div)
	assert.Equal(t, tampered, div.Turn)
	assert.Contains(t, div.Fields[0], "Damage (recorded ")
}
