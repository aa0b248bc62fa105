package view

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/auto"
	"rogue/events"
	"rogue/reducer"
	"rogue/reducer/content"
)

// work plays the model's action under way to its end, as the play loop
// does; it returns how many turns it played.
func (p *played) work(t *testing.T) int {
	t.Helper()
	n := 0
	for p.jobs.Working() {
		cmd := p.jobs.next()
		if cmd == nil {
			break
		}
		before := p.g.State.Turn
		p.do(t, cmd)
		if p.g.State.Turn == before {
			p.jobs.stop("")
		}
		n++
		require.Less(t, n, 2000, "the action never stops")
	}
	return n
}

func TestExploreWalksTurnByTurnUntilSomethingShowsUp(t *testing.T) {
	t.Parallel()
	p := newPlayed(t, 5)
	start := p.g.State.Turn
	assert.Equal(t, Intent{Job: &auto.Order{Kind: auto.Explore, Pickup: true}}, p.key(t, Rune('o')), "o orders exploring; no command of its own")
	require.True(t, p.jobs.Working())
	n := p.work(t)
	assert.Positive(t, n)
	assert.Equal(t, start+n, p.g.State.Turn, "every step is one turn")
	assert.False(t, p.jobs.Working())
	last := p.m.Messages(1)[0]
	assert.Regexp(t, `^You stop`, last)
}

func TestRestWithFullHealthSaysSoAndPlaysNothing(t *testing.T) {
	t.Parallel()
	p := newPlayed(t, 5)
	turn := p.g.State.Turn
	p.key(t, Rune('Z'))
	assert.False(t, p.jobs.Working())
	assert.Equal(t, []string{"You are already at full health."}, p.m.Messages(1))
	assert.Equal(t, turn, p.g.State.Turn)
}

func TestNoActionStartsWithAMonsterInView(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		key  Key
	}{
		{"o explores", Rune('o')},
		{"Z rests", Rune('Z')},
		{"L runs east", Rune('L')},
		{"Shift+Left runs west", Shifted(KeyLeft)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := withFoes(t)
			assert.NotNil(t, p.key(t, tc.key).Job)
			assert.False(t, p.jobs.Working())
			assert.Equal(t, []string{"Not with the Goblin in view (5 away west), and 1 more: fight or get out of sight."}, p.m.Messages(1), "the nearest of the two goblins in view")
		})
	}
}

func TestRunKeysRunInTheirDirection(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		key  Key
		want events.Dir
	}{
		{"H runs west", Rune('H'), events.West},
		{"J runs south", Rune('J'), events.South},
		{"K runs north", Rune('K'), events.North},
		{"L runs east", Rune('L'), events.East},
		{"Y runs north-west", Rune('Y'), events.NorthWest},
		{"U runs north-east", Rune('U'), events.NorthEast},
		{"B runs south-west", Rune('B'), events.SouthWest},
		{"N runs south-east", Rune('N'), events.SouthEast},
		{"Shift+Up runs north", Shifted(KeyUp), events.North},
		{"Shift+Right runs east", Shifted(KeyRight), events.East},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d, ok := runDirection(tc.key)
			assert.True(t, ok)
			assert.Equal(t, tc.want, d)
		})
	}
	p := newPlayed(t, 5)
	p.key(t, Rune('L'))
	require.True(t, p.jobs.Working(), "a run with nothing in view starts")
	assert.Equal(t, &events.Move{Dir: events.East}, p.jobs.next())
}

func TestAKeyThatMeansNothingSaysSo(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		key  Key
		want string
	}{
		{"q", Rune('q'), "Unknown key 'q': ? lists the keys."},
		{"w", Rune('w'), "Unknown key 'w': ? lists the keys."},
		{"<", Rune('<'), "Unknown key '<': ? lists the keys."},
		{"F-less Backspace is quiet", Named(KeyBackspace), "You enter the dungeon. Find the stairs down (>) and go deeper."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := newPlayed(t, 5)
			assert.Equal(t, Intent{}, p.m.HandleKey(tc.key))
			assert.Equal(t, []string{tc.want}, p.m.Messages(1))
		})
	}
}

func TestARepeatedMessageIsCountedNotRepeated(t *testing.T) {
	t.Parallel()
	p := newPlayed(t, 5)
	for range 3 {
		p.m.HandleKey(Rune('q'))
	}
	assert.Equal(t, []string{
		"You enter the dungeon. Find the stairs down (>) and go deeper.",
		"Unknown key 'q': ? lists the keys. (x3)",
	}, p.m.Messages(2))
}

func TestCtrlCAsksBeforeQuitting(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		answer Key
		want   Intent
	}{
		{"y saves and quits", Rune('y'), Intent{Quit: true}},
		{"Ctrl-C again saves and quits", Named(KeyCtrlC), Intent{Quit: true}},
		{"n carries on", Rune('n'), Intent{}},
		{"Esc carries on", Named(KeyEsc), Intent{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := newPlayed(t, 5)
			assert.Equal(t, Intent{}, p.m.HandleKey(Named(KeyCtrlC)))
			assert.True(t, p.m.Quitting())
			assert.Equal(t, tc.want, p.m.HandleKey(tc.answer))
			assert.False(t, p.m.Quitting())
		})
	}
}

func TestCtrlZAndCtrlRAskTheProgram(t *testing.T) {
	t.Parallel()
	p := newPlayed(t, 5)
	assert.Equal(t, Intent{Suspend: true}, p.m.HandleKey(Named(KeyCtrlZ)))
	assert.Equal(t, Intent{Redraw: true}, p.m.HandleKey(Named(KeyCtrlR)))
	assert.Equal(t, ModePlay, p.m.Mode())
}

func TestTheHistoryScrollsThroughEveryMessage(t *testing.T) {
	t.Parallel()
	p := newPlayed(t, 5)
	for i := range 60 {
		p.m.Say("message " + string(rune('A'+i%26)) + string(rune('a'+i/26)))
	}
	for _, k := range []Key{Named(KeyCtrlP), Rune('M')} {
		p.m.HandleKey(k)
		require.Equal(t, ModeHistory, p.m.Mode(), "%v opens the history", k)
		p.m.HandleKey(Named(KeyEsc))
		require.Equal(t, ModePlay, p.m.Mode(), "Esc closes it")
	}
	p.m.HandleKey(Named(KeyCtrlP))
	screen := render(p.m, 80, 24)
	assert.Contains(t, screen, "Messages 40-61 of 61")
	assert.Contains(t, screen, "Message Hc.")
	p.m.HandleKey(Named(KeyHome))
	screen = render(p.m, 80, 24)
	assert.Contains(t, screen, "Messages 1-22 of 61")
	assert.Contains(t, screen, "You enter the dungeon.")
	p.m.HandleKey(Named(KeyPgDn))
	assert.Contains(t, render(p.m, 80, 24), "Messages 22-43 of 61")
}

func TestTheHistoryLoadsTheEarlierMessagesOnce(t *testing.T) {
	t.Parallel()
	p := newPlayed(t, 5)
	loads := 0
	p.m.SetEarlier(func() []string {
		loads++
		return []string{"an older line", "an older line", "the last older line"}
	})
	assert.Equal(t, []string{"You enter the dungeon. Find the stairs down (>) and go deeper."}, p.m.Messages(10), "nothing is loaded before the history opens")
	p.m.HandleKey(Named(KeyCtrlP))
	p.m.HandleKey(Named(KeyEsc))
	p.m.HandleKey(Named(KeyCtrlP))
	assert.Equal(t, 1, loads)
	assert.Equal(t, []string{
		"An older line. (x2)",
		"The last older line.",
		"You enter the dungeon. Find the stairs down (>) and go deeper.",
	}, p.m.Messages(10))
}

// corridorGame is a model on a level of two rooms joined by a corridor
// that bends, the stairs in the far room, nothing else on it; step plays
// a command on it as the play loop does.
func corridorGame(t *testing.T) (*Model, func(events.Command), *jobs) {
	t.Helper()
	tables := content.Default()
	player, ok := tables.ByName("Player")
	require.True(t, ok)
	s := reducer.New(1, tables)
	begin := events.Turn{Command: &events.Begin{}, Facts: []events.Fact{
		&events.LevelEntered{Depth: 1, Width: 30, Height: 16,
			Rooms:     []events.Rect{{X: 1, Y: 1, W: 5, H: 3}, {X: 18, Y: 10, W: 6, H: 4}},
			Corridors: []events.Corridor{{From: events.Pos{X: 5, Y: 2}, To: events.Pos{X: 20, Y: 10}, HorizontalFirst: true}},
			Stairs:    events.Pos{X: 22, Y: 12}, Arrival: events.Pos{X: 2, Y: 2}},
		&events.Spawned{ID: events.PlayerID, Kind: player, Pos: events.Pos{X: 2, Y: 2}, HP: 10},
		&events.HungerChanged{Actor: events.PlayerID, Hunger: events.Normal},
	}}
	require.NoError(t, s.ApplyTurn(&begin))
	m := NewModel(MainMenu{})
	m.Begin(s, nil, nil)
	step := func(cmd events.Command) {
		turn, err := reducer.Decide(m.State, cmd)
		require.NoError(t, err)
		played, err := m.State.FoldPlayed(turn)
		require.NoError(t, err)
		m.AddTurn(&played)
	}
	return m, step, &jobs{m: m}
}

func TestGreaterThanTravelsToTheStairsOnceTheyAreKnown(t *testing.T) {
	t.Parallel()
	m, step, j := corridorGame(t)
	travel := Intent{Job: &auto.Order{Kind: auto.Travel, Pickup: true}}
	assert.Equal(t, travel, j.take(m.HandleKey(Rune('>'))), "stairs not yet seen: > orders travel, which cannot start")
	assert.False(t, j.Working())
	assert.Equal(t, []string{"You have not found the stairs down yet: o explores."}, m.Messages(1))
	for range 2 { // run to the doorway, then down the corridor into the far room
		j.take(m.HandleKey(Rune('L')))
		for cmd := j.next(); cmd != nil; cmd = j.next() {
			step(cmd)
		}
	}
	assert.Equal(t, travel, j.take(m.HandleKey(Rune('>'))), "> off the stairs starts travelling")
	require.True(t, j.Working())
	for cmd := j.next(); cmd != nil; cmd = j.next() {
		step(cmd)
	}
	assert.Equal(t, []string{"You reach the stairs down: > descends."}, m.Messages(1))
	assert.Equal(t, Intent{Command: &events.Descend{}}, m.HandleKey(Rune('>')), "> on the stairs descends")
}

func TestAKeyPressStopsTheActionUnderWay(t *testing.T) {
	t.Parallel()
	m, _, j := corridorGame(t)
	j.take(m.HandleKey(Rune('L')))
	require.True(t, j.Working())
	j.stop("You stop.")
	assert.False(t, j.Working())
	assert.Nil(t, j.next())
	assert.Equal(t, []string{"You stop."}, m.Messages(1))
}

func TestSteppingOntoItemsSaysWhatLiesThere(t *testing.T) {
	t.Parallel()
	m, step, _ := corridorGame(t)
	tables := m.State.Content()
	potion, ok := tables.ByName("Health Potion")
	require.True(t, ok)
	dagger, ok := tables.ByName("Dagger")
	require.True(t, ok)
	at := events.Pos{X: 3, Y: 2} // a step east of the player
	for _, kind := range []int{potion, dagger, potion} {
		require.NoError(t, m.State.Apply(&events.Spawned{ID: m.State.NextID, Kind: kind, Pos: at}))
	}
	step(&events.Move{Dir: events.East})
	assert.Equal(t, []string{"You see here: 2 Health Potions and a Dagger (g asks which)."}, m.Messages(1))
	step(&events.Wait{})
	assert.Equal(t, []string{"You see here: 2 Health Potions and a Dagger (g asks which)."}, m.Messages(1), "waiting on them does not say it again")
}

func TestABusyTurnLosesNoLine(t *testing.T) {
	t.Parallel()
	p := newPlayed(t, 5)
	p.m.HandleKey(Rune('.'))
	var want []string
	for i := range 30 {
		line := fmt.Sprintf("Line %d of a very busy turn.", i+1)
		want = append(want, line)
		p.m.Say(line)
	}
	screen := render(p.m, 80, 24)
	assert.Contains(t, screen, "Line 30 of a very busy turn.")
	assert.Contains(t, screen, "(13 more lines above: Ctrl-P shows them all)", "5 map rows, the status, 18 log rows: the hint and lines 14 to 30")
	assert.Contains(t, screen, "Line 14 of a very busy turn.")
	assert.Equal(t, want, p.m.Messages(30), "the log keeps them all")
}

func TestTheHistoryOpensOverAnyScreenAndGoesBackToIt(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		model func(t *testing.T) *Model
		want  Mode
	}{
		{"the inventory", func(t *testing.T) *Model { m := withFoes(t).m; m.HandleKey(Rune('i')); return m }, ModeInventory},
		{"the level-up choice", func(t *testing.T) *Model { return levelUp(t).m }, ModeLevelUp},
		{"the game over screen", func(t *testing.T) *Model { return dead(t).m }, ModeGameOver},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.model(t)
			require.Equal(t, tc.want, m.Mode())
			assert.Equal(t, Intent{}, m.HandleKey(Named(KeyCtrlP)))
			assert.Equal(t, ModeHistory, m.Mode())
			assert.Equal(t, Intent{}, m.HandleKey(Named(KeyEsc)))
			assert.Equal(t, tc.want, m.Mode())
		})
	}
}
