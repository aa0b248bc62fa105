package fov

import (
	"encoding/binary"
	"iter"
	"math/bits"

	"rogue/events"
)

// Set is a set of tiles of a width x height map, one bit per tile. Tiles
// outside the map are never in it. The zero Set is an empty 0 x 0 set.
type Set struct {
	w, h  int
	words []uint64
}

// NewSet returns an empty set over a w x h map (negative sizes count as 0).
func NewSet(w, h int) *Set {
	w, h = max(w, 0), max(h, 0)
	return &Set{w: w, h: h, words: make([]uint64, (w*h+63)/64)}
}

// SetFromBytes returns a set over a w x h map (negative sizes count as 0)
// holding tile i = y*w + x when bit i%8 of b[i/8] is set: the bytes of
// the words in little-endian order. Bits past the last tile, and tiles
// past the end of b, are not in it.
func SetFromBytes(w, h int, b []byte) *Set {
	s := NewSet(w, h)
	var last [8]byte
	for i := range s.words {
		chunk := b[min(8*i, len(b)):min(8*i+8, len(b))]
		if len(chunk) < 8 {
			clear(last[:])
			copy(last[:], chunk)
			chunk = last[:]
		}
		s.words[i] = binary.LittleEndian.Uint64(chunk)
	}
	if r := (s.w * s.h) % 64; r != 0 {
		s.words[len(s.words)-1] &= 1<<r - 1
	}
	return s
}

// Width is the width of the map the set covers.
func (s *Set) Width() int { return s.w }

// Height is the height of the map the set covers.
func (s *Set) Height() int { return s.h }

func (s *Set) inBounds(p events.Pos) bool {
	return p.X >= 0 && p.X < s.w && p.Y >= 0 && p.Y < s.h
}

// Has reports whether p is in the set; false outside the map.
func (s *Set) Has(p events.Pos) bool {
	if !s.inBounds(p) {
		return false
	}
	i := p.Y*s.w + p.X
	return s.words[i>>6]&(1<<(i&63)) != 0
}

// Add puts p in the set; a tile outside the map is ignored.
func (s *Set) Add(p events.Pos) {
	if !s.inBounds(p) {
		return
	}
	i := p.Y*s.w + p.X
	s.words[i>>6] |= 1 << (i & 63)
}

// AddIndex puts tile i = y*Width + x, which must be on the map, in the
// set and reports whether it was not in it before: Has and Add at once,
// for a caller that has computed i already.
func (s *Set) AddIndex(i int) bool {
	w := &s.words[i>>6]
	bit := uint64(1) << (i & 63)
	if *w&bit != 0 {
		return false
	}
	*w |= bit
	return true
}

// Words are the set's bits: tile (x, y) is bit i%64 of word i/64, where
// i = y*Width + x; the bits past the last tile are 0. They are the set's
// own: read them, do not change them.
func (s *Set) Words() []uint64 { return s.words }

// Clear empties the set, keeping its size and storage.
func (s *Set) Clear() { clear(s.words) }

// Count is the number of tiles in the set.
func (s *Set) Count() int {
	n := 0
	for _, w := range s.words {
		n += bits.OnesCount64(w)
	}
	return n
}

// Union adds every tile of other to s. Sets of the same size merge word
// by word; otherwise the tiles of other that lie on s's map are added.
func (s *Set) Union(other *Set) {
	if other.w == s.w && other.h == s.h {
		for i, w := range other.words {
			s.words[i] |= w
		}
		return
	}
	for y := 0; y < min(s.h, other.h); y++ {
		for x := 0; x < min(s.w, other.w); x++ {
			if p := (events.Pos{X: x, Y: y}); other.Has(p) {
				s.Add(p)
			}
		}
	}
}

// Diff makes s the tiles of a that are not in b. The three must be sets
// of the same size; s may be a or b.
func (s *Set) Diff(a, b *Set) {
	for i, w := range a.words {
		s.words[i] = w &^ b.words[i]
	}
}

// Clone returns an independent copy of s.
func (s *Set) Clone() *Set {
	c := *s
	c.words = append([]uint64(nil), s.words...)
	return &c
}

// CloneInto is Clone reusing dst's storage when dst is not nil: it makes
// dst a copy of s and returns it.
func (s *Set) CloneInto(dst *Set) *Set {
	if dst == nil {
		return s.Clone()
	}
	dst.w, dst.h = s.w, s.h
	dst.words = append(dst.words[:0], s.words...)
	return dst
}

// All yields the tiles of the set, row by row.
func (s *Set) All() iter.Seq[events.Pos] {
	return func(yield func(events.Pos) bool) {
		for i, w := range s.words {
			for w != 0 {
				k := i<<6 | bits.TrailingZeros64(w)
				if !yield(events.Pos{X: k % s.w, Y: k / s.w}) {
					return
				}
				w &= w - 1
			}
		}
	}
}
