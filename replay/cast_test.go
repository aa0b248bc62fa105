package replay

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestARecordingKeepsToMaxCastFramesUnlessAskedForMore(t *testing.T) {
	cases := []struct {
		name             string
		from, last, step int
		frames           int
	}{
		{"one turn is one frame", 1, 1, CastStep(1, 1), 1},
		{"a game of MaxCastFrames turns has a frame a turn", 1, MaxCastFrames, CastStep(1, MaxCastFrames), MaxCastFrames},
		{"one turn more takes a frame every second turn", 1, MaxCastFrames + 1, CastStep(1, MaxCastFrames+1), MaxCastFrames/2 + 1},
		{"a million turns keep to MaxCastFrames", 1, 1_000_000, CastStep(1, 1_000_000), 9902},
		{"a step that does not divide the stretch still ends on its last turn", 1, 40, 7, 7},
		{"every turn when asked", 1, 1_000_000, 1, 1_000_000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.frames, CastFrames(c.from, c.last, c.step))
		})
	}
	assert.Equal(t, []int{1, 1, 2, 101}, []int{CastStep(1, 1), CastStep(1, MaxCastFrames), CastStep(1, MaxCastFrames+1), CastStep(1, 1_000_000)})
	for n := 1; n < 5*MaxCastFrames; n += 997 {
		assert.LessOrEqual(t, CastFrames(1, n, CastStep(1, n)), MaxCastFrames, "%d turns", n)
	}
}
