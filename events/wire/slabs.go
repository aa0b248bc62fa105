package wire

import "rogue/events"

// slabSize is how many commands or facts of one type a slab holds.
const slabSize = 128

// The slabs (slabs_gen.go: a pool for each type) hand out new commands
// and facts: one allocation per slabSize values instead of one per
// value. A value handed out is never handed out again unless the decoder
// recycles (see TurnDecoder.Recycle): then each type's values live in one
// array, and each turn hands out the same ones again, zeroed, so that a
// replay allocates nothing once it has seen its busiest turn.

// pool is the values of one type.
type pool[T any] struct {
	// buf is, when recycling, every value of the pool; otherwise the
	// current slab. The first n are handed out (this turn, when
	// recycling).
	buf  []T
	n    int
	turn uint64 // recycling: the turn n counts for
}

// get hands out a zero value.
func (p *pool[T]) get(s *slabs) *T {
	v := p.raw(s)
	var zero T
	*v = zero
	return v
}

// raw is get for a caller that sets every field: the value may still
// hold an earlier turn's. It is small enough to be inlined, the slow
// path (a new array) included: the decoders' fast paths take every value
// through it.
func (p *pool[T]) raw(s *slabs) *T {
	n := p.n
	if p.turn != s.turn {
		// Recycling, the pool's first value of this turn.
		n = 0
	}
	if n == len(p.buf) {
		size := 2*len(p.buf) + 4
		if !s.recycle {
			// A new slab: they grow to slabSize, so that a short
			// journal's decoder stays small. (A slab's values are never
			// handed out again.)
			n, size = 0, min(max(4, 2*len(p.buf)), slabSize)
		}
		// Recycling, a new, larger array: the values handed out this
		// turn stay where they are, in the old one, until the next turn.
		p.buf = make([]T, size)
	}
	p.turn, p.n = s.turn, n+1
	return &p.buf[n]
}

// take is raw for a caller that makes no call: it hands out a value,
// or nil when the pool has none left (grow then makes room).
func (p *pool[T]) take(s *slabs) *T {
	n := p.n
	if p.turn != s.turn {
		n = 0
	}
	if n < len(p.buf) {
		p.turn, p.n = s.turn, n+1
		return &p.buf[n]
	}
	return nil
}

// grow makes room for one more value, if the pool has none left: what
// raw does before handing one out. Recycling, the new array holds at
// least least values.
func (p *pool[T]) grow(s *slabs, least int) {
	n := p.n
	if p.turn != s.turn {
		n = 0
	}
	if n == len(p.buf) {
		size := max(2*len(p.buf)+4, least)
		if !s.recycle {
			n, size = 0, min(max(4, 2*len(p.buf)), slabSize)
		}
		p.buf = make([]T, size)
	}
	p.turn, p.n = s.turn, n
}

// startTurn makes the previous turn's values available again, when
// recycling.
func (s *slabs) startTurn() {
	if s.recycle {
		s.turn++
	}
}

// setRecycle switches recycling on or off, dropping every pool: values
// handed out for recycling must not come out again as new ones.
func (s *slabs) setRecycle(on bool) {
	*s = slabs{recycle: on}
}

// levelSpawns is the least a recycled pool of Spawned grows to. A
// level's spawns come in one turn (20 to 200 of them in a bot's games,
// most under 124), and a pool grown 4, 12, 28, 60, 124 at a time paid
// four arrays more, and four returns of fast4's fact loop, in every
// journal read: a reader's decoder starts with empty pools.
const levelSpawns = 124

// grow makes room in the pool of the facts of format 4 wire code code
// (a full form or a shorthand), for fast4's fact loop.
func (s *slabs) grow(code byte) {
	of := events.FactCode(code)
	if sh := shorthands4[code]; sh != nil {
		of = sh.of
	} else if sh := factShorthands[code]; sh != nil {
		of = sh.of
	}
	least := 0
	if of == events.CodeSpawned {
		least = levelSpawns
	}
	s.growFact(of, least)
}
