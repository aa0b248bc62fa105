package reducer

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"

	"rogue/events"
)

// Digest is a fingerprint of everything in the state that the game is
// made of: two states with the same digest are the same game at the same
// moment. It is FNV-1a 64 over a fixed-order encoding of the fields (never
// of a Go map), printed as 16 hex digits.
func (s *State) Digest() string {
	b := make([]byte, 0, 4096)
	put := func(v int64) { b = binary.AppendVarint(b, v) }
	put(int64(s.Seed))
	put(int64(s.Draws))
	put(int64(s.Turn))
	put(int64(s.Depth))
	put(int64(s.NextID))
	put(int64(s.Hunger))
	put(int64(s.HungerUntil))
	put(int64(s.Kills))
	if s.Wizard {
		put(1)
	} else {
		put(0)
	}
	if s.Over {
		put(1)
		put(int64(s.Death.Actor))
		put(int64(s.Death.Cause))
		put(int64(s.Death.Killer))
	} else {
		put(0)
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
	for i := range s.Entity {
		e := &s.Entity[i]
		put(int64(e.ID))
		put(int64(e.Kind))
		at := s.Where(e) // what a carried item's place was before it had none
		put(int64(at.X))
		put(int64(at.Y))
		put(int64(e.Holder))
		put(int64(e.Slot))
		put(int64(e.HP))
		put(int64(e.XP))
		put(int64(e.Level))
		for _, a := range e.Attributes {
			put(int64(a))
		}
		for _, k := range e.Skills {
			put(int64(k))
		}
		put(int64(e.ConfusedUntil))
	}
	// The backpack's order, not the raw sequence numbers: the letters.
	for _, it := range s.Backpack(events.PlayerID) {
		put(int64(it.ID))
	}
	if s.Map != nil {
		ex := s.Explored()
		var word uint64
		n := 0
		for y := 0; y < s.Map.Height; y++ {
			for x := 0; x < s.Map.Width; x++ {
				word <<= 1
				if ex.Has(events.Pos{X: x, Y: y}) {
					word |= 1
				}
				if n++; n == 64 {
					b = binary.LittleEndian.AppendUint64(b, word)
					word, n = 0, 0
				}
			}
		}
		b = binary.LittleEndian.AppendUint64(b, word)
	}
	h := fnv.New64a()
	h.Write(b)
	return fmt.Sprintf("%016x", h.Sum64())
}
