package view

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAnotherPlatformsHelpNamesTheKeysItKeepsInsteadOfTheTerminals(t *testing.T) {
	t.Parallel()
	terminal := slices.Clone(helpKeys)
	t.Cleanup(func() { helpKeys = terminal })
	SetPlatformKeys("Ctrl-W Ctrl-T Ctrl-N", "the browser's own: the game needs none")

	p := withFoes(t)
	p.key(t, Rune('?'))
	c := NewTextCanvas(80, 24)
	Draw(c, p.m)
	screen := c.String()
	assert.Contains(t, screen, "│ Ctrl-W Ctrl-T Ctrl-N    the browser's own: the game needs none          │")
	assert.False(t, strings.Contains(screen, "Ctrl-Z"), "the terminal's line is gone:\n%s", screen)
}
