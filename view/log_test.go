package view

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// An older message of two lines that would get only its last row of the
// message area is not shown cut ("rest heals." alone): it is left out
// whole, and the history keeps it; the two that fit stand under the
// status line.
func TestAnOlderLongMessageIsShownWholeOrNotAtAll(t *testing.T) {
	t.Parallel()
	m := newPlayed(t, 3).m
	long := "You are too hungry to heal: rest does nothing now, so eat something first or eat the Ration (i) so that rest heals."
	m.moment++
	m.Say(long)
	m.moment++
	m.Say("The Rat misses you.")
	m.moment++
	m.Say("You hit the Rat for 3.")
	m.moment++ // a key that said nothing: every line is old
	screen := strings.Split(render(m, 80, 24), "\n")
	log := screen[21:24]
	assert.Equal(t, []string{"The Rat misses you.", "You hit the Rat for 3.", ""}, log)
}
