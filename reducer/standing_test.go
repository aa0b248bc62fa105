package reducer

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/reducer/dungeon"
)

// standingAgrees reports whether the index of the working copy Decide
// last used on s (if it has one) marks exactly the tiles its actors stand
// on.
func standingAgrees(t testing.TB, s *State) bool {
	t.Helper()
	c := workingCopy(s)
	if c == nil || !c.standingOK {
		return false
	}
	kept := append([]uint64(nil), c.standing...)
	c.buildStanding()
	require.True(t, c.standingOK)
	require.Equal(t, c.standing, kept, "turn %d: the index kept fact by fact differs from one built anew", s.Turn)
	return true
}

func TestTheIndexOfActorsFollowsEveryFact(t *testing.T) {
	t.Parallel()
	s := arena(t)
	s.Wizard = true // the player outlasts the orc
	orc := put(t, s, "Orc", at(5, 2), 0, events.SlotNone)
	put(t, s, "Dagger", at(0, 0), orc, events.MainHand)
	put(t, s, "Goblin", at(14, 4), 0, events.SlotNone)
	// The orc steps in (its path searched on the index), the player
	// fights it until it dies and drops its dagger.
	checked := 0
	for i := 0; i < 500 && s.Get(orc) != nil && !s.Over; i++ {
		cmd := events.Command(&events.Wait{})
		if o := s.Get(orc); chebyshev(o.Pos, s.Player().Pos) == 1 {
			cmd = &events.Move{Dir: dirTo(s.Player().Pos, o.Pos)}
		}
		turn, err := decideOn(s, cmd)
		require.NoError(t, err)
		if standingAgrees(t, s) {
			checked++
		}
		require.NoError(t, s.ApplyTurn(&turn))
	}
	assert.Nil(t, s.Get(orc), "the orc died")
	assert.Positive(t, checked)
}

// holdingAgrees requires that each actor's count of what it holds is the
// count of the items naming it as their holder.
func holdingAgrees(t testing.TB, s *State) {
	t.Helper()
	want := map[events.EntityID]int{}
	for e := range s.Entities() {
		if e.Holder != 0 {
			want[e.Holder]++
		}
	}
	got := map[events.EntityID]int{}
	for e := range s.Entities() {
		if e.holding != 0 {
			got[e.ID] = int(e.holding)
		}
	}
	require.Equal(t, want, got, "turn %d: what each actor holds", s.Turn)
}

// Games of random steps (taking the stairs when on them, picking things
// up and dropping them now and then) through many levels, monsters
// chasing, fighting and dying: the indexes kept fact by fact stay what
// they would be built anew, and so do the counts of what each actor holds.
func TestTheIndexesFollowWholeGames(t *testing.T) {
	t.Parallel()
	checked := 0
	for seed := uint64(1); seed <= 12; seed++ {
		s := New(seed, tablesOf(1))
		s.Wizard = true
		x := seed * 0x9e3779b97f4a7c15
		cmd := events.Command(&events.Begin{})
		for s.Turn < 400 {
			turn, err := decideOn(s, cmd)
			var refusal *Refusal
			if errors.As(err, &refusal) {
				turn, err = decideOn(s, &events.Wait{})
			}
			require.NoError(t, err, "seed %d turn %d", seed, s.Turn)
			if standingAgrees(t, s) {
				checked++
			}
			require.NoError(t, s.ApplyTurn(&turn))
			holdingAgrees(t, s)
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			cmd = &events.Move{Dir: events.Dir(x % uint64(events.NumDirs))}
			pack := s.Backpack(events.PlayerID)
			switch {
			case s.Map.At(s.Player().Pos) == dungeon.DownStairs:
				cmd = &events.Descend{}
			case len(s.ItemsAt(s.Player().Pos)) > 0 && x%2 == 0:
				cmd = &events.PickUp{}
			case len(pack) > 0 && x%11 == 0:
				cmd = &events.Drop{Item: pack[0].ID}
			}
		}
	}
	assert.Greater(t, checked, 1000)
}

func dirTo(from, to events.Pos) events.Dir {
	for d := events.Dir(0); d < events.NumDirs; d++ {
		if from.Add(d) == to {
			return d
		}
	}
	return 0
}

// The fold refuses two actors on one tile, naming the one there: the
// rules never make it so, and the index of where actors stand relies on
// it. The dead do not count: they are gone from the tile.
func TestTwoActorsOnOneTileAreRefused(t *testing.T) {
	t.Parallel()
	s := arena(t)
	first := put(t, s, "Goblin", at(3, 2), 0, events.SlotNone)
	err := s.Apply(&events.Spawned{ID: s.NextID, Kind: code(t, "Orc"), Pos: at(3, 2), HP: 5})
	require.Error(t, err)
	assert.Equal(t, fmt.Sprintf("(3,2) is taken: actor %d stands there", first), err.Error())

	require.NoError(t, s.Apply(&events.Died{Actor: first, Cause: events.CauseMelee, Killer: events.PlayerID}))
	put(t, s, "Orc", at(3, 2), 0, events.SlotNone)
}

// A carried item has no place of its own: it goes where its holder goes,
// and lands where its holder stands when dropped. An actor cannot die with
// something in its hands.
func TestACarriedItemIsWhereItsHolderIs(t *testing.T) {
	t.Parallel()
	s := arena(t)
	potion := put(t, s, "Health Potion", at(3, 2), 0, events.SlotNone)
	orc := put(t, s, "Orc", at(9, 3), 0, events.SlotNone)
	dagger := put(t, s, "Dagger", at(0, 0), orc, events.MainHand)
	assert.Equal(t, events.Pos{}, s.Get(dagger).Pos)
	assert.Equal(t, int32(1), s.Get(orc).holding)
	assert.Equal(t, at(9, 3), s.Where(s.Get(dagger)))

	var where []events.Pos
	for _, cmd := range []events.Command{&events.Move{Dir: events.East}, &events.PickUp{}, &events.Move{Dir: events.West}, &events.Move{Dir: events.South}} {
		turn, err := decideOn(s, cmd)
		require.NoError(t, err, "%T", cmd)
		require.NoError(t, s.ApplyTurn(&turn))
		where = append(where, s.Where(s.Get(potion)))
	}
	assert.Equal(t, []events.Pos{at(3, 2), at(3, 2), at(2, 2), at(2, 3)}, where)
	assert.Equal(t, Entity{ID: potion, Kind: s.Get(potion).Kind, Holder: events.PlayerID, PackOrder: s.Get(potion).PackOrder}, *s.Get(potion))

	turn, err := decideOn(s, &events.Drop{Item: potion})
	require.NoError(t, err)
	require.NoError(t, s.ApplyTurn(&turn))
	assert.Equal(t, at(2, 3), s.Get(potion).Pos, "dropped where the player stands")
	assert.Equal(t, at(2, 3), s.Where(s.Get(potion)))

	err = s.Apply(&events.Died{Actor: orc, Cause: events.CauseMelee, Killer: events.PlayerID})
	require.Error(t, err)
	assert.Equal(t, fmt.Sprintf("actor %d dies still holding item %d", orc, dagger), err.Error())
	orcAt := s.Get(orc).Pos
	assert.Equal(t, orcAt, s.Where(s.Get(dagger)))
	require.NoError(t, s.Apply(&events.Dropped{Actor: orc, Item: dagger}))
	assert.Equal(t, orcAt, s.Get(dagger).Pos)
	assert.Equal(t, int32(0), s.Get(orc).holding)
	require.NoError(t, s.Apply(&events.Died{Actor: orc, Cause: events.CauseMelee, Killer: events.PlayerID}))
	assert.Nil(t, s.Get(orc))
}

// find agrees with a look at every entity, for ids present, missing,
// before the first and past the last, over sets with gaps of every size.
func TestFindAgreesWithALookAtEveryEntity(t *testing.T) {
	t.Parallel()
	x := uint64(0x9e3779b97f4a7c15)
	next := func(n uint64) uint64 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return x % n
	}
	// Small gaps (a level spawned together, some dead), now and then a
	// huge one (the player's old items before a deep level's block), and
	// blocks that start near the largest id.
	for round := 0; round < 300; round++ {
		s := &State{}
		id := events.EntityID(1)
		if round%10 == 9 {
			id = math.MaxUint32 - 3000
		}
		for n := next([]uint64{40, 300, 1200}[round%3]); n > 0; n-- {
			step := 1 + next(5)*next(3)
			if next(50) == 0 {
				step += next(1 << 20)
			}
			if uint64(id)+step > math.MaxUint32 {
				break
			}
			id += events.EntityID(step)
			s.entity = append(s.entity, Entity{ID: id})
		}
		lookup := func(q events.EntityID) {
			want := slices.IndexFunc(s.entity, func(e Entity) bool { return e.ID == q })
			require.Equal(t, want, s.find(q), "round %d, id %d", round, q)
		}
		for i, e := range s.entity {
			lookup(e.ID)
			lookup(e.ID + 1)
			if i == 0 || i == len(s.entity)-1 || next(4) == 0 {
				lookup(e.ID - 1)
			}
		}
		lookup(0)
		lookup(math.MaxUint32)
	}
}
