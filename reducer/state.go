package reducer

import (
	"iter"
	"slices"

	"rogue/events"
	"rogue/reducer/content"
	"rogue/reducer/dungeon"
	"rogue/reducer/fov"
)

// Entity is a monster, an item or the player. Items on the floor have
// Holder 0; carried items have the carrier as Holder and are worn when Slot
// is not SlotNone.
//
// The fields are in the order the fold reads them: what nearly every fact
// asks of an entity (its id, whether it is dead or an actor, where it
// stands, its holder and hit points) comes first, in the entity's first 48
// bytes, so that a step or a blow on a deep level's thousand entities
// loads one cache line of the entity, not two.
type Entity struct {
	ID     events.EntityID
	Holder events.EntityID
	Slot   events.Slot
	// dead marks an entity removed from the game but not yet from
	// State.entity (see State.remove).
	dead bool
	// actor is whether Kind is a monster's (the player's included):
	// what IsActor answers, set when the entity is made (spawned or
	// read from a snapshot), as Kind never changes. The fold asks it of
	// nearly every fact; the content table it stands for is a load
	// further away.
	actor bool
	// holding counts the items an actor holds (at most events.MaxHeld):
	// derived from the items' Holder and kept by the fold, so that a
	// death or a spawn in the hands need not look at every entity when
	// there is nothing to find.
	holding int32
	// Pos is where an entity on the map is. A carried item has no place
	// of its own (Pos is the zero Pos): it is where its holder is (see
	// State.Where), so moving an actor touches nothing it carries.
	Pos  events.Pos
	Kind int // content code

	// Actors only.
	HP int

	// PackOrder orders a holder's backpack: the order items went in.
	PackOrder uint64

	// Actors only.
	XP            int
	Level         int
	Attributes    [events.NumAttributes]int
	Skills        [events.NumSkills]int
	ConfusedUntil int
	// SearchAt is where a monster last saw the player, and SearchUntil
	// the turn it gives up looking for the player there (rules 2: see
	// events.LostSight); 0 when it never lost sight of the player.
	SearchAt    events.Pos
	SearchUntil int
	// Mood is a monster's (rules 3: see events.MoodChanged).
	Mood events.Mood

	// worn is the id of the item the actor wears in each slot (slot-1;
	// 0 for none): derived from the items' Holder and Slot and kept by
	// the fold, so that asking what an actor wears looks at one entity,
	// not every one.
	worn [events.NumSlots - 1]events.EntityID
}

// State is a whole game at the end of a turn.
type State struct {
	Seed  uint64 // the journal's seed; the random stream is (Seed, Draws)
	Draws uint64 // random numbers drawn so far
	Turn  int    // turns folded so far: the next turn's number (see TurnNumber)

	Depth int
	Level events.LevelEntered // the description of the current level
	Map   *dungeon.Map        // tiles carved from Level; shared, never changed
	// ownMap is whether no copy of the state shares Map: once the level
	// is left, its storage is spareMap, which the next level is carved
	// into (a fold that enters a level a turn allocates no map a turn).
	// A map a copy shares is never carved into again.
	ownMap   bool
	spareMap *dungeon.Map
	// entity holds the entities sorted by ID, and those removed since it
	// was last compacted (dead, ndead of them): removing one from the
	// middle of a deep level's thousand would move half the others, so
	// the dead stay until they are half. Read it through Entities, Get
	// and the other lookups, which pass over the dead.
	entity []Entity
	ndead  int
	NextID events.EntityID // the id the next Spawned fact must carry

	Hunger      events.Hunger
	HungerUntil int // the turn the hunger state ends; 0 for never

	// Wizard is the journal's recorded cheat: the player cannot die (a
	// killing blow heals to full instead). Used to build long games for
	// benchmarks and tests; it is in the header, so replays agree.
	Wizard bool

	Kills int
	Over  bool        // the player died, or won
	Death events.Died // how, when Over and not Won
	// Won is a game won (rules 3: see events.Won): Over too; Goal is the
	// item that won it.
	Won  bool
	Goal events.EntityID

	packSeq uint64
	letters packLetters // the backpack's letters (letters.go)

	// explored is the player's memory of the level. It is folded lazily:
	// the viewpoints of viewed not in merged are pending, their fields of
	// view not yet merged into it (a union: the order they were looked
	// from does not matter), so replay does not compute a field of view
	// per step. Reading explored (Explored, Digest) merges them; the
	// result is the same either way. npending counts them.
	explored *fov.Set
	merged   *fov.Set
	npending int
	scratch  *fov.Set
	// clear marks the tiles of Map that shade nothing on it (the
	// transparent ones and its outer ring, with no map behind it), when
	// Explored has built it (nil until then, and on a new level): it
	// never changes, so copies share it.
	clear *fov.Set
	// viewed marks the tiles of this level the player has looked from
	// since explored was last reset (their view is in explored, merged,
	// or pending): looking from one again adds nothing, and a step onto a
	// new one sets one bit. nil means none known; merged nil, none merged.
	viewed *fov.Set

	// visible caches the player's field of view at visibleAt.
	visible   *fov.Set
	visibleAt events.Pos
	visibleOK bool

	// applied counts the facts folded into s (Apply calls), and lastFacts
	// are the facts of the last turn folded, so that a Decider can tell
	// whether s folded exactly the turn it decided last (see
	// Decider.copyOf).
	applied   uint64
	lastFacts []events.Fact
	// On a working copy: decision is the one made on it (see
	// Decider.copyOf).
	decision decision
	// forgetful marks a working copy: it keeps no memory of the level.
	forgetful bool
	// movers is monstersAct's scratch, kept by the working copy.
	movers []mover
	// rules is the decider of a working copy, kept with its scratch
	// memory from turn to turn (see State.decider).
	rules *decider
	// standing indexes where the actors stand, on a working copy only
	// (see standing.go).
	standing   []uint64
	standingOK bool
	// index finds an entity's place in entity by its id (see index.go).
	index      []int32
	indexBase  events.EntityID
	indexBelow int // how many entities have ids below indexBase
	indexOK    bool
	// monsters lists the living monsters on the level by id, on a
	// working copy only (see monsterlist.go).
	monsters   []events.EntityID
	monstersOK bool

	content *content.Tables
}

// decision is what a working copy remembers of the decision made on it.
type decision struct {
	made  bool          // a decision was made (and not refused)
	from  uint64        // the applied count of the state it was made from
	turn  int           // and its Turn
	facts []events.Fact // the facts it decided, as Decide returned them
}

// New returns the state of a game before its first turn.
func New(seed uint64, tables *content.Tables) *State {
	return &State{Seed: seed, NextID: events.PlayerID, content: tables}
}

// Content is the content the state was made with.
func (s *State) Content() *content.Tables { return s.content }

// TurnNumber is the number of the last turn folded, as every output names
// turns (the status line, the replay, dump, export, verify, the death
// summary): the journal's record index. Turn 0 is the Begin record (the
// first level, the player and their gear), turn N the player's Nth
// command and what followed it, so a game of n records ends at turn n-1.
// It is Turn-1: -1 before Begin.
func (s *State) TurnNumber() int { return s.Turn - 1 }

// RulesVersion is the rules version the state is played under: its
// content's (0 for tables that are not a released version's, which play
// by the newest rules' code).
func (s *State) RulesVersion() int { return s.content.Version }

// GoalHere is the goal that lies on this level, nil for none (see
// content.Rules.GoalOn): while the game is on, its stairs down are
// sealed until the goal is held.
func (s *State) GoalHere() *content.Item { return s.content.Rules.GoalOn(s.Depth, s.Wizard) }

// Clone returns an independent copy of s; s is not changed. The carved
// map is shared (it never changes), and neither may carve a later level
// into its storage: s keeps owning it only if it owns its own copy (see
// ownMap), so the copy takes the map's tiles when s owns it.
func (s *State) Clone() *State {
	c := *s
	c.ownMap, c.spareMap = false, nil
	if s.ownMap {
		// s may carve the next level into this map's storage: the copy
		// gets tiles of its own, which it owns.
		c.Map, c.ownMap = s.Map.Clone(), true
	}
	c.entity, c.ndead = s.liveInto(nil), 0
	if s.viewed != nil {
		c.viewed = s.viewed.Clone()
	}
	if s.merged != nil {
		c.merged = s.merged.Clone()
	}
	if s.explored != nil {
		c.explored = s.explored.Clone()
	}
	if c.Map != s.Map {
		c.clear = nil
	}
	c.scratch, c.movers, c.rules = nil, nil, nil
	c.decision = decision{}
	c.standing, c.standingOK = nil, false
	c.index, c.indexOK = nil, false
	c.monsters, c.monstersOK = nil, false
	c.visible = nil
	c.takeView(s)
	return &c
}

// takeView gives s a copy of from's field of view, if from has one, in
// s's own set (reused when it has one): the view, where it was computed
// from and its validity travel together. It stays valid on a copy (it
// depends on the map and where the player stands), and copying it is
// cheaper than computing it again.
func (s *State) takeView(from *State) {
	s.visibleOK = false
	if from.visibleOK && from.visible != nil {
		s.visible, s.visibleAt, s.visibleOK = from.visible.CloneInto(s.visible), from.visibleAt, true
	}
}

// find returns the index of entity id in s.entity, or -1 (also when it is
// dead). The fold and the rules call it for nearly every fact. Ids are
// distinct and increase along s.entity, so id is at most id-first places
// after the first entity and at most last-id places before the last. Between those bounds the search
// guesses where id falls from the ids at either end (interpolation): a
// level's entities, spawned together, have nearly consecutive ids, so a
// guess or two finds it where halving the range took nine probes, each a
// cache miss in a deep level's thousand entities. A guess that leaves
// more than half the range is followed by a halving, so no search takes
// more than about twice the probes of a binary search.
func (s *State) find(id events.EntityID) int {
	if i := s.slot(id); i >= 0 && !s.entity[i].dead {
		return i
	}
	return -1
}

// search is slot without the index: the interpolation search described
// at find.
func (s *State) search(id events.EntityID) int {
	es := s.entity
	n := len(es)
	if n == 0 {
		return -1
	}
	first, last := es[0].ID, es[n-1].ID
	if id <= first || id >= last {
		switch id {
		case first:
			return 0
		case last:
			return n - 1
		}
		return -1
	}
	// id, if here, is in es[lo:hi], and es[lo-1].ID < id < es[hi].ID
	// where those exist.
	lo, hi := max(0, n-1-int(last-id)), min(n, int(id-first)+1)
	halve := false
	for hi-lo > 4 {
		a, b := es[lo].ID, es[hi-1].ID
		if id < a || id > b {
			return -1
		}
		width := hi - lo
		mid := int(uint(lo+hi) >> 1)
		if !halve {
			// b > a: the ids are distinct and hi-1 > lo.
			mid = lo + int(uint64(id-a)*uint64(hi-1-lo)/uint64(b-a))
		}
		switch m := es[mid].ID; {
		case m == id:
			return mid
		case m < id:
			lo = mid + 1
		default:
			hi = mid
		}
		halve = !halve && 2*(hi-lo) > width
	}
	for ; lo < hi && es[lo].ID <= id; lo++ {
		if es[lo].ID == id {
			return lo
		}
	}
	return -1
}

func int64cmp(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Where returns where e is: its place on the map, or its holder's.
func (s *State) Where(e *Entity) events.Pos {
	if e.Holder != 0 {
		if h := s.Get(e.Holder); h != nil {
			return h.Pos
		}
	}
	return e.Pos
}

// Get returns entity id, or nil if there is none.
func (s *State) Get(id events.EntityID) *Entity {
	// The player first: on a deep level its id is below the index's.
	if es := s.entity; len(es) > 0 && es[0].ID == id {
		if es[0].dead {
			return nil
		}
		return &es[0]
	}
	if e := s.live(id); e != nil {
		return e
	}
	if i := s.slotSlow(id); i >= 0 && !s.entity[i].dead {
		return &s.entity[i]
	}
	return nil
}

// Entities yields the entities in the game, by increasing id. The
// pointers are valid until the next fact is folded.
func (s *State) Entities() iter.Seq[*Entity] {
	return func(yield func(*Entity) bool) {
		for i := range s.entity {
			if e := &s.entity[i]; !e.dead && !yield(e) {
				return
			}
		}
	}
}

// NumEntities is how many entities Entities yields.
func (s *State) NumEntities() int { return len(s.entity) - s.ndead }

// liveInto appends the entities in the game to dst and returns it.
func (s *State) liveInto(dst []Entity) []Entity {
	if s.ndead == 0 {
		return append(dst, s.entity...)
	}
	for i := range s.entity {
		if !s.entity[i].dead {
			dst = append(dst, s.entity[i])
		}
	}
	return dst
}

// Player returns the player's entity, or nil before the game began.
func (s *State) Player() *Entity {
	// The player has the smallest id and is never removed: it comes first.
	if len(s.entity) > 0 && s.entity[0].ID == events.PlayerID {
		return &s.entity[0]
	}
	return nil
}

// IsActor reports whether e is a monster or the player.
func (s *State) IsActor(e *Entity) bool { return e.actor }

// Name is what an entity is called in messages.
func (s *State) Name(id events.EntityID) string {
	if id == events.PlayerID {
		return "you"
	}
	if e := s.Get(id); e != nil {
		return s.content.Name(e.Kind)
	}
	return "something"
}

// OnMap reports whether e lies on the level (not carried).
func (e *Entity) OnMap() bool { return e.Holder == 0 }

// ActorAt returns the actor standing on p, or nil.
func (s *State) ActorAt(p events.Pos) *Entity {
	if s.freeOfActors(p) {
		return nil
	}
	for e := range s.Entities() {
		if e.Holder == 0 && e.Pos == p && s.IsActor(e) {
			return e
		}
	}
	return nil
}

// ItemsAt lists the items lying on p, in id order.
func (s *State) ItemsAt(p events.Pos) []*Entity {
	var out []*Entity
	for e := range s.Entities() {
		if e.Holder == 0 && e.Pos == p && !s.IsActor(e) {
			out = append(out, e)
		}
	}
	return out
}

// firstItemAt is ItemsAt(p)[0], or nil when nothing lies there, without
// the list: the decider asks it on every pick-up.
func (s *State) firstItemAt(p events.Pos) *Entity {
	for e := range s.Entities() {
		if e.Holder == 0 && e.Pos == p && !s.IsActor(e) {
			return e
		}
	}
	return nil
}

// packSize is len(Backpack(holder)) without the list, which the decider
// asks of every pick-up to know whether the backpack is full.
func (s *State) packSize(holder events.EntityID) int {
	if !s.holds(holder) {
		return 0
	}
	n := 0
	for e := range s.Entities() {
		if e.Holder == holder && e.Slot == events.SlotNone {
			n++
		}
	}
	return n
}

// Backpack lists the items holder carries but does not wear, in the order
// they went in (the order of their letters a..z).
func (s *State) Backpack(holder events.EntityID) []*Entity {
	var out []*Entity
	for e := range s.Entities() {
		if e.Holder == holder && e.Slot == events.SlotNone {
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b *Entity) int {
		if c := int64cmp(int64(a.PackOrder), int64(b.PackOrder)); c != 0 {
			return c
		}
		return int64cmp(int64(a.ID), int64(b.ID))
	})
	return out
}

// wears reports whether e wears item id (not 0) in any slot: then id is
// a live item that e holds (the fold keeps worn so).
func (e *Entity) wears(id events.EntityID) bool {
	for _, w := range e.worn {
		if w == id {
			return true
		}
	}
	return false
}

// Worn returns the item holder wears in slot, or nil.
func (s *State) Worn(holder events.EntityID, slot events.Slot) *Entity {
	if slot == events.SlotNone || slot >= events.NumSlots {
		return nil
	}
	h := s.Get(holder)
	if h == nil || h.holding == 0 || h.worn[slot-1] == 0 {
		return nil
	}
	return s.Get(h.worn[slot-1])
}

// Held lists everything holder carries, worn or not, in id order.
func (s *State) Held(holder events.EntityID) []*Entity {
	if !s.holds(holder) {
		return nil
	}
	var out []*Entity
	for e := range s.Entities() {
		if e.Holder == holder {
			out = append(out, e)
		}
	}
	return out
}

// holds reports whether holder holds anything, by its count rather than
// a look at every entity.
func (s *State) holds(holder events.EntityID) bool {
	h := s.Get(holder)
	return h != nil && h.holding > 0
}

// Monsters lists the living monsters on the level, in id order.
func (s *State) Monsters() []*Entity {
	var out []*Entity
	for e := range s.Entities() {
		if e.ID != events.PlayerID && e.Holder == 0 && s.IsActor(e) {
			out = append(out, e)
		}
	}
	return out
}

// Visible is the player's field of view now. The set is cached and must
// not be changed by the caller.
func (s *State) Visible() *fov.Set {
	p := s.Player()
	if p == nil || s.Map == nil {
		return fov.NewSet(1, 1)
	}
	if s.visibleOK && s.visibleAt == p.Pos && s.visible != nil {
		return s.visible
	}
	if s.visible == nil || s.visible.Width() != s.Map.Width || s.visible.Height() != s.Map.Height {
		s.visible = fov.NewSet(s.Map.Width, s.Map.Height)
	}
	computeView(s.visible, s.Map, p.Pos, s.content.Rules.Vision)
	s.visibleAt, s.visibleOK = p.Pos, true
	return s.visible
}

// CanSee reports whether the player sees p. Field of view is symmetric, so
// it is also whether an actor standing on p sees the player.
func (s *State) CanSee(p events.Pos) bool { return s.Visible().Has(p) }

// Explored is the player's memory of the current level: every tile ever
// seen. The set must not be changed by the caller.
func (s *State) Explored() *fov.Set {
	if s.Map == nil {
		return fov.NewSet(1, 1)
	}
	if s.explored == nil {
		s.explored = fov.NewSet(s.Map.Width, s.Map.Height)
	}
	if s.npending > 0 {
		w, h := s.Map.Width, s.Map.Height
		if s.scratch == nil || s.scratch.Width() != w || s.scratch.Height() != h {
			s.scratch = fov.NewSet(w, h)
		}
		// The pending viewpoints, in merged's storage: those viewed, not
		// merged. (npending > 0: viewed holds them, at the map's size.)
		pending := s.merged
		if pending == nil || pending.Width() != w || pending.Height() != h {
			pending = fov.NewSet(w, h)
		}
		pending.Diff(s.viewed, pending)
		// Coarse to fine: on open ground the views from every fourth
		// viewpoint across and down hold the discs of the others, whose
		// views (within their discs) then add nothing and are not
		// computed; and a view whose disc nothing shades (but the map's
		// edge) is its disc. The union is the same in any order.
		vision := s.content.Rules.Vision
		transparent := s.transparent()
		for pass := range viewpointPasses {
			for p := range pending.All() {
				switch {
				case viewpointPass(p) != pass || s.explored.HasDisc(p, vision):
				case transparent != nil && !s.Map.Opaque(p) && transparent.HasDisc(p, vision):
					s.explored.AddDisc(p, vision)
				default:
					fov.Compute(s.scratch, s.Map.Opaque, p, vision)
					s.explored.Union(s.scratch)
				}
			}
		}
		// Every viewpoint viewed is merged now.
		s.merged = s.viewed.CloneInto(pending)
		s.npending = 0
	}
	return s.explored
}

// transparent is clear, built when Explored has enough viewpoints to
// fold in that building it costs less than the fields of view it may
// spare (about one a thousand tiles of the map); else nil.
func (s *State) transparent() *fov.Set {
	w, h := s.Map.Width, s.Map.Height
	if s.clear == nil && s.npending*1024 >= w*h {
		s.clear = fov.NewSet(w, h)
		for y := range h {
			for x := range w {
				if p := (events.Pos{X: x, Y: y}); x == 0 || y == 0 || x == w-1 || y == h-1 || !s.Map.Opaque(p) {
					s.clear.Add(p)
				}
			}
		}
	}
	return s.clear
}

// viewpointPasses is how many passes Explored takes over the viewpoints:
// see viewpointPass.
const viewpointPasses = 5

// viewpointPass is the pass of Explored that folds the view from p in:
// first the points of a grid 4 tiles apart, then the rest of its lines,
// then those of a grid 2 apart and the rest of its lines, then the rest.
// A walk along a row or a column, as an open area is crossed, meets a
// line of the coarse grid every 4 tiles; an area walked all over, a
// point of it every 16.
func viewpointPass(p events.Pos) int {
	switch x4, y4 := p.X%4 == 0, p.Y%4 == 0; {
	case x4 && y4:
		return 0
	case x4 || y4:
		return 1
	}
	switch x2, y2 := p.X%2 == 0, p.Y%2 == 0; {
	case x2 && y2:
		return 2
	case x2 || y2:
		return 3
	}
	return 4
}

// lookFrom records that the player saw the level from p.
func (s *State) lookFrom(p events.Pos) {
	// A viewpoint off the map sees nothing: there is nothing to record.
	if m := s.Map; m != nil && m.InBounds(p) {
		s.lookAt(p.Y*m.Width + p.X)
	}
}

// lookAt is lookFrom of tile k of the map (y*Width + x, on the map), as
// a step of the player, which has k, records it: one call whether the
// viewpoint is new or not, as on the levels of an ordinary game most of
// the player's steps are onto tiles it never stood on.
func (s *State) lookAt(k int) {
	if s.forgetful {
		return
	}
	// viewed holds the viewpoints of this level only: a new level clears
	// it. Looking from one again adds nothing.
	w, h := s.Map.Width, s.Map.Height
	v := s.viewed
	if v == nil || v.Width() != w || v.Height() != h {
		v = fov.NewSet(w, h)
		s.viewed = v
	}
	// Newly viewed: a viewpoint whose view is not yet in explored.
	if v.AddIndex(k) {
		s.npending++
	}
	// Not merged here, however many are pending: a fold that never
	// reads the memory (a headless replay, until the digest) computes
	// no field of view, and one that does computes each viewpoint's
	// once, at most one per tile of the level.
}
