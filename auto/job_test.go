package auto

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// begun is seed's game after its Begin turn.
func begun(t testing.TB, seed uint64) *reducer.State {
	t.Helper()
	s := reducer.New(seed, content.Default())
	play(t, s, &events.Begin{})
	return s
}

// play decides cmd on s and folds the turn, as the program does.
func play(t testing.TB, s *reducer.State, cmd events.Command) {
	t.Helper()
	turn, err := reducer.Decide(s, cmd)
	require.NoError(t, err, "turn %d: %T", s.Turn, cmd)
	require.NoError(t, s.ApplyTurn(&turn))
}

// alone kills every monster on s's level, so that nothing interrupts.
func alone(t testing.TB, s *reducer.State) {
	t.Helper()
	for _, m := range s.Monsters() {
		for _, it := range s.Held(m.ID) {
			require.NoError(t, s.Apply(&events.Dropped{Actor: m.ID, Item: it.ID}))
		}
		require.NoError(t, s.Apply(&events.Died{Actor: m.ID, Cause: events.CauseMelee, Killer: events.PlayerID}))
	}
}

// runJob plays j on s until it stops; it returns the commands played and
// the reason it stopped.
func runJob(t *testing.T, s *reducer.State, j *Job) ([]events.Command, string) {
	t.Helper()
	var cmds []events.Command
	for {
		cmd, reason := j.Next(s)
		if cmd == nil {
			return cmds, reason
		}
		cmds = append(cmds, cmd)
		play(t, s, cmd)
		require.Less(t, len(cmds), MaxSteps+1, "the job never stops")
	}
}

func TestRestWaitsUntilHPIsFull(t *testing.T) {
	t.Parallel()
	s := begun(t, 4)
	alone(t, s)
	p := s.Player()
	require.NoError(t, s.Apply(&events.Damaged{Actor: events.PlayerID, Amount: 3, Cause: events.CauseStarvation}))
	j, why := Start(Rest, 0, s, nil)
	require.NotNil(t, j, why)
	cmds, reason := runJob(t, s, j)
	assert.Equal(t, "You feel rested.", reason)
	assert.Equal(t, s.MaxHP(p), s.Player().HP)
	require.NotEmpty(t, cmds)
	for _, c := range cmds {
		assert.Equal(t, &events.Wait{}, c)
	}
}

func TestAJobRefusesToStartWhenItHasNothingToDo(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		kind Kind
		want string
	}{
		{"rest at full health", Rest, "You are already at full health."},
		{"travel before the stairs are found", Travel, "You have not found the stairs down yet: o explores."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := begun(t, 4)
			alone(t, s)
			if _, ok := stairs(s); ok && tc.kind == Travel {
				t.Skip("the stairs are in view from the start")
			}
			j, why := Start(tc.kind, 0, s, nil)
			assert.Nil(t, j)
			assert.Equal(t, tc.want, why)
		})
	}
}

func TestNoJobStartsWithAMonsterInView(t *testing.T) {
	t.Parallel()
	s := begun(t, 4)
	// A monster next to the player.
	p := s.Player().Pos
	var at events.Pos
	for d := events.Dir(0); d < events.NumDirs; d++ {
		if q := p.Add(d); s.Map.Walkable(q) && s.ActorAt(q) == nil {
			at = q
			break
		}
	}
	goblin, ok := s.Content().ByName("Goblin")
	require.True(t, ok)
	require.NoError(t, s.Apply(&events.Spawned{ID: s.NextID, Kind: goblin, Pos: at, HP: 5}))
	for _, k := range []Kind{Rest, Explore, Travel, Run} {
		j, why := Start(k, events.North, s, nil)
		assert.Nil(t, j, k.String())
		assert.Equal(t, "Not with the Goblin in view (next to you, north): fight or step away.", why, k.String())
	}
}

func TestExploreWalksUntilTheLevelIsKnownOrSomethingShowsUp(t *testing.T) {
	t.Parallel()
	s := begun(t, 7)
	alone(t, s)
	before := s.Explored().Count()
	total, onItems := 0, 0
	mem := &Memory{}
	for range 50 { // every stop for a new item is followed by exploring again
		j, why := Start(Explore, 0, s, mem)
		if j == nil {
			assert.Contains(t, []string{
				"This level is explored; > takes you to the stairs down.",
				"There is nothing left to explore that you can reach.",
			}, why)
			break
		}
		cmds, reason := runJob(t, s, j)
		total += len(cmds)
		for _, c := range cmds {
			assert.IsType(t, &events.Move{}, c)
		}
		if reason == "" {
			assert.NotEmpty(t, s.ItemsAt(s.Player().Pos), "a quiet stop is on an item")
			onItems++
			continue
		}
		assert.Regexp(t, `^(You stop: you (see an?|are) .+\.|This level is explored.*|There is nothing left.*)$`, reason)
	}
	assert.Greater(t, s.Explored().Count(), before, "exploring saw more of the level")
	assert.Greater(t, total, 10)
	assert.Positive(t, onItems, "exploring walked onto the items it saw")
	_, ok := stairs(s)
	assert.True(t, ok, "a level explored to the end shows its stairs")

	// Fed, so that hunger does not stop the walk.
	require.NoError(t, s.Apply(&events.HungerChanged{Actor: events.PlayerID, Hunger: events.WellFed, Until: s.Turn + 1000}))
	j, why := Start(Travel, 0, s, mem)
	if s.Map.At(s.Player().Pos) != downStairs {
		require.NotNil(t, j, why)
		_, reason := runJob(t, s, j)
		assert.Equal(t, "You reach the stairs down: > descends.", reason)
		assert.Equal(t, downStairs, s.Map.At(s.Player().Pos))
	}
}

func TestRunStopsWhereTheWayIsBlocked(t *testing.T) {
	t.Parallel()
	s := begun(t, 4)
	alone(t, s)
	start := s.Player().Pos
	var dir events.Dir
	found := false
	for d := events.Dir(0); d < events.NumDirs && !found; d++ {
		if known(s, start.Add(d)) && known(s, start.Add(d).Add(d)) {
			dir, found = d, true
		}
	}
	require.True(t, found, "a direction with two known steps")
	j, why := Start(Run, dir, s, nil)
	require.NotNil(t, j, why)
	cmds, _ := runJob(t, s, j)
	require.NotEmpty(t, cmds)
	for _, c := range cmds {
		assert.Equal(t, &events.Move{Dir: dir}, c)
	}
	end := s.Player().Pos
	dx, dy := dir.Delta()
	assert.Equal(t, start.X+dx*len(cmds), end.X, "every step went the one way")
	assert.Equal(t, start.Y+dy*len(cmds), end.Y)
}

func TestAJobStopsWhenThePlayerIsHurt(t *testing.T) {
	t.Parallel()
	s := begun(t, 4)
	alone(t, s)
	require.NoError(t, s.Apply(&events.Damaged{Actor: events.PlayerID, Amount: 3, Cause: events.CauseStarvation}))
	j, why := Start(Rest, 0, s, nil)
	require.NotNil(t, j, why)
	cmd, _ := j.Next(s)
	require.NotNil(t, cmd)
	play(t, s, cmd)
	require.NoError(t, s.Apply(&events.Damaged{Actor: events.PlayerID, Amount: 2, Cause: events.CauseStarvation}))
	cmd, reason := j.Next(s)
	assert.Nil(t, cmd)
	assert.Equal(t, "You stop: you are hurt.", reason)
}

// bend is a level of two rooms joined by a corridor that goes east, then
// bends south; the player stands in the west room, on the corridor's row.
func bend(t *testing.T) *reducer.State {
	t.Helper()
	return bendAt(t, 1)
}

// bendAt is bend on the given depth.
func bendAt(t *testing.T, depth int) *reducer.State {
	t.Helper()
	tables := content.Default()
	player, ok := tables.ByName("Player")
	require.True(t, ok)
	s := reducer.New(1, tables)
	begin := events.Turn{Command: &events.Begin{}, Facts: []events.Fact{
		&events.LevelEntered{Depth: depth, Width: 30, Height: 16,
			Rooms:     []events.Rect{{X: 1, Y: 1, W: 5, H: 3}, {X: 18, Y: 10, W: 6, H: 4}},
			Corridors: []events.Corridor{{From: events.Pos{X: 5, Y: 2}, To: events.Pos{X: 20, Y: 10}, HorizontalFirst: true}},
			Stairs:    events.Pos{X: 22, Y: 12}, Arrival: events.Pos{X: 2, Y: 2}},
		&events.Spawned{ID: events.PlayerID, Kind: player, Pos: events.Pos{X: 2, Y: 2}, HP: 10},
		&events.HungerChanged{Actor: events.PlayerID, Hunger: events.Normal},
	}}
	require.NoError(t, s.ApplyTurn(&begin))
	return s
}

func TestRunFollowsACorridorRoundItsBend(t *testing.T) {
	t.Parallel()
	s := bend(t)
	j, why := Start(Run, events.East, s, nil)
	require.NotNil(t, j, why)
	runJob(t, s, j)
	require.Equal(t, events.Pos{X: 6, Y: 2}, s.Player().Pos, "the run stops in the doorway, where the room's sides close")
	j, why = Start(Run, events.East, s, nil)
	require.NotNil(t, j, why)
	cmds, _ := runJob(t, s, j)
	dirs := map[events.Dir]bool{}
	for _, c := range cmds {
		dirs[c.(*events.Move).Dir] = true
	}
	assert.Equal(t, map[events.Dir]bool{events.East: true, events.South: true}, dirs, "east along the corridor, then south round its bend")
	assert.Equal(t, events.Pos{X: 20, Y: 10}, s.Player().Pos, "the run stops where the corridor opens into the room")
}

func TestTravelWalksToTheStairsOnceSeen(t *testing.T) {
	t.Parallel()
	s := bend(t)
	_, why := Start(Travel, 0, s, nil)
	assert.Equal(t, "You have not found the stairs down yet: o explores.", why)
	assert.Equal(t, "You reach the stairs down: > descends.", travelToTheBendsStairs(t, s))
	assert.Equal(t, events.Pos{X: 22, Y: 12}, s.Player().Pos)
}

// travelToTheBendsStairs runs east twice (to the doorway, then down the
// corridor into the room, where the stairs come into view) and travels
// to them, returning why the travel stopped.
func travelToTheBendsStairs(t *testing.T, s *reducer.State) string {
	t.Helper()
	for range 2 {
		j, why := Start(Run, events.East, s, nil)
		require.NotNil(t, j, why)
		runJob(t, s, j)
	}
	j, why := Start(Travel, 0, s, nil)
	require.NotNil(t, j, why)
	_, reason := runJob(t, s, j)
	return reason
}

func TestTravelToTheSealedStairsOfTheGoalsLevelSaysTheyAreSealed(t *testing.T) {
	t.Parallel()
	goal := content.Default().Rules
	require.NotNil(t, goal.GoalItem)
	cases := []struct {
		depth int
		want  string
	}{
		{1, "You reach the stairs down: > descends."},
		{goal.GoalDepth, "You reach the stairs down; they are sealed until you pick up the Amulet of the Deep."},
	}
	for _, c := range cases {
		s := bendAt(t, c.depth)
		assert.Equal(t, c.want, travelToTheBendsStairs(t, s), "depth %d", c.depth)
		_, why := Start(Travel, 0, s, nil)
		assert.Equal(t, strings.Replace(c.want, "reach", "are on", 1), why, "depth %d", c.depth)
	}
}

func TestRestStopsWhenWaitingDoesNotHeal(t *testing.T) {
	t.Parallel()
	s := begun(t, 4)
	alone(t, s)
	require.NoError(t, s.Apply(&events.Damaged{Actor: events.PlayerID, Amount: 3, Cause: events.CauseStarvation}))
	// Hungry until far in the future: the rules heal no hungry player.
	require.NoError(t, s.Apply(&events.HungerChanged{Actor: events.PlayerID, Hunger: events.Hungry, Until: s.Turn + 1000}))
	hp := s.Player().HP
	j, why := Start(Rest, 0, s, nil)
	require.NotNil(t, j, why)
	cmds, reason := runJob(t, s, j)
	assert.Equal(t, "You stop: resting is not healing you: the hungry do not heal by resting; eat something.", reason,
		"the stop says why")
	assert.Len(t, cmds, RestPatience, "as many waits as its patience")
	assert.Equal(t, hp, s.Player().HP)
}

// A rest that stops healing says why: a monster in view, the nearest
// named, awake or not (the rules heal no one with a monster in view).
func TestARestThatDoesNotHealNamesTheMonsterInView(t *testing.T) {
	t.Parallel()
	s := begun(t, 4)
	alone(t, s)
	assert.Empty(t, whyNoRest(s), "alone and fed: nothing to say")
	p := s.Player().Pos
	var at events.Pos
	for d := events.Dir(0); d < events.NumDirs; d++ {
		if q := p.Add(d); s.Map.Walkable(q) && s.ActorAt(q) == nil {
			at = q
			break
		}
	}
	goblin, ok := s.Content().ByName("Goblin")
	require.True(t, ok)
	require.NoError(t, s.Apply(&events.Spawned{ID: s.NextID, Kind: goblin, Pos: at, HP: 5}))
	assert.Equal(t, ": the Goblin is in view (next to you, north), and nobody heals with a monster in view; step out of its sight", whyNoRest(s))
}

// A job names the nearest monster in view, not the first by id, and
// says how many more there are.
func TestAJobNamesTheNearestMonsterInViewAndCountsTheRest(t *testing.T) {
	t.Parallel()
	s := begun(t, 4)
	alone(t, s)
	p := s.Player().Pos
	var free []events.Pos
	for d := events.Dir(0); d < events.NumDirs && len(free) < 1; d++ {
		if q := p.Add(d); s.Map.Walkable(q) && s.ActorAt(q) == nil {
			free = append(free, q)
		}
	}
	require.NotEmpty(t, free, "a free tile next to the player")
	far := events.Pos{X: -1}
	for x := p.X - 4; x <= p.X+4 && far.X < 0; x++ {
		for y := p.Y - 4; y <= p.Y+4; y++ {
			q := events.Pos{X: x, Y: y}
			if steps(p, q) >= 3 && s.Map.InBounds(q) && s.Map.Walkable(q) && s.CanSee(q) && s.ActorAt(q) == nil {
				far = q
				break
			}
		}
	}
	require.GreaterOrEqual(t, far.X, 0, "a free tile in view three steps away or more")
	// The far one is spawned first, so it has the lower id.
	goblin, troll := monsterCode(t, s, "Goblin"), monsterCode(t, s, "Troll")
	spawn := func(kind int, at events.Pos) {
		require.NoError(t, s.Apply(&events.Spawned{ID: s.NextID, Kind: kind, Pos: at, HP: 5}))
	}
	spawn(goblin, far)
	spawn(troll, free[0])
	j, why := Start(Rest, 0, s, nil)
	assert.Nil(t, j)
	assert.Equal(t, "Not with the Troll in view (next to you, north), and 1 more: fight or step away.", why)
}

// monsterCode is the content code of the monster called name.
func monsterCode(t *testing.T, s *reducer.State, name string) int {
	t.Helper()
	code, ok := s.Content().ByName(name)
	require.True(t, ok, "no monster called %s", name)
	return code
}

// unawareTroll calls try with a copy of a game of seed 1 to 30 (alone on
// its level) where a Troll stands in the player's view at tile at, too
// far off to see the player, until try says it is done.
func unawareTroll(t *testing.T, try func(s *reducer.State, id events.EntityID, at events.Pos) bool) {
	t.Helper()
	for seed := uint64(1); seed <= 30; seed++ {
		s := begun(t, seed)
		alone(t, s)
		p := s.Player().Pos
		for y := p.Y - 9; y <= p.Y+9; y++ {
			for x := p.X - 9; x <= p.X+9; x++ {
				at := events.Pos{X: x, Y: y}
				if !s.Map.InBounds(at) || !s.Map.Walkable(at) || !s.CanSee(at) || s.ActorAt(at) != nil {
					continue
				}
				c := s.Clone()
				id := c.NextID
				require.NoError(t, c.Apply(&events.Spawned{ID: id, Kind: monsterCode(t, c, "Troll"), Pos: at, HP: 5}))
				if !c.SeesPlayer(c.Get(id)) && try(c, id, at) {
					return
				}
			}
		}
	}
	t.Fatal("no game of 30 had what the test needs")
}

// A monster at the edge of the view, which has not seen the player and
// stands still, stops no job: explore, travel, run and rest start beside
// it (it only stops a job once, when first seen, as anything new does).
func TestAFarMonsterThatHasNotSeenThePlayerStopsNoJob(t *testing.T) {
	t.Parallel()
	unawareTroll(t, func(s *reducer.State, _ events.EntityID, at events.Pos) bool {
		require.Greater(t, steps(s.Player().Pos, at), 3)
		j, why := Start(Explore, 0, s, nil)
		assert.Equal(t, "", why)
		require.NotNil(t, j)
		cmd, why := j.Next(s)
		assert.Equal(t, "", why, "the first step is taken")
		assert.NotNil(t, cmd)
		return true
	})
}

// A far monster that a job walked on beside, once it sees the player,
// stops the job as one that notices the player, not one that comes into
// view: it was in view all along.
func TestAFarMonsterThatNoticesThePlayerStopsAJobSayingSo(t *testing.T) {
	t.Parallel()
	unawareTroll(t, func(s *reducer.State, id events.EntityID, at events.Pos) bool {
		p := s.Player().Pos
		j, why := Start(Explore, 0, s, nil)
		require.Equal(t, "", why)
		for d := events.Dir(0); d < events.NumDirs; d++ {
			q := at.Add(d)
			if !s.Map.Walkable(q) || s.ActorAt(q) != nil || steps(p, q) >= steps(p, at) {
				continue
			}
			moved := s.Clone()
			require.NoError(t, moved.Apply(&events.Moved{Actor: id, Dir: d}))
			if !moved.SeesPlayer(moved.Get(id)) {
				continue
			}
			cmd, why := j.Next(moved)
			assert.Nil(t, cmd)
			assert.Equal(t, "You stop: the Troll notices you ("+WhereIs(p, q)+").", why)
			return true
		}
		return false
	})
}

// Explore stops for an item once: on it ("You see here" says what it
// is), never when it comes into view; a potion or a scroll it picks up
// on its way, when Pickup is on, without a stop.
func TestExploreStopsOnceForEachItemAndPicksUpPotionsAndScrolls(t *testing.T) {
	t.Parallel()
	for _, pickup := range []bool{false, true} {
		s := begun(t, 5) // a Shield to stop on, among potions and scrolls
		alone(t, s)
		mem := &Memory{}
		stops := map[events.EntityID]int{}
		picked := 0
		for range 60 {
			j, _ := Start(Explore, 0, s, mem)
			if j == nil {
				break
			}
			j.Pickup = pickup
			cmds, reason := runJob(t, s, j)
			for _, c := range cmds {
				if _, ok := c.(*events.PickUp); ok {
					picked++
				}
			}
			assert.NotRegexp(t, `you see`, reason, "no stop for an item in view")
			if reason == "" {
				for _, it := range s.ItemsAt(s.Player().Pos) {
					stops[it.ID]++
					if pickup {
						g := s.Content().Glyph(it.Kind)
						assert.False(t, g == '!' || g == '?', "a potion or a scroll is picked up, not stopped on")
					}
				}
			}
			if s.Hunger != events.WellFed {
				break
			}
		}
		require.NotEmpty(t, stops, "pickup %v: explore stood on items", pickup)
		for id, n := range stops {
			assert.Equal(t, 1, n, "pickup %v: item %d stopped explore once", pickup, id)
		}
		if pickup {
			assert.Positive(t, picked, "explore picked up potions or scrolls")
		} else {
			assert.Zero(t, picked)
		}
	}
}

// A job that stops because the player's hunger changed says so.
func TestAJobStoppedByHungerSaysHowHungry(t *testing.T) {
	t.Parallel()
	s := begun(t, 4)
	alone(t, s)
	mem := &Memory{}
	for range 100 {
		j, why := Start(Explore, 0, s, mem)
		require.NotNil(t, j, why)
		for {
			cmd, why := j.Next(s)
			if cmd == nil {
				if s.Hunger != events.WellFed {
					assert.Equal(t, "You stop: you are no longer well fed.", why)
					return
				}
				break
			}
			play(t, s, cmd)
		}
	}
	t.Fatal("the player stayed well fed")
}
