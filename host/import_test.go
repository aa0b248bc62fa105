package host

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/internal/forge"
	"rogue/journal"
	"rogue/store"
)

func TestAnImportStoresEachWholeJournalOnceAndReverifyFindsTheOneThatDiverges(t *testing.T) {
	t.Parallel()
	servers(t, func(t *testing.T, base string, s *Server) {
		ctx := context.Background()
		dir := t.TempDir()
		write := func(name string, b []byte) {
			require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o700))
			require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o600))
		}
		won, slain := goldenJournal(t, "r3-won"), goldenJournal(t, "r2-slain")
		write("a/won.rogue", won)
		write("a/slain.rogue", slain)
		write("b/won-again.rogue", won) // the same bytes: stored once
		write("b/torn.rogue", goldenJournal(t, "torn"))
		write("b/tail.rogue", append(bytes.Clone(slain), 0x05))
		write("b/notes.txt", []byte("not a journal: not read"))
		write("forged.rogue", rewrite(t, goldenJournal(t, "r3-deep-death"), func(*journal.Header) {}, forge.Wins))
		var out bytes.Buffer
		rep, err := Import(ctx, s.st, dir, "old", &out)
		require.NoError(t, err)
		forged := rewrite(t, goldenJournal(t, "r3-deep-death"), func(*journal.Header) {}, forge.Wins)
		assert.Equal(t, turnsOf(t, won)+turnsOf(t, slain)+turnsOf(t, forged), rep.Records)
		assert.Equal(t, 3, rep.Imported, out.String())
		assert.Equal(t, 1, rep.Already)
		require.Len(t, rep.Refused, 2, out.String())
		assert.Regexp(t, `^not imported: b/tail\.rogue: .+$`, rep.Refused[0])
		assert.Regexp(t, `^not imported: b/torn\.rogue: .+$`, rep.Refused[1])
		n, err := s.st.Count(ctx, "games")
		require.NoError(t, err)
		assert.Equal(t, 3, n)
		// Each game is its file, byte for byte.
		list, err := s.st.Games(ctx, false, 10)
		require.NoError(t, err)
		require.Len(t, list, 3)
		for i, want := range [][]byte{forged, won, slain} {
			b, err := s.st.Journal(ctx, list[i].ID)
			require.NoError(t, err)
			assert.Equal(t, want, b, "game %d", list[i].ID)
			src, _, err := s.st.Source(ctx, list[i].ID)
			require.NoError(t, err)
			assert.Equal(t, store.SourceImport, src)
		}
		// Again: nothing new.
		again, err := Import(ctx, s.st, dir, "old", &bytes.Buffer{})
		require.NoError(t, err)
		assert.Equal(t, []int{0, 4, 2}, []int{again.Imported, again.Already, len(again.Refused)})
		// The forgery is stored as it came, and the run finds it.
		var report bytes.Buffer
		run, err := Reverify(ctx, s.st, Config{Node: "test", Workers: 2}, &report)
		require.NoError(t, err)
		assert.Equal(t, []int{3, 2, 1}, []int{run.Jobs, run.Verified, len(run.Diverged)}, report.String())
		require.Len(t, run.Diverged, 1)
		assert.Equal(t, list[0].ID, run.Diverged[0].Game)
	})
}

// turnsOf is how many turns the whole journal b holds.
func turnsOf(t *testing.T, b []byte) int {
	t.Helper()
	r, err := journal.NewBytesReader(b)
	require.NoError(t, err)
	var turn events.Turn
	n := 0
	for r.Next(&turn) == nil {
		n++
	}
	require.Equal(t, int64(len(b)), r.End())
	return n
}
