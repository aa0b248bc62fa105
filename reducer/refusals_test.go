package reducer

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
)

// Apply refuses the states that cannot be and what is over a cap, each
// as a *FactError naming the turn, the fact and the field at fault.
func TestTheFoldRefusesStatesThatCannotBeNamingTheField(t *testing.T) {
	t.Parallel()
	open := func(w, h int) *events.LevelEntered {
		return &events.LevelEntered{Depth: 2, Width: w, Height: h,
			Rooms: []events.Rect{{X: 1, Y: 1, W: w - 2, H: h - 2}}, Stairs: at(1, 1), Arrival: at(1, 1)}
	}
	held := func(n int) []events.Fact {
		var facts []events.Fact
		for i := range n {
			facts = append(facts, &events.Spawned{ID: 4 + events.EntityID(i), Kind: 101, Holder: playerID})
		}
		return facts
	}
	steps := func(n int) []events.Fact {
		var facts []events.Fact
		for range n {
			facts = append(facts, &events.Moved{Actor: playerID, Dir: events.East})
		}
		return facts
	}
	cases := []struct {
		name  string
		cmd   events.Command
		facts []events.Fact
		want  string
	}{
		{"a step into a wall", &events.Move{Dir: events.North}, []events.Fact{
			&events.Moved{Actor: playerID, Dir: events.North}, &events.Moved{Actor: playerID, Dir: events.North}},
			"turn 1: fact 1 (Moved) field Dir: (2,0) is wall, not floor"},
		{"a stagger into a wall", &events.Move{Dir: events.North}, []events.Fact{
			&events.Moved{Actor: playerID, Dir: events.North}, &events.Staggered{Actor: playerID, Dir: events.NorthWest}},
			"turn 1: fact 1 (Staggered) field Dir: (1,0) is wall, not floor"},
		{"a stagger the wall blocked", &events.Move{Dir: events.North}, []events.Fact{
			&events.Moved{Actor: playerID, Dir: events.North}, &events.Staggered{Actor: playerID, Dir: events.North, Blocked: true}},
			""},
		{"a monster spawned on the player", &events.Wait{}, []events.Fact{&events.Spawned{ID: 4, Kind: 3, Pos: at(2, 2), HP: 5}},
			"turn 1: fact 0 (Spawned) field Pos: (2,2) is taken: actor 1 stands there"},
		{"a monster stepping onto another", &events.Wait{}, []events.Fact{
			&events.Spawned{ID: 4, Kind: 3, Pos: at(3, 2), HP: 5}, &events.Moved{Actor: 4, Dir: events.West}},
			"turn 1: fact 1 (Moved) field Dir: (2,2) is taken: actor 1 stands there"},
		{"an item spawned in a wall", &events.Wait{}, []events.Fact{&events.Spawned{ID: 4, Kind: 101, Pos: at(0, 3)}},
			"turn 1: fact 0 (Spawned) field Pos: (0,3) is wall, not floor"},
		{"an item both held and on the floor", &events.Wait{}, []events.Fact{&events.Spawned{ID: 4, Kind: 101, Holder: playerID, Pos: at(3, 3)}},
			"turn 1: fact 0 (Spawned) field Pos: a carried item has no place of its own, yet it is placed at (3,3)"},
		{"two levels in a turn", &events.Descend{}, []events.Fact{open(20, 12), open(20, 12)},
			"turn 1: fact 1 (LevelEntered): a turn may enter at most 1 level (this is the 2nd)"},
		{"a map over the cap", &events.Descend{}, []events.Fact{open(100, 100)},
			"turn 1: fact 0 (LevelEntered) field Width: a 100x100 map has 10000 tiles, more than the 8192 a level may have"},
		{"the player holding one item too many", &events.Wait{}, held(events.MaxHeld - 1),
			"turn 1: fact 70 (Spawned) field Holder: actor 1 already holds 72 items, the most one may"},
		{"the player taking one step too many", &events.Move{Dir: events.East}, steps(events.MaxPlayerSteps + 1),
			"turn 1: fact 2 (Moved) field Actor: the player may take at most 2 steps in a turn (this is the 3rd)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := arena(t)
			err := s.ApplyTurn(&events.Turn{Command: c.cmd, Facts: c.facts})
			if c.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
			var fe *FactError
			assert.True(t, errors.As(err, &fe))
		})
	}
}
