package events

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
		case b >= openStep && b < openStep+int(NumDirs):
			want = kindStep
		case openings4[b] != nil && openings4[b].cmd == CodeMove:
			want = kindMoveDraws
		case b == openWait:
			want = kindWaitOpener
		case b == openRest:
			want = kindRest
		case b == openPickUp:
			want = kindPickUpOpener
		case b >= moveShorthand && b < moveShorthand+int(NumDirs):
			want = kindMoveShorthand
		case commandTable[b] != nil:
			want = map[CommandCode]uint8{
				CodeMove: kindMove, CodeWait: kindWait, CodeDescend: kindDescend, CodePickUp: kindPickUp,
				CodeBegin: kindBegin, CodeDrop: kindDrop, CodeRemove: kindRemove, CodeUse: kindUse,
				CodeChooseAttribute: kindChooseAttribute, CodePickUpItem: kindPickUpItem, CodeUseOn: kindUseOn,
			}[CommandCode(b)]
		}
		assert.Equal(t, want, kinds4[b], "first byte %#x", b)
	}
}
