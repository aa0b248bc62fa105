package journal

import (
	"bytes"
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
	m, err := NewMemory(testHeader())
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "new.rogue")
	require.NoError(t, os.WriteFile(path, m.Bytes(), 0o644))
	_, last, ok, err := LastTurn(path)
	require.NoError(t, err)
	assert.False(t, ok)
	assert.Equal(t, events.Turn{}, last)
}

// A journal's end built to look like many records (every offset starts
// one of length 0 whose checksum chains) costs LastTurn a bounded read and
// a bounded search, and gives an error or a turn, never a hang.
func TestLastTurnOfAHostileEndIsBounded(t *testing.T) {
	t.Parallel()
	m, err := NewMemory(testHeader())
	require.NoError(t, err)
	turns := sampleTurns(10)
	for i := range turns {
		require.NoError(t, m.Append(&turns[i]))
	}
	cases := map[string][]byte{
		"zeros":              make([]byte, 3*lastWindow),
		"0x05 bytes":         bytes.Repeat([]byte{5}, 3*lastWindow),
		"a long run of 0x7f": bytes.Repeat([]byte{0x7f}, 3*lastWindow),
	}
	for name, tail := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "hostile.rogue")
			require.NoError(t, os.WriteFile(path, append(append([]byte(nil), m.Bytes()...), tail...), 0o644))
			_, _, _, err := LastTurn(path)
			require.Error(t, err)
			var je *Error
			assert.True(t, errors.As(err, &je), "%v", err)
		})
	}
}

// The worst end for LastTurn's search: as many offsets as can be start
// records that end the file, each with a record ending where it starts.
func BenchmarkLastTurnOfAHostileEnd(b *testing.B) {
	m, err := NewMemory(testHeader())
	require.NoError(b, err)
	// 3-byte lengths: every third offset starts a record ending the file.
	tail := make([]byte, 3*lastWindow)
	for o := len(tail) - 3 - 4 - 16384; o >= 0; o -= 3 {
		v := len(tail) - o - 3 - 4
		if v > MaxRecordSize {
			break
		}
		tail[o], tail[o+1], tail[o+2] = byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)
	}
	path := filepath.Join(b.TempDir(), "hostile.rogue")
	require.NoError(b, os.WriteFile(path, append(append([]byte(nil), m.Bytes()...), tail...), 0o644))
	for b.Loop() {
		LastTurn(path)
	}
}
