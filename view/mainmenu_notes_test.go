package view

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The menu shows, under its choices, why an unfinished game was passed
// over, so that an older game is not offered in silence.
func TestTheMainMenuSaysWhyAGameWasPassedOver(t *testing.T) {
	note := "journal g.rogue: at byte 900, turn 40: damaged journal: rogue salvage g.rogue writes a new journal of every turn that can be recovered"
	m := NewModel(MainMenu{Continue: "turn 300 on depth 1", Notes: []string{note}})
	m.Resize(80, 24)
	c := NewTextCanvas(80, 24)
	Draw(c, m)
	screen := c.String()
	assert.Contains(t, screen, "\n  journal g.rogue: at byte 900, turn 40: damaged journal: rogue salvage\n")
	assert.Contains(t, screen, "\n  g.rogue writes a new journal of every turn that can be recovered\n")
	assert.Contains(t, screen, "Continue", "the older game is still offered")
	assert.Equal(t, 24, len(strings.Split(strings.TrimSuffix(screen, "\n"), "\n")))
}
