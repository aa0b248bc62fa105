package fame_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/fame"
	"rogue/game"
	"rogue/internal/hostile"
	"rogue/journal"
	"rogue/play"
)

// These tests hold fame's refusals to the line rogue verify prints
// (play.Verify); they are outside package fame since play imports it.

// verifyLine is the line `rogue verify PATH` prints on its standard
// error for the journal b, written at path ("" when it verifies).
func verifyLineOf(t *testing.T, path string, b []byte) string {
	t.Helper()
	require.NoError(t, os.WriteFile(path, b, 0o644))
	err := play.Verify(path, 0, io.Discard, io.Discard)
	if err == nil {
		return ""
	}
	return "rogue verify: " + err.Error()
}

func TestAForgedJournalIsRefusedWithTheLineRogueVerifyPrints(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		b      []byte
		why    fame.Why
		within string // what the line says
	}{
		{"a rules-1 game whose header says rules 3 and that claims a win", fame.Rewrite(t, fame.GoldenJournal(t, "deep"), func(h *journal.Header) { h.RulesVersion = 3 }, fame.Wins), fame.Diverged, ": turn 0: fact 1 differs after Begin{}"},
		{"a rules-3 death whose last turn is a spliced win", fame.Rewrite(t, fame.GoldenJournal(t, "r3-deep-death"), func(*journal.Header) {}, fame.Wins), fame.Diverged, "fact 0 differs after"},
		{"a rules-1 game whose header says rules 9", fame.Rewrite(t, fame.GoldenJournal(t, "slain"), func(h *journal.Header) { h.RulesVersion = 9 }, nil), fame.Unverified, "cannot re-simulate: the journal was played under rules version 9"},
		{"a journal with a byte flipped in its last record", fame.FlipLast(fame.GoldenJournal(t, "slain")), fame.Damaged, "damaged journal"},
		{"a file that is no journal", []byte("GIF89a, not a journal at all"), fame.NotJournal, "not a rogue journal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.why == fame.Diverged {
				// The forgery folds: it claims a win.
				r, err := journal.NewBytesReader(c.b)
				require.NoError(t, err)
				s, _, err := game.Fold(r, nil, -1, nil)
				require.NoError(t, err)
				require.True(t, s.Won, "the forged journal claims a win")
			}
			path := filepath.Join(t.TempDir(), "forged.rogue")
			want := verifyLineOf(t, path, c.b)
			_, err := fame.Check(bytes.NewReader(c.b), path, fame.DefaultLimits())
			ref := fame.RefusalOf(t, err)
			assert.Equal(t, want, ref.Line, "the refusal is rogue verify's line")
			assert.Equal(t, c.why, ref.Why)
			assert.Contains(t, ref.Line, c.within)
			assert.NotContains(t, ref.Line, "\n")
		})
	}
}

func TestEveryHostileJournalIsRefusedWithTheLineRogueVerifyPrints(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, j := range hostile.All() {
		t.Run(j.Name, func(t *testing.T) {
			path := filepath.Join(dir, j.Name+".rogue")
			want := verifyLineOf(t, path, j.Bytes)
			_, err := fame.Check(bytes.NewReader(j.Bytes), path, fame.DefaultLimits())
			ref := fame.RefusalOf(t, err)
			if ref.Why == fame.TooLong || ref.Why == fame.OverBudget {
				// Past a limit before re-simulation finds anything.
				assert.Empty(t, want, ref.Line)
				return
			}
			if want != "" {
				assert.Equal(t, want, ref.Line)
				return
			}
			// A hostile journal that verifies holds no finished game.
			assert.Equal(t, fame.Unfinished, ref.Why, ref.Line)
		})
	}
}
