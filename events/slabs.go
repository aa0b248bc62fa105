package events

// slabSize is how many commands or facts of one type a slab holds.
const slabSize = 128

// slabs hands out new commands and facts from per-type slabs: one
// allocation per slabSize values instead of one per value. A value handed
// out is never handed out again unless the decoder recycles (see
// TurnDecoder.Recycle): then each type's values live in one array, and
// each turn hands out the same ones again, zeroed, so that a replay
// allocates nothing once it has seen its busiest turn.
//
// Each type has a pool of its own, a field below, so that handing one out
// is a few instructions on a concrete type: no interface, no closure.
type slabs struct {
	recycle bool
	// turn counts the turns decoded while recycling: a pool whose turn
	// is not this one has handed out nothing yet this turn.
	turn uint64

	spawned       pool[Spawned]
	moved         pool[Moved]
	staggered     pool[Staggered]
	attacked      pool[Attacked]
	died          pool[Died]
	gainedXP      pool[GainedXP]
	levelledUp    pool[LevelledUp]
	pickedUp      pool[PickedUp]
	dropped       pool[Dropped]
	equipped      pool[Equipped]
	unequipped    pool[Unequipped]
	consumed      pool[Consumed]
	healed        pool[Healed]
	damaged       pool[Damaged]
	confused      pool[Confused]
	hungerChanged pool[HungerChanged]
	lostSight     pool[LostSight]
	skillRaised   pool[SkillRaised]
	shot          pool[Shot]
	moodChanged   pool[MoodChanged]
	stole         pool[Stole]
	summoned      pool[Summoned]
	won           pool[Won]

	begin           pool[Begin]
	move            pool[Move]
	wait            pool[Wait]
	pickUp          pool[PickUp]
	drop            pool[Drop]
	use             pool[Use]
	remove          pool[Remove]
	descend         pool[Descend]
	chooseAttribute pool[ChooseAttribute]
}

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

// fact hands out a fact of wire code code, whose entry is e: from its
// pool, or (LevelEntered, rare and large, whose room lists are shared
// with the states that enter the level) new from e.
func (s *slabs) fact(code uint8, e *factEntry) Fact {
	switch FactCode(code) {
	case CodeSpawned:
		return s.spawned.get(s)
	case CodeMoved:
		return s.moved.get(s)
	case CodeStaggered:
		return s.staggered.get(s)
	case CodeAttacked:
		return s.attacked.get(s)
	case CodeDied:
		return s.died.get(s)
	case CodeGainedXP:
		return s.gainedXP.get(s)
	case CodeLevelledUp:
		return s.levelledUp.get(s)
	case CodePickedUp:
		return s.pickedUp.get(s)
	case CodeDropped:
		return s.dropped.get(s)
	case CodeEquipped:
		return s.equipped.get(s)
	case CodeUnequipped:
		return s.unequipped.get(s)
	case CodeConsumed:
		return s.consumed.get(s)
	case CodeHealed:
		return s.healed.get(s)
	case CodeDamaged:
		return s.damaged.get(s)
	case CodeConfused:
		return s.confused.get(s)
	case CodeHungerChanged:
		return s.hungerChanged.get(s)
	case CodeLostSight:
		return s.lostSight.get(s)
	case CodeSkillRaised:
		return s.skillRaised.get(s)
	case CodeShot:
		return s.shot.get(s)
	case CodeMoodChanged:
		return s.moodChanged.get(s)
	case CodeStole:
		return s.stole.get(s)
	case CodeSummoned:
		return s.summoned.get(s)
	case CodeWon:
		return s.won.get(s)
	}
	return e.make()
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
	of := FactCode(code)
	if sh := shorthands4[code]; sh != nil {
		of = sh.of
	} else if sh := factShorthands[code]; sh != nil {
		of = sh.of
	}
	switch of {
	case CodeSpawned:
		s.spawned.grow(s, levelSpawns)
	case CodeMoved:
		s.moved.grow(s, 0)
	case CodeStaggered:
		s.staggered.grow(s, 0)
	case CodeAttacked:
		s.attacked.grow(s, 0)
	case CodeDied:
		s.died.grow(s, 0)
	case CodeGainedXP:
		s.gainedXP.grow(s, 0)
	case CodeLevelledUp:
		s.levelledUp.grow(s, 0)
	case CodePickedUp:
		s.pickedUp.grow(s, 0)
	case CodeDropped:
		s.dropped.grow(s, 0)
	case CodeEquipped:
		s.equipped.grow(s, 0)
	case CodeUnequipped:
		s.unequipped.grow(s, 0)
	case CodeConsumed:
		s.consumed.grow(s, 0)
	case CodeHealed:
		s.healed.grow(s, 0)
	case CodeDamaged:
		s.damaged.grow(s, 0)
	case CodeConfused:
		s.confused.grow(s, 0)
	case CodeHungerChanged:
		s.hungerChanged.grow(s, 0)
	case CodeLostSight:
		s.lostSight.grow(s, 0)
	case CodeSkillRaised:
		s.skillRaised.grow(s, 0)
	case CodeShot:
		s.shot.grow(s, 0)
	case CodeMoodChanged:
		s.moodChanged.grow(s, 0)
	case CodeStole:
		s.stole.grow(s, 0)
	case CodeSummoned:
		s.summoned.grow(s, 0)
	case CodeWon:
		s.won.grow(s, 0)
	}
}

// command hands out a command of wire code code, whose entry is e.
func (s *slabs) command(code uint8, e *commandEntry) Command {
	switch CommandCode(code) {
	case CodeBegin:
		return s.begin.get(s)
	case CodeMove:
		return s.move.get(s)
	case CodeWait:
		return s.wait.get(s)
	case CodePickUp:
		return s.pickUp.get(s)
	case CodeDrop:
		return s.drop.get(s)
	case CodeUse:
		return s.use.get(s)
	case CodeRemove:
		return s.remove.get(s)
	case CodeDescend:
		return s.descend.get(s)
	case CodeChooseAttribute:
		return s.chooseAttribute.get(s)
	}
	return e.make()
}
