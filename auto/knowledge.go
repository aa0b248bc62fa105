package auto

import (
	"fmt"

	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/dungeon"
)

const downStairs = dungeon.DownStairs

// known reports whether the player knows p to be walkable: explored, and
// a floor or the stairs.
func known(s *reducer.State, p events.Pos) bool {
	return s.Map.InBounds(p) && s.Explored().Has(p) && s.Map.Walkable(p)
}

// inView are the monsters and the items on the floor that the player
// sees, in id order (the player not among them).
func inView(s *reducer.State) []*reducer.Entity {
	var out []*reducer.Entity
	for e := range s.Entities() {
		if e.ID != events.PlayerID && e.OnMap() && s.Map.InBounds(e.Pos) && s.CanSee(e.Pos) {
			out = append(out, e)
		}
	}
	return out
}

// CloseBy is how near (in steps) a monster in view stops a job even if
// it has not seen the player. A monster that has seen the player chases
// them, so it always stops one; one that has not stands still, and a
// walk may go on beside it: when it sees the player the job stops there
// and then. Within 3 steps, though, a monster that wakes reaches the
// player before they could act (it steps as the player does, and a job's
// step is a turn), so it stops a job awake or not. Under rules 1 and 2 a
// monster the player sees within 8 tiles has seen them: the steps matter
// for one that is near and yet unaware.
const CloseBy = 3

// threat reports whether monster m, in view, stops a job: it has seen
// the player, or it is close by.
func threat(s *reducer.State, m *reducer.Entity) bool {
	return s.SeesPlayer(m) || steps(s.Player().Pos, m.Pos) <= CloseBy
}

// nearestThreat is the monster in view that stops a job (see threat)
// nearest the player (in steps; the lowest id of the nearest), or nil,
// and how many others stop it.
func nearestThreat(s *reducer.State) (*reducer.Entity, int) {
	var near *reducer.Entity
	n := 0
	from := s.Player().Pos
	for _, e := range inView(s) {
		if !s.IsActor(e) || !threat(s, e) {
			continue
		}
		n++
		if near == nil || steps(from, e.Pos) < steps(from, near.Pos) {
			near = e
		}
	}
	return near, max(n-1, 0)
}

// steps is how many moves apart p and q are (the longer axis).
func steps(p, q events.Pos) int {
	return max(q.X-p.X, p.X-q.X, q.Y-p.Y, p.Y-q.Y)
}

// monsterInView names the nearest monster in view that stops a job (see
// threat), then what verb says of it ("in view", "comes into view"),
// then where it is, with how many more there are: "the Troll in view
// (next to you), and 2 more"; "" when none is. A monster far off that has not seen the player
// is left out: it stands still, and jobs go on beside it.
func monsterInView(s *reducer.State, verb func(*reducer.Entity) string) string {
	m, more := nearestThreat(s)
	if m == nil {
		return ""
	}
	where := WhereIs(s.Player().Pos, m.Pos)
	if !s.SeesPlayer(m) {
		where += ", unaware" // close by, and it may wake
	}
	text := fmt.Sprintf("%s %s (%s)", theName(s, m), verb(m), where)
	if more > 0 {
		text += fmt.Sprintf(", and %d more", more)
	}
	return text
}

func theName(s *reducer.State, e *reducer.Entity) string { return "the " + s.Name(e.ID) }

// stairs is where the known stairs down are.
func stairs(s *reducer.State) (events.Pos, bool) {
	for p := range s.Explored().All() {
		if s.Map.At(p) == downStairs {
			return p, true
		}
	}
	return events.Pos{}, false
}

// frontier reports whether p is a known walkable tile next to one the
// player has never seen.
func frontier(s *reducer.State, p events.Pos) bool {
	if !known(s, p) {
		return false
	}
	ex := s.Explored()
	for d := events.Dir(0); d < events.NumDirs; d++ {
		q := p.Add(d)
		if s.Map.InBounds(q) && !ex.Has(q) {
			return true
		}
	}
	return false
}

// explore is the first step towards the nearest frontier tile, or item
// seen on the level that the player has not stood on and would take
// (Memory.wanted: not gear of a kind they hold, not one they dropped,
// not with the backpack full): those mem
// remembers, once it has seen s (Memory.see, which Start and every step
// of a job call first).
func explore(s *reducer.State, mem *Memory) (events.Dir, bool) {
	mem.level(s)
	items := map[events.Pos]bool{}
	for id, p := range mem.items {
		if e := s.Get(id); e != nil && mem.wanted(s, id, e.Kind) {
			items[p] = true
		}
	}
	return firstStep(s, s.Player().Pos, func(p events.Pos) bool { return items[p] || frontier(s, p) })
}

// firstStep is the first step of a shortest walk over known tiles from
// `from` to the nearest tile goal accepts (not `from` itself), avoiding
// tiles where a monster is seen. Breadth first, neighbours in Dir order:
// the answer depends on the state alone. It works on map indices, with
// the tiles where a monster is seen marked once, not looked up per tile.
func firstStep(s *reducer.State, from events.Pos, goal func(events.Pos) bool) (events.Dir, bool) {
	m := s.Map
	w, h := m.Width, m.Height
	words := s.Explored().Words()
	// first is 0 for a tile not reached, -2 for one a monster is seen on,
	// else 1 + the first step's Dir (-1 for from).
	first := make([]int8, w*h)
	for e := range s.Entities() {
		if e.OnMap() && s.IsActor(e) && e.ID != events.PlayerID && m.InBounds(e.Pos) && s.CanSee(e.Pos) {
			first[m.Index(e.Pos)] = -2
		}
	}
	start := m.Index(from)
	queue := []int32{int32(start)}
	first[start] = -1
	for head := 0; head < len(queue); head++ {
		pi := int(queue[head])
		x, y := pi%w, pi/w
		for d := events.Dir(0); d < events.NumDirs; d++ {
			dx, dy := d.Delta()
			if x+dx < 0 || x+dx >= w || y+dy < 0 || y+dy >= h {
				continue
			}
			qi := pi + dy*w + dx
			if first[qi] != 0 || words[qi>>6]>>(qi&63)&1 == 0 || !m.Tiles[qi].Walkable() {
				continue
			}
			step := first[pi]
			if pi == start {
				step = int8(d) + 1
			}
			first[qi] = step
			if goal(events.Pos{X: x + dx, Y: y + dy}) {
				return events.Dir(step - 1), true
			}
			queue = append(queue, int32(qi))
		}
	}
	return 0, false
}

// WhereIs says where q lies from p, as a player reads the map: "3 away
// north-east", "next to you, west". Eight compass points, the diagonal
// when neither axis is more than twice the other; the distance is Reach,
// as the rules measure range, so that what is "6 away" is in reach of a
// range-6 scroll and no further.
func WhereIs(p, q events.Pos) string {
	dx, dy := q.X-p.X, q.Y-p.Y
	ax, ay := max(dx, -dx), max(dy, -dy)
	// Along one axis when the other is less than half as far.
	if ax*2 < ay {
		dx = 0
	}
	if ay*2 < ax {
		dy = 0
	}
	d, _ := events.DirTo(events.Pos{}, events.Pos{X: min(max(dx, -1), 1), Y: min(max(dy, -1), 1)})
	if steps(p, q) <= 1 {
		return "next to you, " + d.String()
	}
	return fmt.Sprintf("%d away %s", Reach(p, q), d)
}

// Reach is the distance from p to q as the rules measure range: the
// least r with dx² + dy² <= r².
func Reach(p, q events.Pos) int {
	dx, dy := q.X-p.X, q.Y-p.Y
	d2 := dx*dx + dy*dy
	r := 0
	for r*r < d2 {
		r++
	}
	return r
}
