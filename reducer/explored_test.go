package reducer

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/dice"
	"rogue/reducer/dungeon"
	"rogue/reducer/fov"
)

// The player's memory of a level is the union of the fields of view from
// every tile the player stood on since entering it, however many are
// folded in at once and whichever are skipped for adding nothing, and on
// a copy too: on open ground (where most are), among pillars, and on a
// generated level.
func TestExploredIsTheUnionOfTheViewsFromWhereThePlayerStood(t *testing.T) {
	t.Parallel()
	open := &events.LevelEntered{Depth: 1, Width: 60, Height: 40,
		Rooms: []events.Rect{{X: 1, Y: 1, W: 58, H: 38}}, Stairs: at(1, 1), Arrival: at(30, 20)}
	pillars := &events.LevelEntered{Depth: 1, Width: 60, Height: 40, Stairs: at(1, 1), Arrival: at(1, 1)}
	for y := 1; y < 39; y += 3 {
		pillars.Rooms = append(pillars.Rooms, events.Rect{X: 1, Y: y, W: 58, H: 2})
	}
	for x := 1; x+3 <= 59; x += 4 {
		pillars.Rooms = append(pillars.Rooms, events.Rect{X: x, Y: 1, W: 3, H: 38})
	}
	l := dungeon.Generate(dice.New(5, 0), 80, 50)
	generated := &events.LevelEntered{Depth: 1, Width: l.Width, Height: l.Height,
		Rooms: l.Rooms, Corridors: l.Corridors, Stairs: l.Stairs, Arrival: l.Start}
	for _, tc := range []struct {
		name  string
		level *events.LevelEntered
	}{
		{"open ground", open},
		{"among pillars", pillars},
		{"a generated level", generated},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := New(1, tablesOf(1))
			require.NoError(t, s.ApplyTurn(&events.Turn{Command: &events.Begin{}, Facts: []events.Fact{tc.level,
				&events.Spawned{ID: playerID, Kind: code(t, "Player"), Pos: tc.level.Arrival, HP: 10}}}))
			stood := []events.Pos{tc.level.Arrival}
			rng := rand.New(rand.NewPCG(7, 7))
			for step := range 3000 {
				p := s.Player().Pos
				d := events.Dir(rng.IntN(int(events.NumDirs)))
				dx, dy := d.Delta()
				if to := at(p.X+dx, p.Y+dy); s.Map.Walkable(to) {
					require.NoError(t, s.Apply(&events.Moved{Actor: playerID, Dir: d}))
					stood = append(stood, to)
				}
				if step%(1+rng.IntN(400)) != 0 {
					continue
				}
				want := fov.NewSet(s.Map.Width, s.Map.Height)
				view := fov.NewSet(s.Map.Width, s.Map.Height)
				for _, p := range stood {
					fov.Compute(view, s.Map.Opaque, p, s.content.Rules.Vision)
					want.Union(view)
				}
				// A copy made before the memory is read holds the same.
				c := s.Clone()
				require.Equal(t, want.Words(), s.Explored().Words(), "step %d", step)
				require.Equal(t, want.Words(), c.Explored().Words(), "step %d, a copy", step)
			}
		})
	}
}
