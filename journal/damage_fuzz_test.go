package journal

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// damageSeeds are real journals to damage: a plausible game, and the bot
// game the command corpus is made from.
func damageSeeds(t testing.TB) [][]byte {
	good, _ := journalOf(t, sampleTurns(60))
	seeds := [][]byte{good}
	if b, err := os.ReadFile(filepath.Join("..", "cmd", "rogue", "testdata", "damaged", "base.rogue")); err == nil {
		seeds = append(seeds, b)
	}
	return seeds
}

// FuzzDamageLosesNoByte flips one bit of a real journal and cuts it
// somewhere, then continues it as play does: OpenAppend, and TrimTorn
// when it reports a torn tail. Whatever the damage, the file is then
// either exactly as it was, or it and its side file are, in order; what
// is left reads to a clean end; and a salvage of the damaged bytes reads
// back whole.
func FuzzDamageLosesNoByte(f *testing.F) {
	for _, seed := range damageSeeds(f) {
		f.Add(seed, uint32(0), uint32(0))
		f.Add(seed, uint32(len(seed)*8-3), uint32(0))
		f.Add(seed, uint32(len(seed)*4+6), uint32(len(seed)-5))
		f.Add(seed, ^uint32(0), uint32(len(seed)-1))
	}
	f.Fuzz(func(t *testing.T, data []byte, bit, cut uint32) {
		b := cloneBytes(data)
		if len(b) > 0 && bit != ^uint32(0) {
			b[int(bit/8)%len(b)] ^= 1 << (bit % 8)
		}
		if cut != 0 {
			b = b[:int(cut)%(len(b)+1)]
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "game.jnl")
		require.NoError(t, os.WriteFile(path, b, 0o644))

		file, tail, err := OpenAppend(path)
		if err != nil {
			after, rerr := os.ReadFile(path)
			require.NoError(t, rerr)
			assert.True(t, bytes.Equal(b, after), "a journal refused is left as it was: %v", err)
			entries, rerr := os.ReadDir(dir)
			require.NoError(t, rerr)
			assert.Len(t, entries, 1, "and nothing is written beside it")
			checkSalvage(t, b)
			return
		}
		side := ""
		if tail != nil {
			require.True(t, tail.Torn, "OpenAppend returns only a torn tail: %v", tail)
			assert.LessOrEqual(t, tail.Dropped, int64(maxFrame), "a torn tail is at most one record")
			side, err = file.TrimTorn()
			require.NoError(t, err)
		}
		require.NoError(t, file.Close())
		after, err := os.ReadFile(path)
		require.NoError(t, err)
		if side != "" {
			kept, err := os.ReadFile(side)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(b, append(cloneBytes(after), kept...)), "the journal and its side file are the file as it was")
		} else {
			assert.True(t, bytes.Equal(b, after), "a whole journal is left as it was")
		}
		_, _, err = readBytes(after)
		assert.NoError(t, err, "what is left reads to a clean end")
		checkSalvage(t, b)
	})
}

// checkSalvage salvages b into memory and checks the new journal reads
// back whole, with the turns the salvage handed out.
func checkSalvage(t *testing.T, b []byte) {
	r, err := NewBytesReader(b)
	if err != nil {
		return // no header: nothing to salvage
	}
	m, err := NewMemory(r.Header())
	require.NoError(t, err)
	kept := []events.Turn{}
	got, err := Salvage(r, func(turn *events.Turn) error {
		kept = append(kept, cloneTurn(turn))
		return m.Append(turn)
	})
	require.NoError(t, err)
	assert.Equal(t, len(kept), got.Turns)
	_, again, err := readBytes(m.Bytes())
	require.NoError(t, err, "a salvaged journal reads back whole")
	assert.Equal(t, kept, again)
}

func cloneTurn(t *events.Turn) events.Turn {
	c := *t
	c.Facts = append([]events.Fact(nil), t.Facts...)
	return c
}
