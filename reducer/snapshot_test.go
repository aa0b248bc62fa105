package reducer_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// botStates plays a bot game of seed for up to turns turns (in wizard mode
// when wizard is set) and returns the state after each turn in keep.
func botStates(t testing.TB, seed uint64, turns int, wizard bool, keep func(turn int) bool) []*reducer.State {
	t.Helper()
	s := reducer.New(seed, content.Default())
	s.Wizard = wizard
	var out []*reducer.State
	cmd := events.Command(&events.Begin{})
	for s.Turn < turns && !s.Over {
		turn := reducer.DecideOrWait(t, s, cmd)
		require.NoError(t, s.ApplyTurn(&turn))
		if keep(s.Turn) {
			out = append(out, s.Clone())
		}
		cmd = bot.Choose(s)
	}
	return out
}

// A state read back from its snapshot is the same game: the same digest,
// the same snapshot again, and the same turns decided from it on.
func TestASnapshotRestoresTheWholeGame(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		seed   uint64
		wizard bool
	}{{"a short-lived game", 3, false}, {"a wizard's long game", 8, true}} {
		t.Run(c.name, func(t *testing.T) {
			states := botStates(t, c.seed, 1500, c.wizard, func(turn int) bool { return turn%250 == 1 })
			require.NotEmpty(t, states)
			for _, s := range states {
				b := s.MarshalSnapshot()
				got, err := reducer.UnmarshalSnapshot(b, content.Default())
				require.NoError(t, err, "turn %d", s.Turn)
				assert.Equal(t, s.Digest(), got.Digest(), "turn %d", s.Turn)
				assert.Equal(t, b, got.MarshalSnapshot(), "turn %d", s.Turn)
				// Play on from both: the same commands decide the same turns.
				for i := 0; i < 40 && !s.Over; i++ {
					cmd := bot.Choose(s)
					assert.Equal(t, cmd, bot.Choose(got))
					want, errWant := reducer.Decide(s, cmd)
					have, errHave := reducer.Decide(got, cmd)
					require.Equal(t, errWant, errHave)
					if errWant != nil {
						break
					}
					require.Equal(t, want, have, "turn %d", s.Turn)
					require.NoError(t, s.ApplyTurn(&want))
					require.NoError(t, got.ApplyTurn(&have))
				}
				assert.Equal(t, s.Digest(), got.Digest())
			}
		})
	}
}

func TestANewGameSnapshotsToo(t *testing.T) {
	t.Parallel()
	s := reducer.New(42, content.Default())
	got, err := reducer.UnmarshalSnapshot(s.MarshalSnapshot(), content.Default())
	require.NoError(t, err)
	assert.Equal(t, s.Digest(), got.Digest())
	assert.Equal(t, s.MarshalSnapshot(), got.MarshalSnapshot())
}

func TestAMangledSnapshotIsRefusedWithAReason(t *testing.T) {
	t.Parallel()
	s := botStates(t, 5, 60, false, func(turn int) bool { return turn == 60 })[0]
	good := s.MarshalSnapshot()
	other := func(schema byte) []byte { b := append([]byte(nil), good...); b[0] = schema; return b }
	cases := []struct {
		name string
		b    []byte
		want string
	}{
		{"nothing at all", nil, "snapshot at byte 0: schema: not a varint"},
		{"another schema", other(9), fmt.Sprintf("snapshot: state schema 9, this program reads %d", reducer.SnapshotSchema)},
		{"cut short", good[:len(good)-3], "not a varint"},
		{"a byte too many", append(append([]byte(nil), good...), 0), "snapshot: 1 bytes after its end"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := reducer.UnmarshalSnapshot(c.b, content.Default())
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
