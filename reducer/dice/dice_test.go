package dice

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The first outputs of SplitMix64 seeded with 1234567, as published with
// the reference implementation (Vigna's splitmix64.c).
func TestNextMatchesSplitMix64(t *testing.T) {
	t.Parallel()
	s := New(1234567, 0)
	got := []uint64{s.Next(), s.Next(), s.Next()}
	assert.Equal(t, []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423}, got)
	assert.Equal(t, uint64(3), s.Drawn)
}

func TestAStreamCanBeResumedAtAnyPosition(t *testing.T) {
	t.Parallel()
	a := New(99, 0)
	for i := 0; i < 10; i++ {
		a.Next()
	}
	b := New(99, 10)
	assert.Equal(t, a.Next(), b.Next())
}

func TestNumbersStayInRangeAndCoverIt(t *testing.T) {
	t.Parallel()
	s := New(7, 0)
	seen := make([]int, 20)
	for i := 0; i < 20000; i++ {
		d := s.Die(20)
		if !assert.True(t, d >= 1 && d <= 20, "d20 rolled %d", d) {
			return
		}
		seen[d-1]++
	}
	for face, n := range seen {
		assert.Greater(t, n, 800, "face %d came up %d times in 20000 rolls", face+1, n)
	}
	assert.Equal(t, uint64(20000), s.Drawn)
}

func TestEmptyRangesDrawNothing(t *testing.T) {
	t.Parallel()
	s := New(7, 0)
	assert.Equal(t, 0, s.Intn(0))
	assert.Equal(t, 5, s.Range(5, 4))
	assert.Equal(t, uint64(0), s.Drawn)
}
