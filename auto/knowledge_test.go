package auto

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"rogue/events"
)

func TestWhereIsSaysTheCompassPointAndTheSteps(t *testing.T) {
	t.Parallel()
	p := events.Pos{X: 10, Y: 10}
	cases := []struct {
		name string
		dx   int
		dy   int
		want string
	}{
		{"a diagonal neighbour is next to you, with its direction", 1, -1, "next to you, north-east"},
		{"a neighbour to the left is next to you, west", -1, 0, "next to you, west"},
		{"straight up is north", 0, -4, "4 away north"},
		{"straight down is south", 0, 3, "3 away south"},
		{"left is west", -5, 0, "5 away west"},
		{"right is east", 2, 0, "2 away east"},
		{"up and right alike is north-east", 3, -3, "5 away north-east"},
		{"down and left alike is south-west", -2, 3, "4 away south-west"},
		{"twice as far across as up is still north-east", 4, -2, "5 away north-east"},
		{"more than twice as far across is east", 5, -2, "6 away east"},
		{"more than twice as far down is south", 1, 3, "4 away south"},
		{"up and left alike is north-west", -6, -6, "9 away north-west"},
		{"down and right alike is south-east", 7, 7, "10 away south-east"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, WhereIs(p, events.Pos{X: p.X + tc.dx, Y: p.Y + tc.dy}))
		})
	}
}
