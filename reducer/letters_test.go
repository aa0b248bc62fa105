package reducer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// lettersOf are the letters of s's backpack stacks, by stack key.
func lettersOf(s *reducer.State) map[int]rune {
	out := map[int]rune{}
	for _, it := range s.Backpack(events.PlayerID) {
		out[reducer.StackKey(it)] = s.PackLetter(reducer.StackKey(it))
	}
	return out
}

// Over a long bot game every stack of the backpack has a letter of its
// own, keeps it from turn to turn for as long as it lasts, and keeps it
// through a snapshot.
func TestEveryStackKeepsItsLetterWhileItLastsAndThroughASnapshot(t *testing.T) {
	t.Parallel()
	states := botStates(t, 7, 3000, true, func(int) bool { return true })
	require.Greater(t, len(states), 2000)
	before := map[int]rune{}
	changed := 0
	for _, s := range states {
		now := lettersOf(s)
		used := map[rune]bool{}
		for key, l := range now {
			require.True(t, l >= 'a' && l <= 'z', "turn %d: stack %d has letter %q", s.Turn, key, l)
			require.False(t, used[l], "turn %d: letter %c twice", s.Turn, l)
			used[l] = true
			if old, ok := before[key]; ok {
				require.Equal(t, old, l, "turn %d: stack %d kept its letter", s.Turn, key)
			}
		}
		if len(now) != len(before) {
			changed++
		}
		before = now
		if s.Turn%250 == 0 {
			back, err := reducer.UnmarshalSnapshot(s.MarshalSnapshot(), content.Default())
			require.NoError(t, err)
			assert.Equal(t, now, lettersOf(back), "turn %d: through a snapshot", s.Turn)
		}
	}
	assert.Greater(t, changed, 5, "stacks came and went")
}
