package path

// openSet is a binary min-heap of the search's frontier. Each entry packs
// a tile's f = g + h, its h and its index into one key (see key), so that
// the heap's order, lower f first, then lower h (the tile nearer the
// goal), then the lower tile index, is one integer comparison. No two
// tiles tie. Each tile is in it at most once (its position is kept in its
// node), so a better path to a queued tile moves it up instead of adding a
// copy.
type openSet struct {
	items []uint64
	nodes []node
}

// The key's fields, from the top: f, h, tile index. A Finder's maps have
// at most MaxTiles tiles, so costs fit: h is at most DiagonalCost times a
// side, f at most h plus DiagonalCost per tile.
const (
	indexBits = 18
	hBits     = 21
	indexMask = 1<<indexBits - 1
)

// key is the heap key of tile i, whose node is n.
func key(i int32, n *node) uint64 {
	return uint64(n.g+n.h)<<(indexBits+hBits) | uint64(n.h)<<indexBits | uint64(i)
}

func (o *openSet) len() int { return len(o.items) }

func (o *openSet) reset() { o.items = o.items[:0] }

func (o *openSet) push(i int32) {
	o.items = append(o.items, key(i, &o.nodes[i]))
	o.nodes[i].at = int32(len(o.items) - 1)
	o.up(len(o.items) - 1)
}

func (o *openSet) pop() int32 {
	top := int32(o.items[0] & indexMask)
	last := len(o.items) - 1
	o.items[0] = o.items[last]
	o.nodes[o.items[0]&indexMask].at = 0
	o.items = o.items[:last]
	if last > 0 {
		o.down(0)
	}
	o.nodes[top].at = -1
	return top
}

// fix restores the order after tile i's cost went down.
func (o *openSet) fix(i int32) {
	k := int(o.nodes[i].at)
	o.items[k] = key(i, &o.nodes[i])
	o.up(k)
}

// up and down move the entry at k to its place, writing each entry they
// move past once, and its node's position.
func (o *openSet) up(k int) {
	v := o.items[k]
	for k > 0 {
		parent := (k - 1) / 2
		p := o.items[parent]
		if p <= v {
			break
		}
		o.items[k] = p
		o.nodes[p&indexMask].at = int32(k)
		k = parent
	}
	o.items[k] = v
	o.nodes[v&indexMask].at = int32(k)
}

func (o *openSet) down(k int) {
	n := len(o.items)
	v := o.items[k]
	for {
		c := 2*k + 1
		if c >= n {
			break
		}
		if c+1 < n && o.items[c+1] < o.items[c] {
			c++
		}
		if v <= o.items[c] {
			break
		}
		o.items[k] = o.items[c]
		o.nodes[o.items[k]&indexMask].at = int32(k)
		k = c
	}
	o.items[k] = v
	o.nodes[v&indexMask].at = int32(k)
}
