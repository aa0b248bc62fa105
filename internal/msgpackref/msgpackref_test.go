package msgpackref

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/events/eventstest"
	"rogue/events/wire"
)

func TestItDecodesEveryShapeTheCodecWrites(t *testing.T) {
	t.Parallel()
	facts := eventstest.Facts()
	require.Len(t, facts, len(events.FactCodes()))
	d := NewDecoder()
	for _, c := range eventstest.Commands() {
		p, err := wire.NewTurnEncoderFor(1).Encode(&events.Turn{Command: c, Draws: 3, Facts: facts})
		require.NoError(t, err)
		require.NoError(t, d.Decode(p))
		assert.Len(t, d.Facts, len(facts))
	}
	assert.Equal(t, &mirrorMoved{Code: 3, Actor: 1, Dir: uint8(events.SouthWest)}, d.Facts[2])
}
