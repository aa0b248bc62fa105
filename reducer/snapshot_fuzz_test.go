package reducer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/reducer"
	"rogue/reducer/content"
)

// FuzzSnapshot feeds UnmarshalSnapshot any bytes: it must never panic, and
// a state it accepts must be usable (digest, memory, view, backpack) and
// snapshot to bytes that read back as the same game. The seeds in
// testdata/fuzz/FuzzSnapshot are snapshots of bot games, whole and cut.
func FuzzSnapshot(f *testing.F) {
	for _, s := range botStates(f, 11, 300, false, func(turn int) bool { return turn == 1 || turn == 300 }) {
		f.Add(s.MarshalSnapshot())
	}
	f.Add([]byte{})
	f.Add([]byte{1})
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := reducer.UnmarshalSnapshot(b, content.Default())
		if err != nil {
			return
		}
		digest := s.Digest()
		s.Explored()
		s.Visible()
		if p := s.Player(); p != nil {
			s.Backpack(p.ID)
			s.MaxHP(p)
			s.ArmorClass(p)
		}
		again, err := reducer.UnmarshalSnapshot(s.MarshalSnapshot(), content.Default())
		require.NoError(t, err)
		assert.Equal(t, digest, again.Digest())
		assert.Equal(t, s.MarshalSnapshot(), again.MarshalSnapshot())
	})
}
