package path

import (
	"math/bits"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/dice"
)

type result struct {
	Dir events.Dir
	OK  bool
}

func step(g grid, from, to events.Pos, maxNodes int) result {
	d, ok := NextStep(g.w, g.h, g.passable, from, to, maxNodes)
	return result{d, ok}
}

func TestNextStep(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		rows     []string
		maxNodes int
		want     result
	}{
		{"a walker walks straight toward a target in line", []string{
			"..........",
			".A......B.",
			"..........",
		}, 0, result{events.East, true}},
		{"a walker walks diagonally toward a target on a diagonal", []string{
			"A.....",
			"......",
			"......",
			"...B..",
		}, 0, result{events.SouthEast, true}},
		{"a walker goes round a wall by its nearer end", []string{
			"........",
			"...#....",
			".A.#..B.",
			"...#....",
			"...#....",
			"...#....",
		}, 0, result{events.NorthEast, true}},
		{"a walker takes the only gap even when it starts away from the target", []string{
			".#......",
			"A#......",
			".#....B.",
			".#......",
			"........",
		}, 0, result{events.South, true}},
		{"a target standing on an impassable tile can still be reached", []string{
			".....",
			".A.X.",
			".....",
		}, 0, result{events.East, true}},
		{"a walled-in target cannot be reached", []string{
			"......",
			".A.###",
			"...#B#",
			"...###",
		}, 0, result{0, false}},
		{"a walker walled in cannot move", []string{
			"###...",
			"#A#.B.",
			"###...",
		}, 0, result{0, false}},
		{"a search stops when it would expand more tiles than allowed", []string{
			"........",
			".A....B.",
			"........",
		}, 4, result{0, false}},
		{"a search allowed just enough tiles finds the way", []string{
			"........",
			".A....B.",
			"........",
		}, 5, result{events.East, true}},
		{"a search that must go round a wall needs more tiles", []string{
			"...#....",
			".A.#..B.",
			"...#....",
			"........",
		}, 5, result{0, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, from, to := parse(tt.rows...)
			assert.Equal(t, tt.want, step(g, from, to, tt.maxNodes))
		})
	}
}

func TestAWalkerOnItsTargetHasNoStepToTake(t *testing.T) {
	t.Parallel()
	g := open(3, 3)
	assert.Equal(t, result{0, false}, step(g, pos(1, 1), pos(1, 1), 0))
}

func TestEndsOffTheMapGiveNoStep(t *testing.T) {
	t.Parallel()
	g, from, to := parse(
		"....",
		".A.B",
	)
	for _, tt := range []struct {
		name     string
		from, to events.Pos
	}{
		{"a target off the map", from, pos(4, 1)},
		{"a target above the map", from, pos(1, -1)},
		{"a walker off the map", pos(-1, 1), to},
	} {
		assert.Equal(t, result{0, false}, step(g, tt.from, tt.to, 0), tt.name)
	}
	assert.Equal(t, result{0, false}, step(grid{}, pos(0, 0), pos(0, 0), 0), "an empty map")
}

// Among equally short paths the answer is fixed: lowest f, then lowest h
// (so the walker closes in early, diagonally when it can), then lowest
// tile index.
func TestTiesAreBrokenTheSameWayEveryTime(t *testing.T) {
	t.Parallel()
	g := open(9, 9)
	c := pos(4, 4)
	tests := []struct {
		name string
		to   events.Pos
		want events.Dir
	}{
		{"a knight's move east-south-east starts diagonally", pos(6, 5), events.SouthEast},
		{"a knight's move south-south-west starts diagonally", pos(3, 6), events.SouthWest},
		{"a long move mostly west starts diagonally", pos(0, 3), events.NorthWest},
		{"a long move mostly north starts diagonally", pos(5, 0), events.NorthEast},
		{"a move straight north goes north", pos(4, 0), events.North},
		{"a move straight west goes west", pos(0, 4), events.West},
	}
	finder := NewFinder(g.w, g.h)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i := 0; i < 3; i++ {
				assert.Equal(t, result{tt.want, true}, step(g, c, tt.to, 0), "fresh finder, try %d", i)
				d, ok := finder.NextStep(g.passable, c, tt.to, 0)
				assert.Equal(t, result{tt.want, true}, result{d, ok}, "reused finder, try %d", i)
			}
		})
	}
}

func open(w, h int) grid { return grid{w: w, h: h, wall: make([]bool, w*h)} }

// walled is a w by h grid whose tiles are each a wall at density percent,
// drawn from rng.
func walled(rng *dice.Stream, w, h, density int) grid {
	g := open(w, h)
	for i := range g.wall {
		g.wall[i] = rng.Intn(100) < density
	}
	return g
}

// Property: on random maps, walking step after step as NextStep says
// reaches the target at exactly the cost of a shortest path (found here by
// a plain Dijkstra), and fails exactly when there is none. One Finder
// serves every search, so stale scratch state would show.
func TestWalkingTheStepsCostsAShortestPath(t *testing.T) {
	t.Parallel()
	rng := dice.New(99, 0)
	for m := 0; m < 30; m++ {
		w, h := rng.Range(5, 30), rng.Range(5, 20)
		g := walled(rng, w, h, rng.Range(0, 40))
		finder := NewFinder(w, h)
		for k := 0; k < 20; k++ {
			from, to := pos(rng.Intn(w), rng.Intn(h)), pos(rng.Intn(w), rng.Intn(h))
			dist := dijkstra(g, to)
			want := dist[from.Y*w+from.X]
			cost, p := 0, from
			for p != to {
				d, ok := finder.NextStep(g.passable, p, to, 0)
				if !ok {
					require.Equal(t, -1, want, "map %d: no step from %v to %v", m, p, to)
					break
				}
				cost += stepCost(d)
				p = p.Add(d)
				require.True(t, p == to || g.passable(p), "map %d: stepped into a wall at %v", m, p)
				require.LessOrEqual(t, cost, want, "map %d: %v to %v costs more than a shortest path", m, from, to)
			}
			if p == to {
				require.Equal(t, want, cost, "map %d: %v to %v", m, from, to)
			}
		}
	}
}

// dijkstra is every tile's shortest cost to the target (which is always
// enterable), -1 where there is no path.
func dijkstra(g grid, to events.Pos) []int {
	dist := make([]int, g.w*g.h)
	for i := range dist {
		dist[i] = -1
	}
	done := make([]bool, len(dist))
	dist[to.Y*g.w+to.X] = 0
	for {
		best := -1
		for i, d := range dist {
			if d >= 0 && !done[i] && (best < 0 || d < dist[best]) {
				best = i
			}
		}
		if best < 0 {
			return dist
		}
		done[best] = true
		p := pos(best%g.w, best/g.w)
		if p != to && !g.passable(p) {
			continue // walls are reached, but nothing is reached through them
		}
		for d := events.Dir(0); d < events.NumDirs; d++ {
			q := p.Add(d)
			if q.X < 0 || q.X >= g.w || q.Y < 0 || q.Y >= g.h {
				continue
			}
			qi := q.Y*g.w + q.X
			if nd := dist[best] + stepCost(d); !done[qi] && (dist[qi] < 0 || nd < dist[qi]) {
				dist[qi] = nd
			}
		}
	}
}

func TestTheHeuristicIsTheCostOfAnOpenPath(t *testing.T) {
	t.Parallel()
	assert.Equal(t, []int{0, 2, 3, 7, 13, 13},
		[]int{heuristic(pos(0, 0), pos(0, 0)), heuristic(pos(0, 0), pos(1, 0)), heuristic(pos(0, 0), pos(-1, 1)),
			heuristic(pos(0, 0), pos(3, 1)), heuristic(pos(5, 5), pos(0, 2)), heuristic(pos(0, 2), pos(5, 5))})
}

// Property: the answer without a search, when the straight way is clear,
// is the search's answer, tie for tie, on random maps of every density,
// with limits on the work that let the search through or stop it.
func TestAClearLineAnswersAsTheSearchDoes(t *testing.T) {
	t.Parallel()
	rng := dice.New(7, 0)
	lines := 0
	for m := 0; m < 200; m++ {
		w, h := rng.Range(2, 24), rng.Range(2, 16)
		g := walled(rng, w, h, rng.Range(0, 50))
		finder, search := NewFinder(w, h), NewFinder(w, h)
		for k := 0; k < 50; k++ {
			from, to := pos(rng.Intn(w), rng.Intn(h)), pos(rng.Intn(w), rng.Intn(h))
			maxNodes := []int{0, 1000, rng.Range(1, 12)}[rng.Intn(3)]
			walls, none := g.bits()
			if _, ok := finder.clearLine(walls, none, from, to, maxNodes); ok && from != to {
				lines++
			}
			d, ok := finder.NextStep(g.passable, from, to, maxNodes)
			want := result{}
			if from != to {
				want.Dir, want.OK = search.astar(walls, none, from, to, maxNodes)
			}
			require.Equal(t, want, result{d, ok}, "map %d (%dx%d): %v to %v, at most %d tiles", m, w, h, from, to, maxNodes)
		}
	}
	require.Greater(t, lines, 1000, "the clear lines tried")
}

func TestALineWithAnythingInTheWayIsNotClear(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		rows     []string
		maxNodes int
		want     result
	}{
		{"a diagonal then straight line is clear", []string{
			"A.....",
			"......",
			"....B.",
		}, 0, result{events.SouthEast, true}},
		{"a wall on the diagonal blocks it", []string{
			"A.....",
			".#....",
			"....B.",
		}, 0, result{}},
		{"a wall on the straight part blocks it", []string{
			"A.....",
			"......",
			"...#B.",
		}, 0, result{}},
		{"a wall off the line does not", []string{
			"A..#..",
			"#....#",
			"....B#",
		}, 0, result{events.SouthEast, true}},
		{"a target on a wall is still reached", []string{
			"..A..",
			".....",
			"..X..",
		}, 0, result{events.South, true}},
		{"a line longer than the search may go is not taken", []string{
			"A....B",
		}, 4, result{}},
		{"a line as long as the search may go is", []string{
			"A....B",
		}, 5, result{events.East, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, from, to := parse(tt.rows...)
			walls, none := g.bits()
			d, ok := NewFinder(g.w, g.h).clearLine(walls, none, from, to, tt.maxNodes)
			assert.Equal(t, tt.want, result{d, ok})
		})
	}
}

// Property: on random maps, with walls and taken tiles in two sets of
// bits, NextStepBits answers as NextStep asking whether a tile is in
// neither.
func TestTheBitsAnswerAsTheQuestionDoes(t *testing.T) {
	t.Parallel()
	rng := dice.New(11, 0)
	for m := 0; m < 100; m++ {
		w, h := rng.Range(2, 70), rng.Range(2, 40)
		walls, taken := make([]uint64, (w*h+63)/64), make([]uint64, (w*h+63)/64)
		wallDensity, takenDensity := rng.Range(0, 40), rng.Range(0, 20)
		for i := range w * h {
			if rng.Intn(100) < wallDensity {
				walls[i>>6] |= 1 << (i & 63)
			} else if rng.Intn(100) < takenDensity {
				taken[i>>6] |= 1 << (i & 63)
			}
		}
		passable := func(p events.Pos) bool {
			i := p.Y*w + p.X
			return (walls[i>>6]|taken[i>>6])&(1<<(i&63)) == 0
		}
		bits, asked := NewFinder(w, h), NewFinder(w, h)
		for k := 0; k < 50; k++ {
			from, to := pos(rng.Intn(w), rng.Intn(h)), pos(rng.Intn(w), rng.Intn(h))
			maxNodes := []int{0, 1000, rng.Range(1, 12)}[rng.Intn(3)]
			d, ok := asked.NextStep(passable, from, to, maxNodes)
			bd, bok := bits.NextStepBits(walls, taken, from, to, maxNodes)
			require.Equal(t, result{d, ok}, result{bd, bok}, "map %d (%dx%d): %v to %v, at most %d tiles", m, w, h, from, to, maxNodes)
		}
	}
}

func TestBitsTooFewForTheMapGiveNoStep(t *testing.T) {
	t.Parallel()
	f := NewFinder(10, 10)
	d, ok := f.NextStepBits(make([]uint64, 1), make([]uint64, 2), pos(0, 0), pos(5, 5), 0)
	assert.Equal(t, result{}, result{d, ok})
}

// Property: when a search fails for want of tiles to try, Reached gives
// exactly the tiles reachable from its start (found here by a flood
// fill), none of them next to the goal; after a search that finds its way
// or stops at its limit, it gives nothing.
func TestASealedSearchReachedEveryTileItCould(t *testing.T) {
	t.Parallel()
	rng := dice.New(23, 0)
	sealed := 0
	for m := 0; m < 100; m++ {
		w, h := rng.Range(2, 40), rng.Range(2, 25)
		g := walled(rng, w, h, rng.Range(10, 60))
		finder := NewFinder(w, h)
		for k := 0; k < 30; k++ {
			from, to := pos(rng.Intn(w), rng.Intn(h)), pos(rng.Intn(w), rng.Intn(h))
			maxNodes := []int{0, rng.Range(1, 30)}[rng.Intn(2)]
			_, found := finder.NextStep(g.passable, from, to, maxNodes)
			got := make([]uint64, (w*h+63)/64)
			ok := finder.Reached(got)
			want := flood(g, from, to)
			whole := from != to && !slices.Contains(want, true) // the goal is reached from no tile
			reachable := make([]uint64, len(got))
			for i, r := range reachable0(g, from, to) {
				if r {
					reachable[i>>6] |= 1 << (i & 63)
				}
			}
			if found || !whole || (maxNodes > 0 && countBits(reachable) > maxNodes) {
				require.False(t, ok, "map %d: %v to %v", m, from, to)
				require.Equal(t, make([]uint64, len(got)), got)
				continue
			}
			require.True(t, ok, "map %d: %v to %v, at most %d", m, from, to, maxNodes)
			sealed++
			require.Equal(t, reachable, got, "map %d: %v to %v, at most %d", m, from, to, maxNodes)
		}
	}
	require.Greater(t, sealed, 300, "searches that failed for want of tiles")
}

// reachable0 marks the tiles reachable from `from` through passable tiles
// other than the goal (from itself included).
func reachable0(g grid, from, to events.Pos) []bool {
	seen := make([]bool, g.w*g.h)
	if from == to {
		return seen
	}
	stack := []events.Pos{from}
	seen[from.Y*g.w+from.X] = true
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for d := events.Dir(0); d < events.NumDirs; d++ {
			q := p.Add(d)
			if q.X < 0 || q.X >= g.w || q.Y < 0 || q.Y >= g.h || q == to || seen[q.Y*g.w+q.X] || !g.passable(q) {
				continue
			}
			seen[q.Y*g.w+q.X] = true
			stack = append(stack, q)
		}
	}
	return seen
}

// flood marks, for each tile reachable from `from`, whether the goal is
// next to it: all false when the goal cannot be reached.
func flood(g grid, from, to events.Pos) []bool {
	r := reachable0(g, from, to)
	out := make([]bool, len(r))
	for i, ok := range r {
		if ok && max(abs(i%g.w-to.X), abs(i/g.w-to.Y)) <= 1 {
			out[i] = true
		}
	}
	return out
}

func countBits(words []uint64) int {
	n := 0
	for _, w := range words {
		n += bits.OnesCount64(w)
	}
	return n
}

// referenceStep is NextStep's specification written plainly: A* that
// takes out the open tile of lowest f, then lowest h, then lowest index,
// looked for among all of them each time; neighbours in Dir order; a
// tile's path (and first step) replaced only by a strictly cheaper one;
// no more than maxNodes tiles expanded.
func referenceStep(g grid, from, to events.Pos, maxNodes int) result {
	if from == to || from.X < 0 || from.X >= g.w || from.Y < 0 || from.Y >= g.h || to.X < 0 || to.X >= g.w || to.Y < 0 || to.Y >= g.h {
		return result{}
	}
	type tile struct {
		g, h         int
		first        events.Dir
		open, closed bool
		seen         bool
	}
	tiles := make([]tile, g.w*g.h)
	idx := func(p events.Pos) int { return p.Y*g.w + p.X }
	tiles[idx(from)] = tile{h: heuristic(from, to), first: events.NumDirs, open: true, seen: true}
	for expanded := 0; ; expanded++ {
		best := -1
		for i, t := range tiles {
			if !t.open {
				continue
			}
			if b := tiles[max(best, 0)]; best < 0 || t.g+t.h < b.g+b.h || t.g+t.h == b.g+b.h && t.h < b.h {
				best = i
			}
		}
		if best < 0 {
			return result{}
		}
		cur := pos(best%g.w, best/g.w)
		if cur == to {
			return result{tiles[best].first, true}
		}
		if maxNodes > 0 && expanded >= maxNodes {
			return result{}
		}
		c := &tiles[best]
		c.open, c.closed = false, true
		for d := events.Dir(0); d < events.NumDirs; d++ {
			q := cur.Add(d)
			if q.X < 0 || q.X >= g.w || q.Y < 0 || q.Y >= g.h {
				continue
			}
			n := &tiles[idx(q)]
			cost, first := c.g+stepCost(d), c.first
			if cur == from {
				first = d
			}
			switch {
			case !n.seen:
				n.seen, n.h = true, heuristic(q, to)
				if q != to && !g.passable(q) {
					continue
				}
				n.g, n.first, n.open = cost, first, true
			case n.closed || !n.open || cost >= n.g:
			default:
				n.g, n.first = cost, first
			}
		}
	}
}

// Property: on random maps, NextStep (its clear line, its heap, its
// entries passed over) answers as the plain specification, tie for tie.
func TestTheFinderAnswersAsItsSpecification(t *testing.T) {
	t.Parallel()
	rng := dice.New(31, 0)
	for m := 0; m < 120; m++ {
		w, h := rng.Range(2, 30), rng.Range(2, 20)
		g := walled(rng, w, h, rng.Range(0, 45))
		finder := NewFinder(w, h)
		for k := 0; k < 25; k++ {
			from, to := pos(rng.Intn(w), rng.Intn(h)), pos(rng.Intn(w), rng.Intn(h))
			maxNodes := []int{0, rng.Range(1, 40)}[rng.Intn(2)]
			d, ok := finder.NextStep(g.passable, from, to, maxNodes)
			require.Equal(t, referenceStep(g, from, to, maxNodes), result{d, ok}, "map %d (%dx%d): %v to %v, at most %d", m, w, h, from, to, maxNodes)
		}
	}
}

// Property: one Finder kept from search to search while the walls and the
// taken tiles change a few at a time (as monsters move, and the goal's
// own tile taken or not), and now and then many at once (a new level),
// answers, and reaches, as a fresh Finder does.
func TestAFinderKeptWhileTheBitsChangeAnswersAsAFreshOne(t *testing.T) {
	t.Parallel()
	rng := dice.New(41, 0)
	w, h := 37, 23
	kept := NewFinder(w, h)
	n := (w*h + 63) / 64
	walls, taken := make([]uint64, n), make([]uint64, n)
	for i := range w * h {
		if rng.Intn(100) < 30 {
			flip(walls, i)
		}
	}
	sealed := 0
	for k := 0; k < 3000; k++ {
		for range rng.Range(0, 4) {
			flip(taken, rng.Intn(w*h))
		}
		if rng.Intn(20) == 0 {
			flip(walls, rng.Intn(w*h))
		}
		if rng.Intn(200) == 0 { // a new level
			for i := range w * h {
				if rng.Intn(100) < 30 {
					flip(walls, i)
				}
			}
		}
		from, to := pos(rng.Intn(w), rng.Intn(h)), pos(rng.Intn(w), rng.Intn(h))
		maxNodes := []int{0, 1000, rng.Range(1, 40)}[rng.Intn(3)]
		fresh := NewFinder(w, h)
		d, ok := fresh.NextStepBits(walls, taken, from, to, maxNodes)
		kd, kok := kept.NextStepBits(walls, taken, from, to, maxNodes)
		require.Equal(t, result{d, ok}, result{kd, kok}, "search %d: %v to %v, at most %d", k, from, to, maxNodes)
		want, got := make([]uint64, n), make([]uint64, n)
		wok, gok := fresh.Reached(want), kept.Reached(got)
		require.Equal(t, wok, gok, "search %d", k)
		require.Equal(t, want, got, "search %d", k)
		if wok {
			sealed++
		}
	}
	require.Greater(t, sealed, 100, "searches that failed for want of tiles")
}

func TestTheShutBitsAreTheNeighboursThatMayNotBeEnteredWhicheverWayTheyAreWritten(t *testing.T) {
	t.Parallel()
	rng := dice.New(43, 0)
	w, h := 41, 19
	f := NewFinder(w, h)
	n := (w*h + 63) / 64
	walls, taken := make([]uint64, n), make([]uint64, n)
	blocked := func(x, y, goal int) uint8 {
		i := y*w + x
		if x < 0 || x >= w || y < 0 || y >= h || i != goal && (walls[i>>6]|taken[i>>6])>>(i&63)&1 != 0 {
			return 1
		}
		return 0
	}
	rebuilt, tileByTile := 0, 0
	for k := 0; k < 400; k++ {
		changes := rng.Range(0, 6)
		if rng.Intn(10) == 0 { // a new level: most tiles change
			changes = w * h
		}
		for range changes {
			flip([][]uint64{walls, taken}[rng.Intn(2)], rng.Intn(w*h))
		}
		goal := rng.Intn(w * h)
		before := slices.Clone(f.bits)
		f.setBits(walls, taken, goal)
		diff := 0
		for i := range before {
			diff += bits.OnesCount64(before[i] ^ f.bits[i])
		}
		if diff > w*h/rebuildShare {
			rebuilt++
		} else {
			tileByTile++
		}
		for y := range h {
			for x := range w {
				var want uint8
				for d := events.Dir(0); d < events.NumDirs; d++ {
					dx, dy := d.Delta()
					want |= blocked(x+dx, y+dy, goal) << d
				}
				require.Equal(t, want, f.shut[f.framedIndex(pos(x, y))], "update %d, tile %d,%d", k, x, y)
			}
		}
	}
	assert.Greater(t, rebuilt, 20, "updates that rebuilt every tile")
	assert.Greater(t, tileByTile, 200, "updates that wrote the tiles that changed")
}

// flip flips bit i of a bit set of tiles.
func flip(bits []uint64, i int) { bits[i>>6] ^= 1 << (i & 63) }
