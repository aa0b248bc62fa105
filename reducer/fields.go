package reducer

import (
	"math"

	"rogue/events"
)

// The game's own value is its fields below, its level (Level, and the
// memory of it) and its entities (entityFields); everything else in State
// is derived or scratch. The digest, the snapshot and Diff all read these
// lists, in their order: a field added to the game goes here, once, and
// all three take it.

// A gameField is one field of the game's own value that is neither its
// level nor an entity.
type gameField struct {
	// name is what Diff and a snapshot's errors call it.
	name string
	// kind is how a snapshot writes it; max, or lo and hi, the range a
	// snapshot may hold.
	kind   fieldKind
	max    uint64
	lo, hi int64
	// digest is where the digest writes it.
	digest digestPart
	// get and set read and write it, as an int64 (the bits of an
	// unsigned field, 0 or 1 for a flag); show is how Diff prints it (nil
	// for the number).
	get  func(*State) int64
	set  func(*State, int64)
	show func(int64) any
}

type fieldKind uint8

const (
	unsignedField fieldKind = iota
	signedField
	flagField
)

// digestPart is where the digest writes a field: the head, before the
// level (the death only when the game is over); the tail, after the
// entities' moods, only when the game is won, after the marker -2; or
// nowhere (the backpack's sequence numbers: the digest takes the
// letters' order instead).
type digestPart uint8

const (
	digestHead digestPart = iota
	digestIfOver
	digestIfWon
	digestNone
)

func flag(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// gameFields are the game's fields, in the order the digest and the
// snapshot write them.
var gameFields = []gameField{
	{name: "seed", kind: unsignedField, max: math.MaxUint64,
		get: func(s *State) int64 { return int64(s.Seed) }, set: func(s *State, v int64) { s.Seed = uint64(v) }},
	{name: "random draws", kind: unsignedField, max: math.MaxUint64,
		get: func(s *State) int64 { return int64(s.Draws) }, set: func(s *State, v int64) { s.Draws = uint64(v) }},
	{name: "turn", kind: signedField, lo: 0, hi: math.MaxInt32,
		get: func(s *State) int64 { return int64(s.Turn) }, set: func(s *State, v int64) { s.Turn = int(v) }},
	{name: "depth", kind: signedField, lo: 0, hi: math.MaxInt32,
		get: func(s *State) int64 { return int64(s.Depth) }, set: func(s *State, v int64) { s.Depth = int(v) }},
	{name: "next entity id", kind: unsignedField, max: math.MaxUint32,
		get: func(s *State) int64 { return int64(s.NextID) }, set: func(s *State, v int64) { s.NextID = events.EntityID(v) }},
	{name: "hunger", kind: unsignedField, max: uint64(events.NumHungers) - 1,
		get: func(s *State) int64 { return int64(s.Hunger) }, set: func(s *State, v int64) { s.Hunger = events.Hunger(v) },
		show: func(v int64) any { return events.Hunger(v) }},
	{name: "hunger until", kind: signedField, lo: math.MinInt32, hi: math.MaxInt32,
		get: func(s *State) int64 { return int64(s.HungerUntil) }, set: func(s *State, v int64) { s.HungerUntil = int(v) }},
	{name: "kills", kind: signedField, lo: 0, hi: math.MaxInt32,
		get: func(s *State) int64 { return int64(s.Kills) }, set: func(s *State, v int64) { s.Kills = int(v) }},
	{name: "wizard", kind: flagField,
		get: func(s *State) int64 { return flag(s.Wizard) }, set: func(s *State, v int64) { s.Wizard = v != 0 }},
	{name: "game over", kind: flagField,
		get: func(s *State) int64 { return flag(s.Over) }, set: func(s *State, v int64) { s.Over = v != 0 }},
	{name: "death's actor", kind: unsignedField, max: math.MaxUint32, digest: digestIfOver,
		get: func(s *State) int64 { return int64(s.Death.Actor) }, set: func(s *State, v int64) { s.Death.Actor = events.EntityID(v) }},
	{name: "death's cause", kind: unsignedField, max: 255, digest: digestIfOver,
		get: func(s *State) int64 { return int64(s.Death.Cause) }, set: func(s *State, v int64) { s.Death.Cause = events.Cause(v) },
		show: func(v int64) any { return events.Cause(v) }},
	{name: "death's killer", kind: unsignedField, max: math.MaxUint32, digest: digestIfOver,
		get: func(s *State) int64 { return int64(s.Death.Killer) }, set: func(s *State, v int64) { s.Death.Killer = events.EntityID(v) }},
	{name: "won", kind: flagField, digest: digestNone, // the tail's marker says it
		get: func(s *State) int64 { return flag(s.Won) }, set: func(s *State, v int64) { s.Won = v != 0 }},
	{name: "goal", kind: unsignedField, max: math.MaxUint32, digest: digestIfWon,
		get: func(s *State) int64 { return int64(s.Goal) }, set: func(s *State, v int64) { s.Goal = events.EntityID(v) }},
	{name: "pack sequence", kind: unsignedField, max: math.MaxUint64, digest: digestNone,
		get: func(s *State) int64 { return int64(s.packSeq) }, set: func(s *State, v int64) { s.packSeq = uint64(v) }},
}

// An entityField is one field of an entity, as Diff names it and the
// digest writes it (the snapshot writes them in groups, each flagged when
// it holds other than its usual value: see snapshot.go).
type entityField struct {
	name   string
	digest entityDigest
	// get is the field's value, for Diff; ints, for the digest (a
	// position is two, the attributes and skills one each).
	get  func(s *State, e *Entity) any
	ints func(s *State, e *Entity, put func(int64))
}

// entityDigest is where the digest writes an entity's field: with every
// entity, in the first pass; in the pass over the monsters that searched
// (rules 2: only those whose search ends, so that rules-1 digests are
// what they always were); in the pass over the moods not awake (rules 3,
// the same way).
type entityDigest uint8

const (
	digestEvery entityDigest = iota
	digestSearch
	digestMood
	// digestOrder: not the field itself, the order it gives (the
	// backpack's letters).
	digestOrder
)

// entityFields are an entity's fields, in the order the digest writes
// them (after its id).
var entityFields = []entityField{
	{name: "kind", get: func(_ *State, e *Entity) any { return e.Kind },
		ints: func(_ *State, e *Entity, put func(int64)) { put(int64(e.Kind)) }},
	{name: "position", get: func(_ *State, e *Entity) any { return e.Pos },
		// What a carried item's place was before it had none: its holder's.
		ints: func(s *State, e *Entity, put func(int64)) {
			at := e.Pos
			if e.Holder != 0 {
				at = s.Where(e)
			}
			put(int64(at.X))
			put(int64(at.Y))
		}},
	{name: "holder", get: func(_ *State, e *Entity) any { return e.Holder },
		ints: func(_ *State, e *Entity, put func(int64)) { put(int64(e.Holder)) }},
	{name: "slot", get: func(_ *State, e *Entity) any { return e.Slot },
		ints: func(_ *State, e *Entity, put func(int64)) { put(int64(e.Slot)) }},
	{name: "HP", get: func(_ *State, e *Entity) any { return e.HP },
		ints: func(_ *State, e *Entity, put func(int64)) { put(int64(e.HP)) }},
	{name: "XP", get: func(_ *State, e *Entity) any { return e.XP },
		ints: func(_ *State, e *Entity, put func(int64)) { put(int64(e.XP)) }},
	{name: "level", get: func(_ *State, e *Entity) any { return e.Level },
		ints: func(_ *State, e *Entity, put func(int64)) { put(int64(e.Level)) }},
	{name: "attributes", get: func(_ *State, e *Entity) any { return e.Attributes },
		ints: func(_ *State, e *Entity, put func(int64)) {
			for _, a := range e.Attributes {
				put(int64(a))
			}
		}},
	{name: "skills", get: func(_ *State, e *Entity) any { return e.Skills },
		ints: func(_ *State, e *Entity, put func(int64)) {
			for _, k := range e.Skills {
				put(int64(k))
			}
		}},
	{name: "confused until", get: func(_ *State, e *Entity) any { return e.ConfusedUntil },
		ints: func(_ *State, e *Entity, put func(int64)) { put(int64(e.ConfusedUntil)) }},
	{name: "searches at", digest: digestSearch, get: func(_ *State, e *Entity) any { return e.SearchAt },
		ints: func(_ *State, e *Entity, put func(int64)) {
			put(int64(e.SearchAt.X))
			put(int64(e.SearchAt.Y))
		}},
	{name: "searches until", digest: digestSearch, get: func(_ *State, e *Entity) any { return e.SearchUntil },
		ints: func(_ *State, e *Entity, put func(int64)) { put(int64(e.SearchUntil)) }},
	{name: "pack order", digest: digestOrder, get: func(_ *State, e *Entity) any { return e.PackOrder },
		ints: func(_ *State, e *Entity, put func(int64)) { put(int64(e.PackOrder)) }},
	{name: "mood", digest: digestMood, get: func(_ *State, e *Entity) any { return e.Mood },
		ints: func(_ *State, e *Entity, put func(int64)) { put(int64(e.Mood)) }},
}

// value is how Diff prints a game field's value.
func (f *gameField) value(s *State) any {
	v := f.get(s)
	switch {
	case f.show != nil:
		return f.show(v)
	case f.kind == flagField:
		return v != 0
	case f.kind == unsignedField:
		return uint64(v)
	}
	return v
}

// writeGameFields writes the game's fields to a snapshot.
func writeGameFields(w *snapWriter, s *State) {
	for i := range gameFields {
		f := &gameFields[i]
		switch v := f.get(s); f.kind {
		case unsignedField:
			w.uint(uint64(v))
		case signedField:
			w.int(int(v))
		default:
			w.bool(v != 0)
		}
	}
}

// readGameFields reads the game's fields from a snapshot.
func readGameFields(r *snapReader, s *State) {
	for i := range gameFields {
		f := &gameFields[i]
		switch f.kind {
		case unsignedField:
			f.set(s, int64(r.uint(f.name, f.max)))
		case signedField:
			f.set(s, int64(r.int(f.name, f.lo, f.hi)))
		default:
			f.set(s, flag(r.bool(f.name)))
		}
	}
	if r.err == nil && s.Over && !s.Death.Cause.Valid() {
		r.fail("death cause %d is not a cause", s.Death.Cause)
	}
	if r.err == nil && s.Won && !s.Over {
		r.fail("a game won is over")
	}
}
