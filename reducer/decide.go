package reducer

import (
	"fmt"

	"rogue/events"
	"rogue/reducer/dice"
	"rogue/reducer/dungeon"
	"rogue/reducer/fov"
	"rogue/reducer/path"
)

// Refusal is a command the rules turn down (walking into a wall, drinking
// at full health): nothing is journaled and no time passes. Reason is the
// message for the player.
type Refusal struct{ Reason string }

func (r *Refusal) Error() string { return r.Reason }

func refuse(format string, args ...any) *Refusal {
	return &Refusal{Reason: fmt.Sprintf(format, args...)}
}

// Decide applies the rules to a command in state s and returns the turn to
// journal: the command, the facts, and how many random numbers were drawn.
// s is not changed; fold the turn with ApplyTurn. A *Refusal error means
// the command is turned down and nothing happens; any other error is a bug
// in the rules. It copies s to decide on: a game that decides turn after
// turn keeps a Decider, whose next decision starts from the last one's
// copy.
func Decide(s *State, cmd events.Command) (events.Turn, error) {
	return new(Decider).Decide(s, cmd)
}

// DecideWith is Decide drawing chance from rng instead of the state's own
// stream: tests use it with a dice.Script of fixed rolls. The turn's Draws
// is how many numbers rng gave.
func DecideWith(s *State, cmd events.Command, rng dice.Roller) (events.Turn, error) {
	return new(Decider).DecideWith(s, cmd, rng)
}

// Decide is reducer.Decide, starting from the working copy of d's last
// decision when s is the state it was made on and s folded exactly that
// turn since. s is not changed.
func (d *Decider) Decide(s *State, cmd events.Command) (events.Turn, error) {
	r := d.decider(s)
	r.stream = dice.Stream{Seed: s.Seed, Drawn: s.Draws}
	return r.decide(s, cmd, &r.stream)
}

// DecideWith is reducer.DecideWith with d's working copy (see Decide).
func (d *Decider) DecideWith(s *State, cmd events.Command, rng dice.Roller) (events.Turn, error) {
	return d.decider(s).decide(s, cmd, rng)
}

// decider returns the decider of a working copy of s, ready for a turn.
// It is the copy's own, kept from turn to turn with its scratch memory,
// so that a turn's decision allocates next to nothing.
func (d *Decider) decider(s *State) *decider {
	w := d.copyOf(s)
	if w.rules == nil {
		w.rules = &decider{}
	}
	r := w.rules
	r.w, r.turn, r.err = w, s.Turn, nil
	r.startFacts()
	return r
}

func (d *decider) decide(s *State, cmd events.Command, rng dice.Roller) (events.Turn, error) {
	d.rng = rng
	start := rng.Position()
	if err := d.command(cmd); err != nil {
		return events.Turn{}, err
	}
	if d.err != nil {
		return events.Turn{}, fmt.Errorf("rules made a fact that does not apply: %w", d.err)
	}
	facts := d.endFacts()
	d.w.decision = decision{made: true, from: s.applied, turn: s.Turn, facts: facts}
	return events.Turn{Command: cmd, Draws: rng.Position() - start, Facts: facts}, nil
}

// decider is one turn being decided: a working copy of the state that each
// fact is applied to as soon as it is decided, so later rules see it. The
// working copy keeps it for the next turn (see State.decider): every
// field below err is scratch memory kept between turns.
type decider struct {
	w     *State
	rng   dice.Roller
	turn  int
	facts []events.Fact
	err   error

	// stream is Decide's random stream, held here so that a turn does
	// not allocate one.
	stream dice.Stream
	// factBuf is where the turns' lists of facts are appended, one after
	// the other (see startFacts), and the slabs below the facts the rules
	// make most: a turn's facts are handed out, never used again, and
	// one allocation serves many turns.
	factBuf   []events.Fact
	moved     slab[events.Moved]
	attacked  slab[events.Attacked]
	staggered slab[events.Staggered]
	lostSight slab[events.LostSight]
	healed    slab[events.Healed]
	// heldBuf is held's scratch.
	heldBuf []events.EntityID
	// finder is chase's path finder, kept from level to level while the
	// levels are the same size.
	finder           *path.Finder
	finderW, finderH int
	// wallBits and takenBits are chase's scratch on a map without wall
	// bits or a state without the index of where actors stand (see
	// blockedNow).
	wallBits, takenBits []uint64
	// from is where the player stood when the turn began. view is the
	// field of view from where the player stands, and fromView from
	// where they stood, each computed as far as the rules asked.
	from     events.Pos
	view     lazyView
	fromView lazyView
	// notes are the monsters' notes (see monsterNotes), valid when
	// notesOK on the level of notesMap.
	notes    []monsterNote
	notesOK  bool
	notesMap *dungeon.Map
	// spots are the notes in brief, one for each (see spot).
	spots []spot
	// sealed are the tiles a search that gave up reached, toward
	// sealedGoal, when sealedOK (see enclosed).
	sealed     []uint64
	sealedGoal events.Pos
	sealedOK   bool
}

// factsBufLen is how many facts one factBuf holds; a turn starts a new
// one when fewer than factsMinFree are left.
const (
	factsBufLen  = 1024
	factsMinFree = 64
)

// startFacts starts the turn's list of facts at the free end of factBuf:
// appending to it fills the buffer in place (or, past its end, moves the
// list out to an array of its own).
func (d *decider) startFacts() {
	if cap(d.factBuf)-len(d.factBuf) < factsMinFree {
		d.factBuf = make([]events.Fact, 0, factsBufLen)
	}
	n := len(d.factBuf)
	d.facts = d.factBuf[n:n]
}

// endFacts returns the turn's facts, nil for none, and keeps them in
// factBuf for good: no later turn writes over them, and appending to the
// list returned (its capacity is its length) copies it.
func (d *decider) endFacts() []events.Fact {
	n := len(d.facts)
	if n == 0 {
		return nil
	}
	d.factBuf = d.factBuf[:len(d.factBuf)+min(n, cap(d.factBuf)-len(d.factBuf))]
	return d.facts[:n:n]
}

// slab hands out new values of one type, allocated slabLen at a time;
// each is handed out once.
type slab[T any] []T

const slabLen = 64

func (s *slab[T]) next() *T {
	if len(*s) == 0 {
		*s = make([]T, slabLen)
	}
	v := &(*s)[0]
	*s = (*s)[1:]
	return v
}

func (d *decider) emit(f events.Fact) {
	if d.err != nil {
		return
	}
	if err := d.w.Apply(f); err != nil {
		d.err = fmt.Errorf("%s: %w", events.FactName(f.Code()), err)
		d.notesOK, d.sealedOK = false, false
		return
	}
	d.facts = append(d.facts, f)
	d.noteFact(f)
	if d.sealedOK {
		d.sealedFact(f)
	}
}

// forget drops what the decider keeps of the state its working copy was
// (the monsters' notes, the views, the sealed tiles): the copy was taken
// again from the state.
func (d *decider) forget() {
	d.notesOK, d.view.ok, d.fromView.ok, d.sealedOK = false, false, false, false
}

// lazyView is a field of view of the player's, computed a quadrant at a
// time as the rules ask about tiles (see fov.AddQuadrants): on the map
// m, from at, within radius r, when ok; quads are the quadrants in set.
// It is kept from turn to turn while the player stays put.
type lazyView struct {
	set   *fov.Set
	m     *dungeon.Map
	at    events.Pos
	r     int
	quads uint8
	ok    bool
}

// sees reports whether the view from origin on w's map holds p: what
// CanSee answers when the player stands on origin.
func (v *lazyView) sees(w *State, origin, p events.Pos) bool {
	m, r := w.Map, w.content.Rules.Vision
	walls := m.Walls()
	if !v.ok || v.m != m || v.at != origin || v.r != r {
		if v.set == nil || v.set.Width() != m.Width || v.set.Height() != m.Height {
			v.set = fov.NewSet(m.Width, m.Height)
		}
		v.m, v.at, v.r, v.ok = m, origin, r, true
		switch {
		case w.visibleOK && w.visibleAt == origin && w.visible != nil &&
			w.visible.Width() == m.Width && w.visible.Height() == m.Height:
			// The state's whole view from there.
			v.set, v.quads = w.visible.CloneInto(v.set), fov.AllQuadrants
		case walls == nil:
			computeView(v.set, m, origin, r)
			v.quads = fov.AllQuadrants
		default:
			v.set.Clear()
			fov.AddQuadrants(v.set, walls, origin, r, 0)
			v.quads = 0
		}
	}
	if need := fov.Quadrants(origin, p) &^ v.quads; need != 0 {
		fov.AddQuadrants(v.set, walls, origin, r, need)
		v.quads |= need
	}
	return v.set.Has(p)
}

func (d *decider) player() *Entity { return d.w.Player() }

func (d *decider) command(cmd events.Command) error {
	w := d.w
	if _, ok := cmd.(*events.Begin); ok {
		if w.Turn != 0 || w.Player() != nil {
			return refuse("the game has begun already")
		}
		d.begin()
		return nil
	}
	if w.Player() == nil {
		return refuse("the game has not begun")
	}
	if w.Over {
		return refuse("the game is over")
	}
	if c, ok := cmd.(*events.ChooseAttribute); ok {
		return d.chooseAttribute(c.Attribute)
	}
	if w.LevelUpPending() {
		return refuse("choose an attribute to raise first")
	}
	d.from = w.Player().Pos
	var err error
	monstersAct := true
	switch c := cmd.(type) {
	case *events.Move:
		err = d.move(c.Dir)
	case *events.Wait:
		d.rest()
	case *events.PickUp:
		err = d.pickUp()
	case *events.PickUpItem:
		err = d.pickUpItem(c.Item)
	case *events.UseOn:
		err = d.useOn(c)
	case *events.Drop:
		err = d.drop(c.Item)
	case *events.Use:
		err = d.use(c)
	case *events.Remove:
		err = d.remove(c.Item)
	case *events.Descend:
		err = d.descend()
		monstersAct = false
	default:
		return refuse("unknown command")
	}
	if err != nil {
		return err
	}
	if monstersAct && !w.Over {
		d.monstersAct()
	}
	if !w.Over {
		d.hunger()
	}
	if !w.Over {
		d.regenerate()
	}
	return nil
}
