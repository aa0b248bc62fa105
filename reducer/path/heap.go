package path

import "slices"

// openSet is the search's frontier, taken out lowest key first: lower f
// first, then lower h (the tile nearer the goal), then the lower tile
// index; each entry packs the three into one key (see key), so that the
// order is one integer comparison. No two entries tie.
//
// It is kept as a bucket of entries per f rather than one heap, because
// the heuristic is consistent: the f taken out never goes down, and
// expanding a tile of f adds tiles of f to f+2*DiagonalCost only (a step
// costs at most DiagonalCost and changes h by at most its cost). So the
// open entries' f lie in the current level and the six above it, eight
// buckets in a ring serve, and only the current level needs an order:
// its bucket is sorted, lowest key last, when it becomes current. The
// buckets hold each key complemented (^k), so that an ascending sort
// puts the lowest key last. A tile
// added at the current level has f = g+h of the tile expanded plus its
// step, so its h is that tile's h less the step's cost: its key is below
// every entry left in the level (none of which was below the tile
// expanded), and it goes on top, among those its expansion added, in
// order.
//
// A tile reached again by a cheaper path gets a new entry; the old one,
// of higher key, stays until it comes out and is passed over (see
// Finder.astar), which spares the set keeping each tile's place.
type openSet struct {
	level   int32 // f of the current level
	n       int   // entries in all buckets
	buckets [8][]uint64
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

// key is the open set's key of tile i at cost g from the start and h from
// the goal.
func key(i, g, h int32) uint64 {
	return uint64(g+h)<<(indexBits+hBits) | uint64(h)<<indexBits | uint64(i)
}

func (o *openSet) len() int { return o.n }

// reset empties the set for a search whose start has f.
func (o *openSet) reset(f int32) {
	for i := range o.buckets {
		o.buckets[i] = o.buckets[i][:0]
	}
	o.level, o.n = f, 0
}

// push adds key k, of f no lower than the current level's and at most
// 2*DiagonalCost above it.
func (o *openSet) push(k uint64, f int32) {
	b := &o.buckets[f&7]
	c := ^k
	items := append(*b, c)
	if f == o.level {
		// In place on top: above it are only the keys its expansion
		// added, lower than it.
		i := len(items) - 1
		for ; i > 0 && items[i-1] > c; i-- {
			items[i] = items[i-1]
		}
		items[i] = c
	}
	*b = items
	o.n++
}

// keyG is the g of key k: its f less its h.
func keyG(k uint64) int32 {
	return int32(k>>(indexBits+hBits)) - int32(k>>indexBits&(1<<hBits-1))
}

// pop takes out the lowest key, when the set is not empty, and returns
// it.
func (o *openSet) pop() uint64 {
	b := &o.buckets[o.level&7]
	for len(*b) == 0 {
		o.level++
		b = &o.buckets[o.level&7]
		if len(*b) > 1 {
			slices.Sort(*b) // of the complements: the lowest key last
		}
	}
	items := *b
	k := ^items[len(items)-1]
	*b = items[:len(items)-1]
	o.n--
	return k
}
