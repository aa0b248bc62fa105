package wire

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"rogue/events"
)

// TestKinds4GivesEveryFirstByteOfAFormat4Turn checks fast4's table of
// first bytes against the slow path's: a byte has a kind exactly when it
// is an opener, a command's code or a Move shorthand, and each kind's
// bytes are the ones fast4's cases take them for.
func TestKinds4GivesEveryFirstByteOfAFormat4Turn(t *testing.T) {
	t.Parallel()
	for b := range 256 {
		var want uint8
		switch {
		case b >= openStep && b < openStep+int(events.NumDirs):
			want = kindStep
		case openings4[b] != nil && openings4[b].cmd == events.CodeMove:
			want = kindMoveDraws
		case b == openWait:
			want = kindWaitOpener
		case b == openRest:
			want = kindRest
		case b == openPickUp:
			want = kindPickUpOpener
		case b >= moveShorthand && b < moveShorthand+int(events.NumDirs):
			want = kindMoveShorthand
		case events.CommandName(events.CommandCode(b)) != "":
			want = map[events.CommandCode]uint8{
				events.CodeMove: kindMove, events.CodeWait: kindWait, events.CodeDescend: kindDescend, events.CodePickUp: kindPickUp,
				events.CodeBegin: kindBegin, events.CodeDrop: kindDrop, events.CodeRemove: kindRemove, events.CodeUse: kindUse,
				events.CodeChooseAttribute: kindChooseAttribute, events.CodePickUpItem: kindPickUpItem, events.CodeUseOn: kindUseOn,
			}[events.CommandCode(b)]
		}
		assert.Equal(t, want, kinds4[b], "first byte %#x", b)
	}
}
