package reducer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/dungeon"
)

// openLevel is a side x side level, all floor inside its border, with
// the stairs and the arrival at (x, 1).
func openLevel(depth, side, x int) *events.LevelEntered {
	return &events.LevelEntered{Depth: depth, Width: side, Height: side,
		Rooms: []events.Rect{{X: 1, Y: 1, W: side - 2, H: side - 2}}, Stairs: at(x, 1), Arrival: at(x, 1)}
}

// mapCopy is a copy of m's tiles, to tell whether they changed.
func mapCopy(m *dungeon.Map) dungeon.Map {
	return dungeon.Map{Width: m.Width, Height: m.Height, Tiles: append([]dungeon.Tile(nil), m.Tiles...)}
}

// A fold that enters level after level carves each into the storage of
// one left before, so it allocates no map a level; but a map a copy of
// the state holds (a checkpoint's, a decision's working copy's) never
// changes, and a level refused leaves the map as it was.
func TestEnteringLevelsReusesTheStorageOfMapsNothingElseHolds(t *testing.T) {
	// Not parallel: it counts the allocations of the whole process.
	s := New(1, tablesOf(1))
	require.NoError(t, s.ApplyTurn(&events.Turn{Command: &events.Begin{}, Facts: []events.Fact{openLevel(1, 30, 1),
		&events.Spawned{ID: playerID, Kind: code(t, "Player"), Pos: at(1, 1), HP: 10}}}))
	descend := func(level *events.LevelEntered) error {
		return s.ApplyTurn(&events.Turn{Command: &events.Descend{}, Facts: []events.Fact{level}})
	}

	t.Run("a fold alone carves into the storage of the level before the last", func(t *testing.T) {
		first := s.Map
		require.NoError(t, descend(openLevel(2, 30, 2)))
		require.NoError(t, descend(openLevel(3, 30, 3)))
		assert.Same(t, first, s.Map)
		assert.Equal(t, at(3, 1), s.Player().Pos)
		assert.Equal(t, dungeon.DownStairs, s.Map.At(at(3, 1)))
		assert.Equal(t, dungeon.Floor, s.Map.At(at(1, 1)), "the old stairs are gone")
		turns := make([]events.Turn, 21)
		for i := range turns {
			turns[i] = events.Turn{Command: &events.Descend{}, Facts: []events.Fact{openLevel(4, 30, 4)}}
		}
		next := 0
		allocs := testing.AllocsPerRun(20, func() {
			if err := s.ApplyTurn(&turns[next]); err != nil {
				panic(err)
			}
			next++
		})
		assert.Less(t, allocs, 1.0, "no map allocated")
	})

	t.Run("a copy's map never changes", func(t *testing.T) {
		c := s.Clone()
		kept := mapCopy(c.Map)
		for depth := 5; depth < 9; depth++ {
			require.NoError(t, descend(openLevel(depth, 30, depth)))
		}
		assert.Equal(t, kept, mapCopy(c.Map))
		assert.NotSame(t, c.Map, s.Map)
	})

	t.Run("a decision after levels carved into old storage is a fresh one's", func(t *testing.T) {
		_, err := decideOn(s, &events.Wait{})
		require.NoError(t, err)
		require.NotNil(t, workingCopy(s))
		for depth := 9; depth < 13; depth++ {
			require.NoError(t, descend(openLevel(depth, 30, depth)))
		}
		kept, err := decideOn(s, &events.Wait{})
		require.NoError(t, err)
		fresh, err := Decide(s, &events.Wait{})
		require.NoError(t, err)
		assert.Equal(t, fresh, kept)
		assert.Same(t, s.Map, workingCopy(s).Map, "the copy shares the state's map, which it never carves into")
	})

	t.Run("a level refused leaves the map as it was", func(t *testing.T) {
		require.NoError(t, descend(openLevel(13, 30, 5)))
		require.NoError(t, descend(openLevel(14, 30, 6)))
		require.NotNil(t, s.spareMap, "a map to carve into")
		kept, before := mapCopy(s.Map), s.Map
		bad := openLevel(15, 30, 7)
		bad.Arrival = at(0, 0)
		assert.Error(t, descend(bad))
		assert.Same(t, before, s.Map)
		assert.Equal(t, kept, mapCopy(s.Map))
	})
}
