package journal

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// LastTurn finds a journal's last turn from its header and its end alone,
// at any length: forward from the header when the journal is short, from
// the end (the last record that chains from the one before it) when not.
func TestLastTurnIsTheJournalsLastTurn(t *testing.T) {
	death := &events.Died{Actor: events.PlayerID, Cause: events.CauseMelee, Killer: 9}
	cases := []struct {
		name  string
		turns int
		last  events.Turn
	}{
		{"a journal of one turn", 1, events.Turn{Command: &events.Begin{}, Facts: []events.Fact{level(1, 3)}}},
		{"a short journal", 200, events.Turn{Command: &events.Wait{}, Draws: 3, Facts: []events.Fact{death}}},
		{"a journal longer than what is read of it", 60_000, events.Turn{Command: &events.Wait{}, Draws: 3, Facts: []events.Fact{death}}},
		{"a long journal that ends with a level", 60_000, events.Turn{Command: &events.Descend{}, Facts: []events.Fact{level(7, 40)}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := NewMemory(testHeader())
			require.NoError(t, err)
			turns := sampleTurns(c.turns - 1)
			for i := range turns {
				require.NoError(t, m.Append(&turns[i]))
			}
			require.NoError(t, m.Append(&c.last))
			path := filepath.Join(t.TempDir(), "game.rogue")
			require.NoError(t, os.WriteFile(path, m.Bytes(), 0o644))
			if c.turns > 1000 {
				require.Greater(t, len(m.Bytes()), lastWindow+1000, "long enough to be read from its end")
			}

			h, last, ok, err := LastTurn(path)
			require.NoError(t, err)
			assert.True(t, ok)
			assert.Equal(t, m.Header(), h)
			assert.Equal(t, c.last, last)
		})
	}
}

func TestLastTurnOfAJournalThatDoesNotEndWholeSaysSo(t *testing.T) {
	for _, n := range []int{100, 60_000} {
		m, err := NewMemory(testHeader())
		require.NoError(t, err)
		turns := sampleTurns(n)
		for i := range turns {
			require.NoError(t, m.Append(&turns[i]))
		}
		path := filepath.Join(t.TempDir(), "torn.rogue")
		b := m.Bytes()
		require.NoError(t, os.WriteFile(path, b[:len(b)-3], 0o644))
		_, _, _, err = LastTurn(path)
		assert.True(t, errors.Is(err, ErrNoCleanEnd), "%d turns: %v", n, err)
	}
}

func TestLastTurnOfAJournalOfNoTurnsIsNone(t *testing.T) {
	m, err := NewMemory(testHeader())
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "new.rogue")
	require.NoError(t, os.WriteFile(path, m.Bytes(), 0o644))
	_, last, ok, err := LastTurn(path)
	require.NoError(t, err)
	assert.False(t, ok)
	assert.Equal(t, events.Turn{}, last)
}
