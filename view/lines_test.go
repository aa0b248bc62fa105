package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/reducer"
	"rogue/reducer/dungeon"
)

func TestALevelUpStepThatGivesNoBonusSaysWhenTheNextComes(t *testing.T) {
	cases := []struct {
		name string
		v    int
		want string
	}{
		{"a step that raises the bonus", 11, "11 (+0) -> 12 (+1)"},
		{"a step that leaves it", 12, "12 (+1) -> 13 (+1, +2 at 14)"},
		{"a low step that leaves it, two short of the next", 9, " 9 (+0) -> 10 (+0, +1 at 12)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, attributeStep(tc.v))
		})
	}
}

func TestTheExploredLineOfALevelIsNotShownOnTheNext(t *testing.T) {
	p := newPlayed(t, 5)
	p.recordedUntil(t, func(s *reducer.State) bool { return s.Map.At(s.Player().Pos) == dungeon.DownStairs })
	p.m.Say("This level is explored; > takes you to the stairs down.")
	require.Contains(t, render(p.m, 80, 24), "This level is explored")
	p.key(t, Rune('>'))
	require.Equal(t, 2, p.g.State.Depth)
	screen := render(p.m, 80, 24)
	assert.Contains(t, screen, "You descend to depth 2.")
	assert.NotContains(t, screen, "This level is explored", "it spoke of the level above")
	assert.Contains(t, p.m.Messages(10), "This level is explored; > takes you to the stairs down.", "the history keeps it")
}
