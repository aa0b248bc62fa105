package reducer

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"rogue/events"
	"rogue/reducer/dice"
	"rogue/reducer/fov"
)

func TestTheDigestPacksTilesAsOneByOne(t *testing.T) {
	t.Parallel()
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
			// The digest's first packing, a tile at a time, is the
			// reference; a set of another size than the map's still
			// takes it.
			want := appendTilesOneByOne(nil, set, w, h)
			assert.Equal(t, want, appendTileBits(nil, set, w, h), name)
			other := fov.NewSet(w+1, h)
			other.Union(set)
			assert.Equal(t, appendTilesOneByOne(nil, other, w, h), appendTileBits(nil, other, w, h), name+", a wider set")
			assert.Len(t, want, 8*(w*h/64+1), name)
		}
	}
}
