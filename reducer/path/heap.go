package path

// openSet is a binary min-heap of the search's frontier. Each entry packs
// a tile's f = g + h, its h and its index into one key (see key), so that
// the heap's order, lower f first, then lower h (the tile nearer the
// goal), then the lower tile index, is one integer comparison. A tile
// reached again by a cheaper path gets a new entry; the old one, of
// higher key, stays until it comes out and is passed over (see
// Finder.astar), which spares the heap keeping each tile's place.
type openSet struct {
	items []uint64
}

// The key's fields, from the top: f, h, framed tile index. A Finder's
// maps have at most MaxTiles tiles, so everything fits: the framed map has
// at most 3*MaxTiles+6 tiles, h is at most DiagonalCost times a side, f at
// most h plus DiagonalCost per tile.
const (
	indexBits = 20
	hBits     = 21
	indexMask = 1<<indexBits - 1
)

// key is the heap key of tile i at cost g from the start and h from the
// goal.
func key(i, g, h int32) uint64 {
	return uint64(g+h)<<(indexBits+hBits) | uint64(h)<<indexBits | uint64(i)
}

func (o *openSet) len() int { return len(o.items) }

func (o *openSet) reset() { o.items = o.items[:0] }

// push adds key v, moving it up past each greater parent.
func (o *openSet) push(v uint64) {
	items := append(o.items, v)
	k := len(items) - 1
	for k > 0 {
		parent := (k - 1) / 2
		p := items[parent]
		if p <= v {
			break
		}
		items[k] = p
		k = parent
	}
	items[k] = v
	o.items = items
}

// pop takes out the lowest key and returns its tile: the last entry
// moves down from the top, past each lesser child.
func (o *openSet) pop() int32 {
	items := o.items
	top := int32(items[0] & indexMask)
	n := len(items) - 1
	v := items[n]
	items = items[:n]
	k := 0
	for {
		c := 2*k + 1
		if c >= n {
			break
		}
		if c+1 < n && items[c+1] < items[c] {
			c++
		}
		if v <= items[c] {
			break
		}
		items[k] = items[c]
		k = c
	}
	if n > 0 {
		items[k] = v
	}
	o.items = items
	return top
}
