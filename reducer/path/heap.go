package path

// openSet is a binary min-heap of tile indices ordered by the total order
// of before: the search's frontier. Each tile is in it at most once (its
// position is kept in its node), so a better path to a queued tile moves
// it up instead of adding a copy.
type openSet struct {
	items []int32
	nodes []node
}

// before is the heap's order: lower f = g + h first, then lower h (the
// tile nearer the goal), then the lower tile index. No two tiles tie.
func (o *openSet) before(a, b int32) bool {
	na, nb := &o.nodes[a], &o.nodes[b]
	fa, fb := na.g+na.h, nb.g+nb.h
	if fa != fb {
		return fa < fb
	}
	if na.h != nb.h {
		return na.h < nb.h
	}
	return a < b
}

func (o *openSet) len() int { return len(o.items) }

func (o *openSet) reset() { o.items = o.items[:0] }

func (o *openSet) push(i int32) {
	o.items = append(o.items, i)
	o.nodes[i].at = int32(len(o.items) - 1)
	o.up(len(o.items) - 1)
}

func (o *openSet) pop() int32 {
	top := o.items[0]
	last := len(o.items) - 1
	o.swap(0, last)
	o.items = o.items[:last]
	if last > 0 {
		o.down(0)
	}
	o.nodes[top].at = -1
	return top
}

// fix restores the order after tile i's cost went down.
func (o *openSet) fix(i int32) { o.up(int(o.nodes[i].at)) }

func (o *openSet) swap(a, b int) {
	o.items[a], o.items[b] = o.items[b], o.items[a]
	o.nodes[o.items[a]].at = int32(a)
	o.nodes[o.items[b]].at = int32(b)
}

func (o *openSet) up(k int) {
	for k > 0 {
		parent := (k - 1) / 2
		if !o.before(o.items[k], o.items[parent]) {
			return
		}
		o.swap(k, parent)
		k = parent
	}
}

func (o *openSet) down(k int) {
	n := len(o.items)
	for {
		c := 2*k + 1
		if c >= n {
			return
		}
		if c+1 < n && o.before(o.items[c+1], o.items[c]) {
			c++
		}
		if !o.before(o.items[c], o.items[k]) {
			return
		}
		o.swap(k, c)
		k = c
	}
}
