package fov

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"rogue/events"
)

func pos(x, y int) events.Pos { return events.Pos{X: x, Y: y} }

func TestASetHoldsOnlyTilesOfItsMap(t *testing.T) {
	t.Parallel()
	s := NewSet(70, 3) // more than one word
	for _, p := range []events.Pos{pos(0, 0), pos(69, 2), pos(63, 0), pos(64, 0), pos(-1, 0), pos(70, 0), pos(0, 3), pos(5, -1)} {
		s.Add(p)
	}
	s.Add(pos(0, 0)) // twice is once
	assert.Equal(t, 4, s.Count())
	assert.Equal(t, []bool{true, true, true, true, false, false, false, false},
		[]bool{s.Has(pos(0, 0)), s.Has(pos(69, 2)), s.Has(pos(63, 0)), s.Has(pos(64, 0)),
			s.Has(pos(-1, 0)), s.Has(pos(70, 0)), s.Has(pos(0, 3)), s.Has(pos(1, 0))})
	assert.Equal(t, [2]int{70, 3}, [2]int{s.Width(), s.Height()})
	s.Clear()
	assert.Equal(t, 0, s.Count())
	assert.Equal(t, [2]int{70, 3}, [2]int{s.Width(), s.Height()})
}

func TestAddIndexAddsATileByItsIndexAndSaysWhetherItWasNew(t *testing.T) {
	t.Parallel()
	s := NewSet(70, 3)
	got := []bool{s.AddIndex(0), s.AddIndex(2*70 + 69), s.AddIndex(64), s.AddIndex(0), s.AddIndex(64)}
	assert.Equal(t, []bool{true, true, true, false, false}, got)
	assert.Equal(t, []bool{true, true, true, false}, []bool{s.Has(pos(0, 0)), s.Has(pos(69, 2)), s.Has(pos(64, 0)), s.Has(pos(1, 0))})
	assert.Equal(t, 3, s.Count())
}

func TestEmptySetsAreUsable(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		s    *Set
	}{{"zero", &Set{}}, {"negative size", NewSet(-3, 4)}} {
		name, s := tt.name, tt.s
		s.Add(pos(0, 0))
		s.Clear()
		s.Union(NewSet(3, 3))
		Compute(s, func(events.Pos) bool { return false }, pos(0, 0), 8)
		assert.Equal(t, 0, s.Count(), name)
		assert.False(t, s.Has(pos(0, 0)), name)
	}
}

func TestUnionAddsTheOtherSetsTiles(t *testing.T) {
	t.Parallel()
	a, b := NewSet(5, 4), NewSet(5, 4)
	a.Add(pos(1, 1))
	b.Add(pos(4, 3))
	b.Add(pos(1, 1))
	a.Union(b)
	want := NewSet(5, 4)
	want.Add(pos(1, 1))
	want.Add(pos(4, 3))
	assert.Equal(t, want, a)
}

func TestDiffKeepsTheTilesOfOneSetNotInTheOther(t *testing.T) {
	t.Parallel()
	a, b := NewSet(70, 3), NewSet(70, 3)
	for _, p := range []events.Pos{pos(1, 1), pos(69, 0), pos(3, 2), pos(68, 2)} {
		a.Add(p)
	}
	b.Add(pos(69, 0))
	b.Add(pos(68, 2))
	b.Add(pos(5, 1))
	want := NewSet(70, 3)
	want.Add(pos(1, 1))
	want.Add(pos(3, 2))
	into := NewSet(70, 3)
	into.Add(pos(0, 0))
	into.Diff(a, b)
	assert.Equal(t, want, into)
	// Into one of its operands.
	b.Diff(a, b)
	assert.Equal(t, want, b)
}

func TestUnionOfDifferentSizesKeepsTheSharedPart(t *testing.T) {
	t.Parallel()
	a, b := NewSet(3, 3), NewSet(5, 2)
	b.Add(pos(2, 1))
	b.Add(pos(4, 0)) // off a's map
	a.Union(b)
	want := NewSet(3, 3)
	want.Add(pos(2, 1))
	assert.Equal(t, want, a)
}

func TestACloneIsIndependent(t *testing.T) {
	t.Parallel()
	a := NewSet(4, 4)
	a.Add(pos(1, 2))
	c := a.Clone()
	c.Add(pos(3, 3))
	assert.Equal(t, 1, a.Count())
	assert.Equal(t, 2, c.Count())
	assert.True(t, c.Has(pos(1, 2)))
}

func TestCloneIntoCopiesASetIntoAnotherOfAnySize(t *testing.T) {
	t.Parallel()
	s := NewSet(70, 3)
	s.Add(pos(1, 1))
	s.Add(pos(69, 2))
	for _, dst := range []*Set{nil, NewSet(2, 2), NewSet(200, 100)} {
		got := s.CloneInto(dst)
		if dst != nil {
			assert.Same(t, dst, got)
		}
		assert.Equal(t, s, got)
		got.Add(pos(5, 0))
		assert.False(t, s.Has(pos(5, 0)), "the copy is independent")
	}
}

func TestAllYieldsTheTilesRowByRow(t *testing.T) {
	t.Parallel()
	s := NewSet(70, 3)
	for _, p := range []events.Pos{pos(69, 2), pos(0, 1), pos(63, 0), pos(64, 0), pos(5, 2)} {
		s.Add(p)
	}
	var got []events.Pos
	for p := range s.All() {
		got = append(got, p)
	}
	assert.Equal(t, []events.Pos{pos(63, 0), pos(64, 0), pos(0, 1), pos(5, 2), pos(69, 2)}, got)
	for range s.All() {
		break // stopping early is fine
	}
	for range NewSet(0, 0).All() {
		t.Fatal("an empty set yields nothing")
	}
}

func TestASetFromBytesHoldsTheTilesWhoseBitsAreSet(t *testing.T) {
	t.Parallel()
	// 10 x 7 = 70 tiles: a word and 6 tiles. Bits: tile 0, tile 9 (1, 0),
	// tile 64 (4, 6) and tile 69 (9, 6); then the bits past tile 69 in
	// the ninth byte, and a tenth byte, which hold no tiles.
	b := []byte{0b1, 0b10, 0, 0, 0, 0, 0, 0, 0b1100001, 0xff}
	s := SetFromBytes(10, 7, b)
	var got []events.Pos
	for p := range s.All() {
		got = append(got, p)
	}
	assert.Equal(t, []events.Pos{pos(0, 0), pos(9, 0), pos(4, 6), pos(9, 6)}, got)

	short := SetFromBytes(10, 7, b[:1]) // tiles past the bytes are out
	assert.Equal(t, 1, short.Count())
	assert.Equal(t, 0, SetFromBytes(-1, 7, b).Count())
}
