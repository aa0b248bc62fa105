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

// On a screen too small for the whole help (50x24, 40 columns), it
// pages: the movement keys scroll it, and every line of it can be read.
func TestTheHelpPagesSoThatEveryLineCanBeReadOnASmallScreen(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{50, 24}, {40, 24}, {80, 24}} {
		w, h := size[0], size[1]
		p := withFoes(t)
		p.m.Resize(w, h)
		p.key(t, Rune('?'))
		var read strings.Builder
		for range 40 {
			read.WriteString(render(p.m, w, h))
			p.key(t, Named(KeyDown))
		}
		assert.Equal(t, ModeHelp, p.m.Mode(), "scrolling keeps the help open")
		for _, l := range helpLines(p.m.layout(w, h).mapArea.w) {
			var text strings.Builder
			for _, s := range l {
				text.WriteString(s.text)
			}
			want := strings.TrimRight(text.String(), " ")
			assert.True(t, strings.Contains(read.String(), want), "at %dx%d the help never shows %q", w, h, want)
		}
		p.key(t, Named(KeyEsc))
		assert.Equal(t, ModePlay, p.m.Mode(), "Esc closes it")
	}
}
