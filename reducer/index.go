package reducer

import "rogue/events"

// The fold and the rules look an entity up by its id for nearly every
// fact. Ids are handed out in increasing order and never reused, so an
// entity's id tells where its entry is in a slice indexed by id
// (State.index): one load where the search (see State.search) takes a
// few probes, each a likely cache miss among a deep level's thousand
// entities.
//
// The index is a hint, never trusted: an entry is used only when the
// entity at the place it names has the id looked for, and any other
// answer falls back to the search. So an index that went stale (the
// entities copied or compacted) costs time, never a wrong answer: once
// marked so (indexOK false), its entries are still tried (ids are never
// reused, so an entry that names an entity with the id is right), and it
// is rebuilt at the first lookup they cannot answer.
//
// It covers the ids from indexBase to the last entity's, at most
// indexSpan(n) of them for n entities, so that its memory stays a small
// multiple of the entities' whatever ids a journal hands out (an id
// below indexBase, an old one that keeps a long level's span from
// fitting, is searched for).

// indexAhead is how many entries past the last id the index readies at
// most, when it is built or grown: the next spawns' entries, without
// clearing much more than a compaction's rebuild needs.
const indexAhead = 64

// indexSpan is the most ids the index covers for n entities.
func indexSpan(n int) int { return 4*n + 1024 }

// slot returns the index of entity id in s.entity, dead or alive, or -1.
func (s *State) slot(id events.EntityID) int {
	if i, ok := s.hint(id); ok {
		return i
	}
	return s.slotSlow(id)
}

// live is the live entity id when the index finds it, else nil (ask
// Get). (Inlined.)
func (s *State) live(id events.EntityID) *Entity {
	if i, ok := s.hint(id); ok && !s.entity[i].dead {
		return &s.entity[i]
	}
	return nil
}

// hint is the index's answer for id, if it has a right one: the entity
// at the place it names has the id (built or not: an entry is only ever
// a hint). (Inlined: three loads and a compare. An id below indexBase
// wraps to past the index's end.)
func (s *State) hint(id events.EntityID) (int, bool) {
	if k := uint(id - s.indexBase); k < uint(len(s.index)) {
		if i := uint(s.index[k]); i < uint(len(s.entity)) && s.entity[i].ID == id {
			return int(i), true
		}
	}
	return 0, false
}

// slotSlow is slot when hint has no answer.
func (s *State) slotSlow(id events.EntityID) int {
	// The player, the id most facts name, comes first: no index needed.
	if len(s.entity) > 0 && s.entity[0].ID == id {
		return 0
	}
	if !s.indexOK {
		s.buildIndex()
	}
	if k := uint64(id) - uint64(s.indexBase); id >= s.indexBase && k < uint64(len(s.index)) {
		if i := int(s.index[k]); i < len(s.entity) && s.entity[i].ID == id {
			return i
		}
	} else if id < s.indexBase {
		if i := s.searchBelow(id); i >= 0 {
			return i
		}
	}
	return s.search(id)
}

// searchBelow looks for id, below indexBase, among the entities the index
// does not cover: the first indexBelow of s.entity (what the player
// carries from levels long left, a few dozen at most), by halving. Their
// ids are far apart, so the search's guesses from the ids at either end
// would be poor. -1 when it is not there.
func (s *State) searchBelow(id events.EntityID) int {
	es := s.entity[:min(s.indexBelow, len(s.entity))]
	lo, hi := 0, len(es)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if es[mid].ID < id {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(es) && es[lo].ID == id {
		return lo
	}
	return -1
}

// buildIndex builds the index from s.entity.
func (s *State) buildIndex() {
	s.indexOK = true
	es := s.entity
	n := len(es)
	if n == 0 {
		s.index, s.indexBase, s.indexBelow = s.index[:0], 0, 0
		return
	}
	last := uint64(es[n-1].ID)
	k := 0
	for k < n-1 && last-uint64(es[k].ID) >= uint64(indexSpan(n)) {
		k++
	}
	s.indexBase, s.indexBelow = es[k].ID, k
	span := int(last-uint64(s.indexBase)) + 1
	if cap(s.index) < span {
		s.index = make([]int32, span, span+span/4)
	}
	// Entries of ids no entity has point at the first entity, whose id
	// differs: a lookup of one of them falls through to the search. The
	// index runs indexAhead entries past the last id, as far as its
	// storage and the most ids it may cover let it, so that the ids
	// spawned next have their entries ready (see indexAppended).
	s.index = s.index[:min(cap(s.index), indexSpan(n), span+indexAhead)]
	clear(s.index)
	for i := k; i < n; i++ {
		s.index[es[i].ID-s.indexBase] = int32(i)
	}
}

// indexAppended records in the index the entity just appended to
// s.entity (the newest id), or marks the index for a rebuild when it
// would cover too many ids. The index grows to cover it, and indexAhead
// ids to come, as far as its new storage and the most ids it may cover
// let it: a spawn then finds the entry of its id ready, and sets it
// itself (see State.spawn).
func (s *State) indexAppended() {
	if !s.indexOK {
		return
	}
	n := len(s.entity)
	id := s.entity[n-1].ID
	if n == 1 || id < s.indexBase {
		s.indexOK = false
		return
	}
	k := int(id - s.indexBase)
	if k >= indexSpan(n) {
		s.indexOK = false
		return
	}
	for len(s.index) < k {
		s.index = append(s.index, 0)
	}
	s.index = append(s.index, int32(n-1))
	old := len(s.index)
	s.index = s.index[:max(old, min(cap(s.index), indexSpan(n), old+indexAhead))]
	clear(s.index[old:])
}
