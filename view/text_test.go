package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A canvas cleared after drawing is the blank canvas NewTextCanvas
// makes, to draw on again.
func TestAClearedCanvasIsBlankAgain(t *testing.T) {
	t.Parallel()
	c := NewTextCanvas(5, 3)
	c.Set(0, 0, '@', Style{Fg: ColorRed, Bold: true})
	c.Set(4, 2, '#', Style{Dim: true})
	c.Clear()
	assert.Equal(t, NewTextCanvas(5, 3), c)
}
