package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replay --headless of a game won says so, and says the player's level
// is the top one rather than counting experience to a level that cannot
// come.
func TestTheSummaryOfAGameWonSaysWonAndTheTopLevel(t *testing.T) {
	t.Parallel()
	got := runHere("replay", "--headless", filepath.Join("..", "..", "golden", "testdata", "r3-won.rogue"))
	require.Equal(t, 0, got.Code, got.Stderr)
	var lines []string
	for _, l := range strings.Split(got.Stdout, "\n") {
		if strings.HasPrefix(l, "level:") || strings.HasPrefix(l, "status:") || strings.HasPrefix(l, "depth:") {
			lines = append(lines, l)
		}
	}
	assert.Equal(t, []string{
		"depth:    14",
		"level:    8, the top level (XP 105500)",
		"status:   won, holding the Amulet of the Deep",
	}, lines)
}
