package reducer

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"rogue/events"
	"rogue/reducer/fov"
)

// Digest is a fingerprint of everything in the state that the game is
// made of: two states with the same digest are the same game at the same
// moment. It is FNV-1a 64 over a fixed-order encoding of the fields (never
// of a Go map), printed as 16 hex digits.
func (s *State) Digest() string {
	// Sized for the whole encoding: a deep level holds a thousand
	// entities, and restoring a snapshot digests it.
	size := 64 + 8*len(s.Level.Rooms) + 10*len(s.Level.Corridors) + 40*s.NumEntities()
	if s.Map != nil {
		size += s.Map.Width*s.Map.Height/8 + 16
	}
	b := make([]byte, 0, size)
	put := func(v int64) { b = binary.AppendVarint(b, v) }
	for i := range gameFields {
		switch f := &gameFields[i]; f.digest {
		case digestHead:
			put(f.get(s))
		case digestIfOver:
			if s.Over {
				put(f.get(s))
			}
		}
	}
	lv := &s.Level
	put(int64(lv.Width))
	put(int64(lv.Height))
	for _, r := range lv.Rooms {
		put(int64(r.X))
		put(int64(r.Y))
		put(int64(r.W))
		put(int64(r.H))
	}
	for _, c := range lv.Corridors {
		put(int64(c.From.X))
		put(int64(c.From.Y))
		put(int64(c.To.X))
		put(int64(c.To.Y))
		if c.HorizontalFirst {
			put(1)
		} else {
			put(0)
		}
	}
	put(int64(lv.Stairs.X))
	put(int64(lv.Stairs.Y))
	for e := range s.Entities() {
		put(int64(e.ID))
		for i := range entityFields {
			if f := &entityFields[i]; f.digest == digestEvery {
				f.ints(s, e, put)
			}
		}
	}
	// Where monsters search (rules 2), for those that ever lost sight of
	// the player: nothing at all in a game that has none, so that rules-1
	// digests are what they always were.
	for e := range s.Entities() {
		if e.SearchUntil != 0 {
			put(int64(e.ID))
			for i := range entityFields {
				if f := &entityFields[i]; f.digest == digestSearch {
					f.ints(s, e, put)
				}
			}
		}
	}
	// Rules 3: the moods of monsters not awake, and a victory; nothing at
	// all in a game without them, so that older digests are what they
	// always were. The markers are negative, as no id is.
	for e := range s.Entities() {
		if e.Mood != events.Awake {
			put(-1)
			put(int64(e.ID))
			for i := range entityFields {
				if f := &entityFields[i]; f.digest == digestMood {
					f.ints(s, e, put)
				}
			}
		}
	}
	if s.Won {
		put(-2)
		for i := range gameFields {
			if f := &gameFields[i]; f.digest == digestIfWon {
				put(f.get(s))
			}
		}
	}
	// The backpack's order, not the raw sequence numbers: the letters.
	for _, it := range s.Backpack(events.PlayerID) {
		put(int64(it.ID))
	}
	if s.Map != nil {
		b = appendTileBits(b, s.Explored(), s.Map.Width, s.Map.Height)
	}
	// FNV-1a 64, as hash/fnv computes it.
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return fmt.Sprintf("%016x", h)
}

// appendTileBits appends the tiles of a w x h map that are in set, row by
// row, 64 to a little-endian word with the first tile in its top bit,
// the last word's tiles in its low bits (a whole word of zeros when the
// tiles fill the words exactly).
func appendTileBits(b []byte, set *fov.Set, w, h int) []byte {
	n := w * h
	if set.Width() != w || set.Height() != h {
		return appendTilesOneByOne(b, set, w, h)
	}
	// The set keeps tile i at bit i%64 of word i/64: the same words, each
	// reversed.
	words := set.Words()
	for _, word := range words[:n/64] {
		b = binary.LittleEndian.AppendUint64(b, bits.Reverse64(word))
	}
	var last uint64
	if r := n % 64; r != 0 {
		last = bits.Reverse64(words[n/64]) >> (64 - r)
	}
	return binary.LittleEndian.AppendUint64(b, last)
}

// appendTilesOneByOne is appendTileBits a tile at a time, for a set of
// another size than the map's.
func appendTilesOneByOne(b []byte, set *fov.Set, w, h int) []byte {
	var word uint64
	k := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			word <<= 1
			if set.Has(events.Pos{X: x, Y: y}) {
				word |= 1
			}
			if k++; k == 64 {
				b = binary.LittleEndian.AppendUint64(b, word)
				word, k = 0, 0
			}
		}
	}
	return binary.LittleEndian.AppendUint64(b, word)
}
