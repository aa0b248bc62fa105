package reducer

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"rogue/events"
	"rogue/reducer/content"
	"rogue/reducer/dungeon"
	"rogue/reducer/fov"
)

// SnapshotSchema is the version of the layout MarshalSnapshot writes. It
// changes whenever State gains, loses or changes a field; a snapshot of
// another schema is refused (snapshots are a cache: the journal is folded
// instead).
//
// History:
//   - 1: first release.
//   - 2: a carried item's position is the zero Pos, not its holder's.
//   - 3: an entity's fields that hold their usual value are left out, a
//     flags varint saying which follow (see entityFields): a deep level's
//     monsters take 6 varints each instead of 17.
//   - 4: a monster's search (rules 2: where it last saw the player and
//     until when it looks there), flagged by fieldSearch.
//   - 5: rules 3: a monster's mood, flagged by fieldMood; a game won and
//     the goal that won it; the backpack's letters (letters.go): how many
//     are taken, then each taken letter's index (0 for a) and its stack's
//     key.
//   - 6: the game's fields in the order of gameFields (fields.go), which
//     the digest and Diff read too: kills before wizard.
const SnapshotSchema = 6

// entityFields are the bits of an entity's flags in a snapshot: which of
// its fields follow. Those that do not hold their usual value: the zero
// Pos, no holder, slot or pack order, the kind's stats (a monster's level,
// attributes and skills from content.Monster; none for an item), XP 0 and
// never confused.
const (
	fieldPos = 1 << iota
	fieldHeld
	fieldStats
	fieldXP
	fieldConfused
	fieldSearch
	fieldMood
	allFields = 1<<iota - 1
)

// kindStats are the stats an entity of kind starts with: the monster's,
// or none for an item (or a kind tables does not have).
func kindStats(tables *content.Tables, kind int) (level int, attrs [events.NumAttributes]int, skills [events.NumSkills]int) {
	if m := tables.Monster(kind); m != nil {
		return m.Level, m.Attributes, m.Skills
	}
	return 0, attrs, skills
}

// MaxSnapshotEntities is the most entities a snapshot may hold.
const MaxSnapshotEntities = 1 << 16

// MarshalSnapshot serializes s: everything a game is made of, so that
// UnmarshalSnapshot gives a state with the same Digest that folds on
// exactly as s would. Derived caches (the carved map, fields of view, path
// scratch) are left out and rebuilt; the player's memory of the level is
// merged first and stored merged. The layout is a schema version and then
// the fields in a fixed order as varints, little-endian bit sets for the
// memory: compact, and read back with every count checked against caps
// and the bytes left.
func (s *State) MarshalSnapshot() []byte {
	w := snapWriter{b: make([]byte, 0, 256+8*s.NumEntities())}
	w.uint(SnapshotSchema)
	writeGameFields(&w, s)
	taken := 0
	for _, k := range s.letters.key {
		if k != 0 {
			taken++
		}
	}
	w.uint(uint64(taken))
	for i, k := range s.letters.key {
		if k != 0 {
			w.uint(uint64(i))
			w.int(k - 1)
		}
	}

	hasLevel := s.Map != nil
	w.bool(hasLevel)
	if hasLevel {
		lv := &s.Level
		w.int(lv.Depth)
		w.int(lv.Width)
		w.int(lv.Height)
		w.uint(uint64(len(lv.Rooms)))
		for _, r := range lv.Rooms {
			w.int(r.X)
			w.int(r.Y)
			w.int(r.W)
			w.int(r.H)
		}
		w.uint(uint64(len(lv.Corridors)))
		for _, c := range lv.Corridors {
			w.int(c.From.X)
			w.int(c.From.Y)
			w.int(c.To.X)
			w.int(c.To.Y)
			w.bool(c.HorizontalFirst)
		}
		w.int(lv.Stairs.X)
		w.int(lv.Stairs.Y)
		w.int(lv.Arrival.X)
		w.int(lv.Arrival.Y)
		// The memory, one bit per tile row by row.
		ex := s.Explored()
		var acc byte
		n := 0
		for y := 0; y < s.Map.Height; y++ {
			for x := 0; x < s.Map.Width; x++ {
				if ex.Has(events.Pos{X: x, Y: y}) {
					acc |= 1 << n
				}
				if n++; n == 8 {
					w.b = append(w.b, acc)
					acc, n = 0, 0
				}
			}
		}
		if n > 0 {
			w.b = append(w.b, acc)
		}
	}

	w.uint(uint64(s.NumEntities()))
	prev := events.EntityID(0)
	for e := range s.Entities() {
		w.uint(uint64(e.ID - prev)) // ids increase: store the step
		prev = e.ID
		w.int(e.Kind)
		flags := 0
		if e.Pos != (events.Pos{}) {
			flags |= fieldPos
		}
		if e.Holder != 0 || e.Slot != events.SlotNone || e.PackOrder != 0 {
			flags |= fieldHeld
		}
		if level, attrs, skills := kindStats(s.content, e.Kind); e.Level != level || e.Attributes != attrs || e.Skills != skills {
			flags |= fieldStats
		}
		if e.XP != 0 {
			flags |= fieldXP
		}
		if e.ConfusedUntil != 0 {
			flags |= fieldConfused
		}
		if e.SearchUntil != 0 || e.SearchAt != (events.Pos{}) {
			flags |= fieldSearch
		}
		if e.Mood != events.Awake {
			flags |= fieldMood
		}
		w.uint(uint64(flags))
		w.int(e.HP)
		if flags&fieldPos != 0 {
			w.int(e.Pos.X)
			w.int(e.Pos.Y)
		}
		if flags&fieldHeld != 0 {
			w.uint(uint64(e.Holder))
			w.uint(uint64(e.Slot))
			w.uint(e.PackOrder)
		}
		if flags&fieldStats != 0 {
			w.int(e.Level)
			for _, a := range e.Attributes {
				w.int(a)
			}
			for _, k := range e.Skills {
				w.int(k)
			}
		}
		if flags&fieldXP != 0 {
			w.int(e.XP)
		}
		if flags&fieldConfused != 0 {
			w.int(e.ConfusedUntil)
		}
		if flags&fieldSearch != 0 {
			w.int(e.SearchAt.X)
			w.int(e.SearchAt.Y)
			w.int(e.SearchUntil)
		}
		if flags&fieldMood != 0 {
			w.uint(uint64(e.Mood))
		}
	}
	return w.b
}

// UnmarshalSnapshot rebuilds the state MarshalSnapshot serialized, with
// tables as its content. The bytes are untrusted: every count is checked
// against a cap and against the bytes left before anything is allocated,
// every number against its type's range, and the state must hold together
// (the level carves, ids increase, kinds exist, positions lie on the map,
// holders are actors) so that nothing that reads it can panic. Whether it
// is the state its journal says is the caller's business: compare its
// Digest with the one stored beside it. It never panics.
func UnmarshalSnapshot(b []byte, tables *content.Tables) (*State, error) {
	r := snapReader{b: b}
	if v := r.uint("schema", math.MaxUint32); r.err == nil && v != SnapshotSchema {
		return nil, fmt.Errorf("snapshot: state schema %d, this program reads %d", v, SnapshotSchema)
	}
	s := New(0, tables)
	readGameFields(&r, s)
	for n := r.uint("letters", uint64(len(s.letters.key))); n > 0 && r.err == nil; n-- {
		i := r.uint("letter", uint64(len(s.letters.key))-1)
		key := r.int("letter's stack", math.MinInt32, math.MaxInt32-1)
		if r.err == nil && (s.letters.key[i] != 0 || s.PackLetter(key) != 0) {
			r.fail("letter %c is given twice, or its stack two letters", rune('a'+i))
		}
		s.letters.key[i] = key + 1
	}

	if r.bool("has level") {
		lv := &s.Level
		lv.Depth = r.int("level depth", 1, events.MaxDepth)
		lv.Width = r.int("level width", 1, dungeon.MaxSide)
		lv.Height = r.int("level height", 1, dungeon.MaxSide)
		n := r.count("rooms", events.MaxRooms, 4)
		lv.Rooms = make([]events.Rect, n)
		for i := range lv.Rooms {
			lv.Rooms[i] = events.Rect{X: r.coord(), Y: r.coord(), W: r.coord(), H: r.coord()}
		}
		n = r.count("corridors", events.MaxRooms, 5)
		lv.Corridors = make([]events.Corridor, n)
		for i := range lv.Corridors {
			lv.Corridors[i] = events.Corridor{From: r.pos(), To: r.pos(), HorizontalFirst: r.bool("corridor")}
		}
		lv.Stairs = r.pos()
		lv.Arrival = r.pos()
		if r.err != nil {
			return nil, r.err
		}
		m, err := dungeon.Carve(lv.Width, lv.Height, lv.Rooms, lv.Corridors, lv.Stairs)
		if err != nil {
			return nil, fmt.Errorf("snapshot: level: %w", err)
		}
		s.Map = m
		mem := r.bytes("memory", (m.Width*m.Height+7)/8)
		if r.err != nil {
			return nil, r.err
		}
		s.explored = fov.SetFromBytes(m.Width, m.Height, mem)
	}

	n := r.count("entities", MaxSnapshotEntities, 4)
	if r.err != nil {
		return nil, r.err
	}
	s.entity = make([]Entity, n)
	prev := uint64(0)
	for i := range s.entity {
		e := &s.entity[i]
		step := r.uint("id step", math.MaxUint32)
		if r.err == nil && (step == 0 || prev+step > math.MaxUint32) {
			r.fail("entity %d: ids must increase", i)
		}
		prev += step
		e.ID = events.EntityID(prev)
		e.Kind = r.int("kind", math.MinInt32, math.MaxInt32)
		e.actor = tables.Monster(e.Kind) != nil
		flags := r.uint("entity flags", allFields)
		e.HP = r.int("HP", math.MinInt32, math.MaxInt32)
		if flags&fieldPos != 0 {
			e.Pos = r.pos()
		}
		if flags&fieldHeld != 0 {
			e.Holder = events.EntityID(r.uint("holder", math.MaxUint32))
			e.Slot = events.Slot(r.uint("slot", uint64(events.NumSlots)-1))
			e.PackOrder = r.uint("pack order", math.MaxUint64)
		}
		if flags&fieldStats != 0 {
			e.Level = r.int("level", math.MinInt32, math.MaxInt32)
			for a := range e.Attributes {
				e.Attributes[a] = r.int("attribute", math.MinInt32, math.MaxInt32)
			}
			for k := range e.Skills {
				e.Skills[k] = r.int("skill", math.MinInt32, math.MaxInt32)
			}
		} else {
			e.Level, e.Attributes, e.Skills = kindStats(tables, e.Kind)
		}
		if flags&fieldXP != 0 {
			e.XP = r.int("XP", math.MinInt32, math.MaxInt32)
		}
		if flags&fieldConfused != 0 {
			e.ConfusedUntil = r.int("confused until", math.MinInt32, math.MaxInt32)
		}
		if flags&fieldSearch != 0 {
			e.SearchAt = r.pos()
			e.SearchUntil = r.int("search until", math.MinInt32, math.MaxInt32)
			if r.err == nil && (s.Map == nil || !s.Map.InBounds(e.SearchAt)) {
				r.fail("entity %d: searches at (%d,%d), off the map", e.ID, e.SearchAt.X, e.SearchAt.Y)
			}
		}
		if flags&fieldMood != 0 {
			e.Mood = events.Mood(r.uint("mood", uint64(events.NumMoods)-1))
		}
		if r.err != nil {
			return nil, r.err
		}
	}
	if len(r.b) != r.i {
		return nil, fmt.Errorf("snapshot: %d bytes after its end", len(r.b)-r.i)
	}
	if err := s.checkSnapshot(); err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	for i := range s.entity {
		if e := &s.entity[i]; e.Holder != 0 {
			h := s.Get(e.Holder) // checkSnapshot made sure there is one
			if h.holding++; h.holding > events.MaxHeld {
				return nil, fmt.Errorf("snapshot: actor %d holds more than %d items", h.ID, events.MaxHeld)
			}
			if e.Slot != events.SlotNone {
				if h.worn[e.Slot-1] != 0 {
					return nil, fmt.Errorf("snapshot: actor %d wears items %d and %d in the %s slot", h.ID, h.worn[e.Slot-1], e.ID, e.Slot)
				}
				h.worn[e.Slot-1] = e.ID
			}
		}
	}
	// What Apply refuses, a snapshot may not hold either: anything on a
	// wall, two actors on one tile.
	if s.Map != nil {
		for e := range s.Entities() {
			if e.Holder == 0 {
				if err := s.placeable(e.Pos); err != nil {
					return nil, fmt.Errorf("snapshot: entity %d: %w", e.ID, err)
				}
			}
		}
		if err := s.indexStanding(); err != nil {
			return nil, fmt.Errorf("snapshot: %w", err)
		}
	}
	s.recount() // how many items each letter's stack holds
	return s, nil
}

// checkSnapshot checks that a decoded state holds together as a fold
// leaves it, so that nothing reading it can panic.
func (s *State) checkSnapshot() error {
	if s.Turn > 0 && s.Map == nil {
		return errors.New("a game under way has no level")
	}
	if s.Map != nil && s.Depth != s.Level.Depth {
		return fmt.Errorf("depth %d is not the level's depth %d", s.Depth, s.Level.Depth)
	}
	if s.Map != nil && !s.Map.Walkable(s.Level.Arrival) {
		return errors.New("the level's arrival is not floor")
	}
	for e := range s.Entities() {
		if e.ID >= s.NextID {
			return fmt.Errorf("entity %d is at or past the next id %d", e.ID, s.NextID)
		}
		m, it := s.content.Monster(e.Kind), s.content.Item(e.Kind)
		switch {
		case m == nil && it == nil:
			return fmt.Errorf("entity %d: unknown kind %d", e.ID, e.Kind)
		case m != nil && e.Holder != 0:
			return fmt.Errorf("entity %d: an actor cannot be carried", e.ID)
		case m != nil && m.Player != (e.ID == events.PlayerID):
			return fmt.Errorf("entity %d: kind %d cannot have that id", e.ID, e.Kind)
		case e.Holder == 0 && e.Slot != events.SlotNone:
			return fmt.Errorf("entity %d: worn on the floor", e.ID)
		case e.Holder != 0 && e.Pos != (events.Pos{}):
			return fmt.Errorf("entity %d: carried, yet placed at (%d,%d)", e.ID, e.Pos.X, e.Pos.Y)
		case e.Holder == 0 && (s.Map == nil || !s.Map.InBounds(e.Pos)):
			return fmt.Errorf("entity %d: (%d,%d) is off the map", e.ID, e.Pos.X, e.Pos.Y)
		}
		if e.Holder != 0 {
			if h := s.Get(e.Holder); h == nil || !s.IsActor(h) {
				return fmt.Errorf("entity %d: holder %d is not an actor", e.ID, e.Holder)
			}
		}
	}
	if s.Turn > 0 && s.Player() == nil {
		return errors.New("a game under way has no player")
	}
	return nil
}

// snapWriter appends varints.
type snapWriter struct{ b []byte }

func (w *snapWriter) uint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }
func (w *snapWriter) int(v int)     { w.b = binary.AppendVarint(w.b, int64(v)) }
func (w *snapWriter) bool(v bool) {
	if v {
		w.b = append(w.b, 1)
	} else {
		w.b = append(w.b, 0)
	}
}

// snapReader reads varints; the first error sticks and names the field.
type snapReader struct {
	b   []byte
	i   int
	err error
}

func (r *snapReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("snapshot at byte %d: %s", r.i, fmt.Sprintf(format, args...))
	}
}

func (r *snapReader) uint(what string, max uint64) uint64 {
	if r.err != nil {
		return 0
	}
	var v uint64
	var n int
	if r.i < len(r.b) && r.b[r.i] < 0x80 { // one byte: most are
		v, n = uint64(r.b[r.i]), 1
	} else {
		v, n = binary.Uvarint(r.b[r.i:])
	}
	if n <= 0 {
		r.fail("%s: not a varint", what)
		return 0
	}
	r.i += n
	if v > max {
		r.fail("%s %d is over %d", what, v, max)
		return 0
	}
	return v
}

func (r *snapReader) int(what string, min, max int64) int {
	if r.err != nil {
		return 0
	}
	var v int64
	var n int
	if r.i < len(r.b) && r.b[r.i] < 0x80 { // one byte, zig-zag: most are
		c := r.b[r.i]
		v, n = int64(c>>1)^-int64(c&1), 1
	} else {
		v, n = binary.Varint(r.b[r.i:])
	}
	if n <= 0 {
		r.fail("%s: not a varint", what)
		return 0
	}
	r.i += n
	if v < min || v > max {
		r.fail("%s %d is not within %d..%d", what, v, min, max)
		return 0
	}
	return int(v)
}

func (r *snapReader) bool(what string) bool {
	return r.uint(what, 1) == 1
}

// coord reads a coordinate or size on a map.
func (r *snapReader) coord() int { return r.int("coordinate", -1, dungeon.MaxSide+1) }

func (r *snapReader) pos() events.Pos {
	return events.Pos{X: r.int("x", math.MinInt32, math.MaxInt32), Y: r.int("y", math.MinInt32, math.MaxInt32)}
}

// count reads how many of something follow: at most max, and no more than
// the bytes left could hold at least minBytes each.
func (r *snapReader) count(what string, max, minBytes int) int {
	n := r.uint(what, uint64(max))
	if r.err == nil && n > uint64((len(r.b)-r.i)/minBytes) {
		r.fail("%d %s cannot fit in the %d bytes left", n, what, len(r.b)-r.i)
		return 0
	}
	return int(n)
}

// bytes reads n raw bytes.
func (r *snapReader) bytes(what string, n int) []byte {
	if r.err != nil {
		return nil
	}
	if n > len(r.b)-r.i {
		r.fail("%s: %d bytes, only %d left", what, n, len(r.b)-r.i)
		return nil
	}
	b := r.b[r.i : r.i+n]
	r.i += n
	return b
}
