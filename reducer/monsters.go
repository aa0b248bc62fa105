package reducer

import (
	"slices"

	"rogue/events"
	"rogue/reducer/dungeon"
	"rogue/reducer/fov"
	"rogue/reducer/path"
)

// maxPathNodes bounds one monster's A* search.
const maxPathNodes = 1000

// monstersAct gives every monster on the level its turn, in id order. A
// confused monster staggers one random step; one that sees the player
// attacks when adjacent or steps along a shortest path toward the player;
// under rules that let monsters search, one that does not see the player
// searches (see search); any other waits.
func (d *decider) monstersAct() {
	w := d.w
	r := &w.content.Rules
	p := d.player()
	moved := d.from != p.Pos
	movers := w.movers[:0]
	turn, at, from, vision, searching := d.turn, p.Pos, d.from, r.Vision, r.SearchTurns > 0
	notes := d.monsterNotes()
	// The spots first, dense and quick to read: a monster whose spot is
	// out of range and not busy has a note that says the same.
	ax, ay, fx, fy, r2 := int32(at.X), int32(at.Y), int32(from.X), int32(from.Y), int64(vision)*int64(vision)
	fromToo := searching && moved
	for i := range d.spots {
		sp := &d.spots[i]
		if dx, dy := int64(sp.x-ax), int64(sp.y-ay); sp.until <= turn && dx*dx+dy*dy > r2 &&
			!(fromToo && sp.within(fx, fy, r2)) {
			continue
		}
		// A monster neither confused nor searching, out of range of
		// where the player stands and (when monsters search) of where
		// they stood, does nothing below: it is passed over without a
		// look at its entity.
		n := &notes[i]
		if n.confusedUntil <= turn && !within(n.pos, at, vision) &&
			(!searching || n.searchUntil <= turn && !(moved && within(n.pos, from, vision))) {
			continue
		}
		movers = append(movers, mover{n.id, w.find(n.id)})
	}
	w.movers = movers
	if moved && d.view.ok && d.view.at == d.from && d.view.m == w.Map {
		// The player moved: the view from where they stood is the one
		// kept for search.
		d.view, d.fromView = d.fromView, d.view
	}
	for _, a := range movers {
		if w.Over {
			return
		}
		var m *Entity
		if uint(a.index) < uint(len(w.entity)) && w.entity[a.index].ID == a.id && !w.entity[a.index].dead {
			m = &w.entity[a.index]
		} else if m = w.Get(a.id); m == nil {
			continue // died earlier this turn
		}
		if m.ConfusedUntil > d.turn {
			d.stagger(m)
			continue
		}
		if w.content.Rules.Behaviours {
			d.act3(m, w.content.Monster(m.Kind))
			continue
		}
		p := d.player()
		// Out of range first: it is cheap, and the field of view is only
		// computed when a monster is near enough to need it.
		if !within(m.Pos, p.Pos, w.content.Rules.Vision) || !d.view.sees(w, p.Pos, m.Pos) {
			if w.content.Rules.SearchTurns > 0 {
				d.search(m)
			}
			continue
		}
		if chebyshev(m.Pos, p.Pos) == 1 {
			d.attack(m, p)
			continue
		}
		d.chase(m, p.Pos)
	}
}

// monsterNote is what the decider keeps of a monster on the level to
// tell whether it acts this turn (see monstersAct): its id, where it
// stands, and the turns its confusion and its search end.
type monsterNote struct {
	id            events.EntityID
	pos           events.Pos
	confusedUntil int
	searchUntil   int
}

// monsterNotes are the notes of the monsters on the level, in id order:
// the monsters of State.monsters. They are kept from turn to turn, as
// each fact the decider applies changes them (see noteFact), while the
// working copy goes on from its own last decision, and taken again from
// the entities when it does not (see forget) or on a new level.
func (d *decider) monsterNotes() []monsterNote {
	w := d.w
	if d.notesOK && d.notesMap == w.Map {
		return d.notes
	}
	if !w.monstersOK {
		w.listMonsters()
	}
	d.notes, d.spots = d.notes[:0], d.spots[:0]
	for _, id := range w.monsters {
		if e := w.Get(id); e != nil {
			n := noteOf(e)
			d.notes, d.spots = append(d.notes, n), append(d.spots, spotOf(&n))
		}
	}
	d.notesOK, d.notesMap = true, w.Map
	return d.notes
}

// actorAt is State.ActorAt on the working copy, looked for among the
// monsters' notes rather than every entity when an actor stands on p:
// the player, or else the monster of lowest id there (notes are in id
// order, and the player's id is the lowest of all).
func (d *decider) actorAt(p events.Pos) *Entity {
	w := d.w
	if w.freeOfActors(p) {
		return nil
	}
	if pl := d.player(); pl != nil && pl.Holder == 0 && pl.Pos == p && w.IsActor(pl) {
		return pl
	}
	for _, n := range d.monsterNotes() {
		if n.pos == p {
			return w.Get(n.id)
		}
	}
	return nil
}

// spot is a monster's note in brief, for monstersAct to pass over most
// monsters reading a few bytes each: where it stands, in 32 bits (a
// monster off so far is never within range, and if the bits cut its
// place short, the note is read), and the last turn it may be busy, the
// later of its confusion's and its search's ends.
type spot struct {
	x, y  int32
	until int
}

func spotOf(n *monsterNote) spot {
	return spot{x: int32(n.pos.X), y: int32(n.pos.Y), until: max(n.confusedUntil, n.searchUntil)}
}

// within reports whether the spot lies within r2's square root of x, y.
func (s *spot) within(x, y int32, r2 int64) bool {
	dx, dy := int64(s.x-x), int64(s.y-y)
	return dx*dx+dy*dy <= r2
}

func noteOf(e *Entity) monsterNote {
	return monsterNote{id: e.ID, pos: e.Pos, confusedUntil: e.ConfusedUntil, searchUntil: e.SearchUntil}
}

// noteFact brings the monsters' notes up to date with fact f, just
// applied to the working copy: the facts that move, confuse, set
// searching, bring or take away a monster update its note from its entity;
// those that change none of that leave them; any other fact (a new level)
// drops them, to be taken again from the entities, and the views.
func (d *decider) noteFact(f events.Fact) {
	switch f := f.(type) {
	case *events.Moved:
		d.noteActor(f.Actor)
	case *events.Staggered:
		d.noteActor(f.Actor)
	case *events.Confused:
		d.noteActor(f.Actor)
	case *events.LostSight:
		d.noteActor(f.Actor)
	case *events.Died:
		d.noteActor(f.Actor)
	case *events.Spawned:
		d.noteActor(f.ID)
	case *events.Attacked, *events.Damaged, *events.Healed, *events.GainedXP, *events.LevelledUp,
		*events.SkillRaised, *events.HungerChanged, *events.PickedUp, *events.Dropped,
		*events.Equipped, *events.Unequipped, *events.Consumed,
		*events.Shot, *events.MoodChanged, *events.Stole, *events.Summoned, *events.Won:
	default:
		d.forget()
	}
}

// noteActor takes the note of entity id again: it has one when it is a
// living monster on the level.
func (d *decider) noteActor(id events.EntityID) {
	if !d.notesOK || id == events.PlayerID {
		return // the player has no note
	}
	w := d.w
	i, found := d.noteOf(id)
	e := w.Get(id)
	switch monster := e != nil && e.Holder == 0 && w.IsActor(e); {
	case monster && found:
		d.notes[i] = noteOf(e)
		d.spots[i] = spotOf(&d.notes[i])
	case monster:
		d.notes = slices.Insert(d.notes, i, noteOf(e))
		d.spots = slices.Insert(d.spots, i, spotOf(&d.notes[i]))
	case found:
		d.notes = slices.Delete(d.notes, i, i+1)
		d.spots = slices.Delete(d.spots, i, i+1)
	}
}

// noteOf returns the index of monster id's note, and whether it has one;
// where it has none, the index is where it would go.
func (d *decider) noteOf(id events.EntityID) (int, bool) {
	notes := d.notes
	lo, hi := 0, len(notes)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if notes[mid].id < id {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < len(notes) && notes[lo].id == id
}

// search is the turn of a monster that does not see the player (rules 2).
// If it sees where the player stood when the turn began, it saw the player
// go: it heads there (a LostSight fact, when that is news), and once there
// looks about, a random step a turn, for Rules.SearchTurns turns. Draws:
// the direction of each step looking about.
func (d *decider) search(m *Entity) {
	w := d.w
	id := m.ID
	r := &w.content.Rules
	if p := d.player(); d.from != p.Pos && within(m.Pos, d.from, r.Vision) && d.fromView.sees(w, d.from, m.Pos) &&
		(m.SearchAt != d.from || m.SearchUntil <= d.turn) {
		f := d.lostSight.next()
		*f = events.LostSight{Actor: id, At: d.from, Until: d.turn + chebyshev(m.Pos, d.from) + r.SearchTurns}
		d.emit(f)
		if m = w.Get(id); m == nil {
			return
		}
	}
	if m.SearchUntil <= d.turn {
		return
	}
	if m.Pos != m.SearchAt {
		d.chase(m, m.SearchAt)
		return
	}
	dir := events.Dir(d.rng.Intn(int(events.NumDirs)))
	if to := m.Pos.Add(dir); w.Map.Walkable(to) && w.ActorAt(to) == nil {
		d.moveActor(id, dir)
	}
}

// computeView computes into dst, a set the size of m, the view from
// origin within radius: through m's wall bits when it has them.
func computeView(dst *fov.Set, m *dungeon.Map, origin events.Pos, radius int) {
	if walls := m.Walls(); walls != nil {
		fov.ComputeWalls(dst, walls, origin, radius)
		return
	}
	fov.Compute(dst, m.Opaque, origin, radius)
}

// mover is a monster to act this turn, with where it was in the state's
// entities: it is found there again unless it died this turn, or the dead
// were cleared out (see State.remove).
type mover struct {
	id    events.EntityID
	index int
}

// stagger is a confused actor's random step; it may bump into a wall or
// another actor and stay put. Draws: the direction.
func (d *decider) stagger(m *Entity) {
	dir := events.Dir(d.rng.Intn(int(events.NumDirs)))
	to := m.Pos.Add(dir)
	blocked := !d.w.Map.Walkable(to) || d.actorAt(to) != nil
	f := d.staggered.next()
	*f = events.Staggered{Actor: m.ID, Dir: dir, Blocked: blocked}
	d.emit(f)
}

func (d *decider) chase(m *Entity, goal events.Pos) {
	w := d.w
	if w.content.Rules.Behaviours && d.stepToward(m, goal) {
		return // rules 3: the straight way first
	}
	if d.finder == nil || d.finderW != w.Map.Width || d.finderH != w.Map.Height {
		d.finder = path.NewFinder(w.Map.Width, w.Map.Height)
		d.finderW, d.finderH = w.Map.Width, w.Map.Height
	}
	if !w.standingOK {
		w.buildStanding()
	}
	var dir events.Dir
	var ok bool
	if walls := w.Map.Walls(); walls != nil && w.standingOK {
		// The carved map's walls and the index of where actors stand,
		// read bit by bit.
		if d.sealedOK && goal == d.sealedGoal && d.enclosed(m.Pos, walls) {
			return
		}
		dir, ok = d.finder.NextStepBits(walls, w.standing, m.Pos, goal, d.pathNodes())
		if !ok {
			d.noteSealed(goal)
		}
	} else {
		walls, taken := d.blockedNow()
		dir, ok = d.finder.NextStepBits(walls, taken, m.Pos, goal, d.pathNodes())
	}
	if !ok {
		return
	}
	if to := m.Pos.Add(dir); !w.Map.Walkable(to) || w.ActorAt(to) != nil {
		return
	}
	d.moveActor(m.ID, dir)
}

// In a crowd, monster after monster searches for a way to the player and
// finds none: each search floods every tile the monster can reach before
// it gives up, and does again next turn while nothing moves. A search
// that gave up for want of tiles to try leaves the tiles it reached
// (sealed, toward sealedGoal): every tile a walker there can reach, none
// next to the goal. Until a tile is freed (an actor moves, staggers or
// dies, a level is entered: see sealedFact; or the working copy is taken
// again from the state: see forget), the tiles that may be entered can
// only be fewer, so a monster whose every neighbour that may be entered
// lies in the sealed tiles, and which is not next to the goal itself,
// reaches nothing new: its search would give up too, and the answer, no
// step, is the same without it.

// noteSealed keeps the tiles the finder's last search reached, toward
// goal, when it gave up for want of tiles to try.
func (d *decider) noteSealed(goal events.Pos) {
	n := len(d.w.standing)
	if cap(d.sealed) < n {
		d.sealed = make([]uint64, n)
	}
	d.sealed = d.sealed[:n]
	clear(d.sealed)
	d.sealedOK, d.sealedGoal = d.finder.Reached(d.sealed), goal
}

// enclosed reports whether a search from `from` toward the sealed goal
// would give up (see above): from is not next to the goal, and every
// neighbour of it that may be entered is sealed.
func (d *decider) enclosed(from events.Pos, walls []uint64) bool {
	w := d.w
	if chebyshev(from, d.sealedGoal) <= 1 {
		return false
	}
	for dir := events.Dir(0); dir < events.NumDirs; dir++ {
		q := from.Add(dir)
		if !w.Map.InBounds(q) {
			continue
		}
		i := q.Y*w.Map.Width + q.X
		bit := uint64(1) << (i & 63)
		if (walls[i>>6]|w.standing[i>>6])&bit == 0 && d.sealed[i>>6]&bit == 0 {
			return false
		}
	}
	return true
}

// sealedFact drops the sealed tiles when fact f may have freed a tile:
// any fact but those that move no actor and take none away.
func (d *decider) sealedFact(f events.Fact) {
	switch f.(type) {
	case *events.Attacked, *events.Damaged, *events.Healed, *events.GainedXP, *events.LevelledUp,
		*events.SkillRaised, *events.HungerChanged, *events.PickedUp, *events.Dropped,
		*events.Equipped, *events.Unequipped, *events.Consumed, *events.Confused,
		*events.LostSight, *events.Spawned,
		*events.Shot, *events.MoodChanged, *events.Stole, *events.Summoned, *events.Won:
	default:
		d.sealedOK = false
	}
}

// blockedNow is chase's walls and taken tiles, a bit per tile, on a map
// without wall bits or a state without the index of where actors stand:
// the map's wall bits, or else its tiles that are not walkable
// (walkBits); and the index, or else the tiles actors stand on, a journal
// with actors sharing a tile (standBits); each looked up once per search.
func (d *decider) blockedNow() (walls, taken []uint64) {
	if walls = d.w.Map.Walls(); walls == nil {
		walls = d.walkBits()
	}
	if d.w.standingOK {
		return walls, d.w.standing
	}
	return walls, d.standBits()
}

// walkBits sets in wallBits, and returns, a bit for each tile of the map
// that is not walkable.
func (d *decider) walkBits() []uint64 {
	m := d.w.Map
	walls := zeroBits(&d.wallBits, m.Width*m.Height)
	for y := range m.Height {
		for x := range m.Width {
			if !m.Walkable(events.Pos{X: x, Y: y}) {
				i := y*m.Width + x
				walls[i>>6] |= 1 << (i & 63)
			}
		}
	}
	return walls
}

// standBits sets in takenBits, and returns, a bit for each tile of the
// map an actor stands on.
func (d *decider) standBits() []uint64 {
	w := d.w
	m := w.Map
	taken := zeroBits(&d.takenBits, m.Width*m.Height)
	for e := range w.Entities() {
		if e.Holder == 0 && m.InBounds(e.Pos) && w.IsActor(e) {
			i := m.Index(e.Pos)
			taken[i>>6] |= 1 << (i & 63)
		}
	}
	return taken
}

// zeroBits makes *b hold a zero bit for each of n tiles, and returns it.
func zeroBits(b *[]uint64, n int) []uint64 {
	words := (n + 63) / 64
	if cap(*b) < words {
		*b = make([]uint64, words)
	}
	*b = (*b)[:words]
	clear(*b)
	return *b
}

// pathNodes bounds a path search: the rules' bound (rules 3), or else
// maxPathNodes.
func (d *decider) pathNodes() int {
	if n := d.w.content.Rules.PathNodes; n > 0 {
		return n
	}
	return maxPathNodes
}

// moveActor decides that actor id steps in direction dir.
func (d *decider) moveActor(id events.EntityID, dir events.Dir) {
	f := d.moved.next()
	*f = events.Moved{Actor: id, Dir: dir}
	d.emit(f)
}

func chebyshev(a, b events.Pos) int { return max(abs(a.X-b.X), abs(a.Y-b.Y)) }

// SeesPlayer reports whether monster m sees the player as the rules have
// it when they decide whether it chases (see monstersAct): m stands in
// the player's view and within Vision of the player. The player's view
// reaches a little further (see fov.Compute), so a monster at its edge
// is seen and stands still: it has not seen the player.
func (s *State) SeesPlayer(m *Entity) bool {
	p := s.Player()
	return p != nil && m != nil && s.CanSee(m.Pos) && within(m.Pos, p.Pos, s.content.Rules.Vision)
}

// within reports whether b lies within radius r of a (Euclidean, in
// integers).
func within(a, b events.Pos, r int) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx+dy*dy <= r*r
}

func distance2(a, b events.Pos) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx + dy*dy
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
