package auto

import (
	"fmt"

	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Kind is what a Job does.
type Kind uint8

// The jobs.
const (
	Rest    Kind = iota // wait until HP is full
	Explore             // walk to the nearest unexplored place, until none is left
	Travel              // walk to the known stairs down
	Run                 // walk in one direction until something is worth a look
	Go                  // walk to a known tile (a click on the map)
)

var kindNames = [...]string{"rest", "explore", "travel", "run", "go"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "job?"
}

// RestPatience is how many waits in a row without a hit point gained
// stop a rest (the rules heal no one who is too hungry, for one).
const RestPatience = 20

// MaxSteps is the most turns a job plays: a safety net, far more than a
// level needs.
const MaxSteps = 1000

// Job is a multi-turn action under way. It remembers what the player
// knew when it began (HP, hunger, the monsters and items in view), so
// that it stops when any of it changes for the worse or something new
// shows up.
type Job struct {
	Kind Kind
	Dir  events.Dir // for Run
	Goal events.Pos // for Go

	// Pickup has explore pick up the potions and scrolls it stands on
	// (see pickable) rather than stop on them.
	Pickup bool

	steps  int
	depth  int
	hp     int
	hunger events.Hunger
	seen   *Memory
	around int // Run: the sides' signature at the last step; -1 for none yet
	idle   int // Rest: waits since HP last rose
	// Explore: the tiles entered since it last learnt something (a tile
	// explored, an item stood on), and how often; known, the explored
	// tiles then.
	entered map[events.Pos]int
	known   int
}

// MaxEntries is how often Explore may enter one tile without learning
// anything before it gives up: walking to a goal never enters a tile
// twice, and a goal seen on the way can bring it back once more.
const MaxEntries = 3

// Memory is what the player has seen on the level, kept from one job to
// the next so that an item already seen does not stop every job that
// sees it again. The zero Memory knows nothing.
type Memory struct {
	depth int
	seen  map[events.EntityID]bool
	// visited are the items the player has stood on, with the turn
	// they first did (State.Turn after it).
	visited map[events.EntityID]int
	// items are where the player last saw each item on the floor they
	// have not stood on: explore's goals, kept when the item is out of
	// sight (a step can hide a room's items, and a goal that came and
	// went with each step sent explore back and forth for ever).
	items map[events.EntityID]events.Pos
	// inView is the monsters in view at the last look (see).
	inView map[events.EntityID]bool
	// held are the items the player has held, on any level: one they
	// drop is no news, and explore does not walk back to it.
	held map[events.EntityID]bool
}

// Watch records what a turn showed the player that the jobs go by, job
// or not: the items they stand on (stood on, so no news to a later job,
// though a job whose step this turn was still stops on them) and those
// they hold (so that one dropped is no news either). The program calls
// it after every turn it plays.
func (m *Memory) Watch(s *reducer.State) {
	if s.Player() == nil || s.Map == nil {
		return
	}
	m.standOn(s)
	m.hold(s)
}

// hold records the items the player holds.
func (m *Memory) hold(s *reducer.State) {
	if m.held == nil {
		m.held = map[events.EntityID]bool{}
	}
	for _, it := range s.Held(events.PlayerID) {
		m.held[it.ID] = true
	}
}

// wanted reports whether item id, of kind kind, on the floor, is worth a
// job's stop and explore's walk: the player can take it (the backpack
// has room, see reducer.State.CanTake), has never held it (they dropped
// it), and, for gear, holds none of its kind already (a second Dagger
// is no find).
func (m *Memory) wanted(s *reducer.State, id events.EntityID, kind int) bool {
	if m.held[id] || !s.CanTake(kind) {
		return false
	}
	if def := s.Content().Item(kind); def != nil && def.Equip != nil {
		for _, it := range s.Held(events.PlayerID) {
			if it.Kind == kind {
				return false
			}
		}
	}
	return true
}

// level forgets what was seen on another level.
func (m *Memory) level(s *reducer.State) {
	if m.seen == nil || m.depth != s.Depth {
		m.seen, m.visited, m.depth = map[events.EntityID]bool{}, map[events.EntityID]int{}, s.Depth
		m.items, m.inView = map[events.EntityID]events.Pos{}, map[events.EntityID]bool{}
	}
}

// standOn records the items under the player and reports whether one of
// them is wanted (see wanted) and was first stood on this turn: not
// before it (Watch may have recorded this turn's already).
func (m *Memory) standOn(s *reducer.State) bool {
	m.level(s)
	fresh := false
	for _, it := range s.ItemsAt(s.Player().Pos) {
		first, ok := m.visited[it.ID]
		if !ok {
			first = s.Turn
			m.visited[it.ID] = first
		}
		fresh = fresh || first == s.Turn && m.wanted(s, it.ID, it.Kind)
		delete(m.items, it.ID)
	}
	return fresh
}

// see records the monsters and items in view on s and returns those not
// seen before on this level, in id order. It remembers where the items
// not stood on lie, and forgets one whose tile is in view without it,
// and which monsters are in view now.
func (m *Memory) see(s *reducer.State) []*reducer.Entity {
	m.level(s)
	clear(m.inView)
	var news []*reducer.Entity
	for _, e := range inView(s) {
		if !m.seen[e.ID] {
			news = append(news, e)
		}
		m.seen[e.ID] = true
		if s.IsActor(e) {
			m.inView[e.ID] = true
		}
		if _, trod := m.visited[e.ID]; !s.IsActor(e) && !trod {
			m.items[e.ID] = e.Pos
		}
	}
	for id, p := range m.items {
		if s.CanSee(p) && !lies(s, id, p) {
			delete(m.items, id)
		}
	}
	return news
}

// lies reports whether item id lies on the floor at p.
func lies(s *reducer.State, id events.EntityID, p events.Pos) bool {
	for _, it := range s.ItemsAt(p) {
		if it.ID == id {
			return true
		}
	}
	return false
}

// Start begins a job of kind k (dir is Run's direction) on s, or says
// why it cannot: a monster in view, nothing to do. mem is what the player
// has seen (nil for nothing): the job adds to it what comes into view.
func Start(k Kind, dir events.Dir, s *reducer.State, mem *Memory) (*Job, string) {
	p := s.Player()
	if p == nil || s.Map == nil || s.Over {
		return nil, "There is no game to play."
	}
	if m := monsterInView(s, func(*reducer.Entity) string { return "in view" }); m != "" {
		return nil, "Not with " + m + ": " + whatToDo(s) + "."
	}
	if mem == nil {
		mem = &Memory{}
	}
	j := &Job{Kind: k, Dir: dir, depth: s.Depth, hp: p.HP, hunger: s.Hunger, seen: mem, around: -1}
	mem.Watch(s) // what the player stands on and holds now is not news
	mem.see(s)
	switch k {
	case Rest:
		if p.HP >= s.MaxHP(p) {
			return nil, "You are already at full health."
		}
	case Explore:
		if _, ok := explore(s, mem); !ok {
			return nil, explored(s)
		}
	case Travel:
		if _, ok := stairs(s); !ok {
			return nil, noStairs
		}
		if s.Map.At(p.Pos) == downStairs {
			return nil, "You are on the stairs down" + descends(s)
		}
	case Run:
		if !dir.Valid() {
			return nil, "Run where?"
		}
	}
	return j, ""
}

// whyNoRest says why waiting heals the player nothing on s, as the rules
// heal no one who is Hungry or worse, nor anyone with a monster in view
// (one that has not seen them too: asleep, say), and what to do about
// it; "" when neither is so.
func whyNoRest(s *reducer.State) string {
	if s.Hunger >= events.Hungry {
		return ": the hungry do not heal by resting; eat something"
	}
	from := s.Player().Pos
	var near *reducer.Entity
	for _, e := range inView(s) {
		if s.IsActor(e) && (near == nil || steps(from, e.Pos) < steps(from, near.Pos)) {
			near = e
		}
	}
	if near == nil {
		return ""
	}
	where := WhereIs(from, near.Pos)
	if !s.SeesPlayer(near) {
		where += ", unaware of you"
	}
	return fmt.Sprintf(": %s is in view (%s), and nobody heals with a monster in view; step out of its sight", theName(s, near), where)
}

// whatToDo says what the player can do about the monster that keeps a
// job from starting (the nearest, see nearestThreat): fight it (a move
// into it attacks), or step away from it, or out of its sight.
func whatToDo(s *reducer.State) string {
	if m, _ := nearestThreat(s); m != nil && steps(s.Player().Pos, m.Pos) <= 1 {
		return "fight or step away"
	}
	return "fight or get out of sight"
}

// StartGo begins walking to goal, a tile the player knows, with the
// stops of every walk; or says why it cannot.
func StartGo(goal events.Pos, s *reducer.State, mem *Memory) (*Job, string) {
	if p := s.Player(); p != nil && s.Map != nil && !s.Over {
		switch {
		case p.Pos == goal:
			return nil, "You are there already."
		case !s.Map.InBounds(goal) || !s.Explored().Has(goal):
			return nil, "You do not know that place."
		case !s.Map.At(goal).Walkable():
			return nil, "You cannot stand there."
		}
		if _, ok := firstStep(s, p.Pos, func(q events.Pos) bool { return q == goal }); !ok {
			return nil, "You know no way there."
		}
	}
	j, why := Start(Go, 0, s, mem)
	if j != nil {
		j.Goal = goal
	}
	return j, why
}

// Next is the job's next command on s (the state after its last turn),
// or nil and the reason it stops. A job that stops is done: Next keeps
// saying so.
func (j *Job) Next(s *reducer.State) (events.Command, string) {
	if reason := j.interrupted(s); reason != "" {
		return nil, reason
	}
	p := s.Player()
	var cmd events.Command
	reason := ""
	switch j.Kind {
	case Rest:
		if p.HP >= s.MaxHP(p) {
			return nil, "You feel rested."
		}
		if j.idle >= RestPatience {
			return nil, "You stop: resting is not healing you" + whyNoRest(s) + "."
		}
		cmd = &events.Wait{}
	case Explore:
		if j.Pickup && pickable(s) {
			j.steps++
			return &events.PickUp{}, ""
		}
		if j.steps > 0 && j.seen.standOn(s) {
			return nil, "" // the log says "You see here: ..."
		}
		if j.circling(s) {
			return nil, "You stop: exploring is leading you in circles."
		}
		if d, ok := explore(s, j.seen); ok {
			cmd = &events.Move{Dir: d}
		} else {
			reason = explored(s)
		}
	case Travel:
		cmd, reason = j.travel(s)
	case Go:
		cmd, reason = j.walkTo(s)
	case Run:
		cmd, reason = j.run(s)
	}
	if cmd == nil {
		return nil, reason
	}
	j.steps++
	return cmd, ""
}

// interrupted says why the job must stop before its next step, or "".
func (j *Job) interrupted(s *reducer.State) string {
	p := s.Player()
	switch {
	case p == nil || s.Over:
		return "" // the game over screen says why
	case s.Depth != j.depth:
		return "You stop: a new level."
	case j.steps >= MaxSteps:
		return fmt.Sprintf("You stop after %d turns.", j.steps)
	case p.HP < j.hp:
		return "You stop: you are hurt."
	case s.Hunger != j.hunger:
		return "You stop: " + hungerNews(s.Hunger) + "."
	}
	if p.HP > j.hp || j.steps == 0 {
		j.idle = 0
	} else {
		j.idle++
	}
	j.hp = p.HP // resting raises it: only a drop from the best counts
	// A monster that stops the job now but was in view at the last look
	// was far off and unaware then: it has noticed the player.
	verb := func(m *reducer.Entity) string {
		if j.seen.inView[m.ID] {
			return "notices you"
		}
		return "comes into view"
	}
	if m := monsterInView(s, verb); m != "" {
		return "You stop: " + m + "."
	}
	for _, e := range j.seen.see(s) {
		// Explore stops for an item once, on it (or picks it up): seen
		// from afar, it is only where explore goes next.
		// Nor does an item the player would not take (see wanted).
		if j.Kind == Rest || !s.IsActor(e) && (j.Kind == Explore || !j.seen.wanted(s, e.ID, e.Kind)) {
			continue
		}
		return fmt.Sprintf("You stop: you see %s.", reducer.Article(s.Name(e.ID)))
	}
	return ""
}

// hungerNews is how the player's hunger changed, for the line that stops
// a job: "you are hungry".
func hungerNews(h events.Hunger) string {
	switch h {
	case events.WellFed:
		return "you are well fed"
	case events.Normal:
		return "you are no longer well fed"
	case events.Hungry:
		return "you are hungry"
	}
	return "you are starving"
}

// pickable reports whether explore, picking up on its way, picks up
// what the player stands on: the first item there (the one a pick-up
// takes) is a potion or a scroll (by their signs, ! and ?), and the
// backpack has room for it.
func pickable(s *reducer.State) bool {
	p := s.Player()
	items := s.ItemsAt(p.Pos)
	if len(items) == 0 || len(s.Backpack(p.ID)) >= s.Content().Rules.Backpack {
		return false
	}
	g := s.Content().Glyph(items[0].Kind)
	return g == '!' || g == '?'
}

// circling counts the player's tile as entered once more, and reports
// whether it has been entered MaxEntries times since the player last
// explored a tile (an item stood on stops the job already).
func (j *Job) circling(s *reducer.State) bool {
	if n := s.Explored().Count(); j.entered == nil || n != j.known {
		j.entered, j.known = map[events.Pos]int{}, n
	}
	p := s.Player().Pos
	j.entered[p]++
	return j.entered[p] >= MaxEntries
}

// noStairs is why there is nowhere to travel to, and what to do about it.
const noStairs = "You have not found the stairs down yet: o explores."

// travel steps towards the stairs, and stops on them.
func (j *Job) travel(s *reducer.State) (events.Command, string) {
	goal, ok := stairs(s)
	if !ok {
		return nil, noStairs
	}
	from := s.Player().Pos
	if from == goal {
		return nil, "You reach the stairs down" + descends(s)
	}
	d, ok := firstStep(s, from, func(p events.Pos) bool { return p == goal })
	if !ok {
		return nil, "You know no way to the stairs down."
	}
	return &events.Move{Dir: d}, ""
}

// walkTo steps towards the job's goal, and stops on it saying nothing:
// the log says what lies there.
func (j *Job) walkTo(s *reducer.State) (events.Command, string) {
	from := s.Player().Pos
	if from == j.Goal {
		return nil, ""
	}
	d, ok := firstStep(s, from, func(p events.Pos) bool { return p == j.Goal })
	if !ok {
		return nil, "You know no way there."
	}
	return &events.Move{Dir: d}, ""
}

// run steps in the job's direction until the player stands on
// something, the way is blocked, or the sides open or close (a side
// passage, a doorway, a room's end). A corridor's bend is followed: when
// the way ahead is blocked and exactly one tile leads on (not back), the
// run turns into it.
func (j *Job) run(s *reducer.State) (events.Command, string) {
	p := s.Player().Pos
	if j.steps == 0 {
		return &events.Move{Dir: j.Dir}, ""
	}
	if s.Map.At(p) == downStairs {
		return nil, "You stop at the stairs down."
	}
	if len(s.ItemsAt(p)) > 0 {
		return nil, ""
	}
	if !free(s, p.Add(j.Dir)) {
		d, ok := onlyWayOn(s, p, j.Dir)
		if !ok {
			return nil, ""
		}
		// The corridor the player came along is beside the bend: the
		// sides are read from the next step on.
		j.Dir, j.around = d, -1
		return &events.Move{Dir: j.Dir}, ""
	}
	sides := sideSignature(s, p, j.Dir)
	if j.around >= 0 && sides != j.around {
		return nil, ""
	}
	j.around = sides
	return &events.Move{Dir: j.Dir}, ""
}

// free reports whether the player knows p to be walkable and sees no
// monster on it.
func free(s *reducer.State, p events.Pos) bool {
	return known(s, p) && (s.ActorAt(p) == nil || !s.CanSee(p))
}

// turn is d turned by n eighths of a circle, clockwise.
func turn(d events.Dir, n int) events.Dir {
	return events.Dir((int(d) + n + 8*int(events.NumDirs)) % int(events.NumDirs))
}

// sideSignature says which of the two tiles beside p, square to d, are
// walkable: a bit each.
func sideSignature(s *reducer.State, p events.Pos, d events.Dir) int {
	sig := 0
	if known(s, p.Add(turn(d, 2))) {
		sig |= 1
	}
	if known(s, p.Add(turn(d, -2))) {
		sig |= 2
	}
	return sig
}

// onlyWayOn is the one direction, other than back the way the player
// came (d turned by 135 to 225 degrees), that leads to a free tile, if
// there is exactly one.
func onlyWayOn(s *reducer.State, p events.Pos, d events.Dir) (events.Dir, bool) {
	var ways []events.Dir
	for _, n := range []int{-2, -1, 1, 2} {
		if dd := turn(d, n); free(s, p.Add(dd)) {
			ways = append(ways, dd)
		}
	}
	if len(ways) != 1 {
		return 0, false
	}
	return ways[0], true
}

func explored(s *reducer.State) string {
	if _, ok := stairs(s); ok {
		if g := s.GoalHere(); g != nil {
			return "This level is explored; its stairs down are " + sealedUntil(g)
		}
		return "This level is explored; > takes you to the stairs down."
	}
	return "There is nothing left to explore that you can reach."
}

// descends ends a sentence on the stairs down of this level with what
// > does there: it descends, but on the goal's level, whose stairs are
// sealed until the goal is held, a job that promised "> descends" would
// send the player to a refusal.
func descends(s *reducer.State) string {
	if g := s.GoalHere(); g != nil {
		return "; they are " + sealedUntil(g)
	}
	return ": > descends."
}

// sealedUntil says how long the goal's level's stairs stay sealed.
func sealedUntil(goal *content.Item) string {
	return "sealed until you pick up the " + goal.Name + "."
}
