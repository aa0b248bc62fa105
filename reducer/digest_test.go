package reducer

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"rogue/events"
	"rogue/reducer/dice"
	"rogue/reducer/fov"
)

// tileBitsOneByOne is the explored map's part of the digest as it was
// first written, a tile at a time: appendTileBits must give its bytes.
func tileBitsOneByOne(set *fov.Set, w, h int) []byte {
	var b []byte
	var word uint64
	n := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			word <<= 1
			if set.Has(events.Pos{X: x, Y: y}) {
				word |= 1
			}
			if n++; n == 64 {
				b = binary.LittleEndian.AppendUint64(b, word)
				word, n = 0, 0
			}
		}
	}
	return binary.LittleEndian.AppendUint64(b, word)
}

func TestTheDigestPacksTilesAsOneByOne(t *testing.T) {
	rng := dice.New(3, 0)
	for _, size := range [][2]int{{80, 50}, {64, 2}, {32, 4}, {3, 3}, {1, 1}, {100, 7}} {
		w, h := size[0], size[1]
		for _, fill := range []int{0, 1, 3, 100} { // percent of tiles in the set
			set := fov.NewSet(w, h)
			for y := range h {
				for x := range w {
					if rng.Intn(100) < fill {
						set.Add(events.Pos{X: x, Y: y})
					}
				}
			}
			name := fmt.Sprintf("%dx%d, %d%%", w, h, fill)
			assert.Equal(t, tileBitsOneByOne(set, w, h), appendTileBits(nil, set, w, h), name)
			// A set of another size than the map's, read tile by tile.
			other := fov.NewSet(w+1, h)
			other.Union(set)
			assert.Equal(t, tileBitsOneByOne(other, w, h), appendTileBits(nil, other, w, h), name+", a wider set")
		}
	}
}
