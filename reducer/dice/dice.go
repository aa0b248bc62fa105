// Package dice is the game's only source of chance: a counter-based
// pseudo-random stream whose whole state is a seed and the number of draws
// made so far.
//
// Algorithm (recorded in every journal header as Algorithm): draw number n
// (counting from 1) is SplitMix64's output function applied to
// seed + n * 0x9E3779B97F4A7C15, i.e. the n-th output of SplitMix64 seeded
// with seed. A number in [0, k) is taken from one draw by Lemire's
// multiply-high reduction, (draw * k) >> 64, without rejection: one draw per
// number, so counting draws is counting numbers. (An empty range, k <= 0 or
// hi < lo, has only one possible answer and draws nothing.) The bias this
// leaves is below 2^-57 for the small ranges the game uses.
//
// Because the state is (seed, draws), a stream can be put at any position
// in constant time: a reducer state keeps its position, and replay agrees
// with live play to the draw.
package dice

import "math/bits"

// Algorithm names the generator above; journals record it so a future
// change of generator cannot silently reinterpret old games.
const Algorithm = "splitmix64-counter/1"

const golden = 0x9E3779B97F4A7C15

// Stream is a position in the random stream of one seed.
type Stream struct {
	Seed  uint64
	Drawn uint64 // draws made so far
}

// New returns the stream of seed at position drawn.
func New(seed, drawn uint64) *Stream { return &Stream{Seed: seed, Drawn: drawn} }

// Next returns the next 64 random bits.
func (s *Stream) Next() uint64 {
	s.Drawn++
	z := s.Seed + s.Drawn*golden
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Intn returns a number in [0, n) from one draw; n <= 0 gives 0 and draws
// nothing.
func (s *Stream) Intn(n int) int {
	if n <= 0 {
		return 0
	}
	hi, _ := bits.Mul64(s.Next(), uint64(n))
	return int(hi)
}

// Range returns a number in [lo, hi], from one draw.
func (s *Stream) Range(lo, hi int) int {
	if hi < lo {
		return lo
	}
	return lo + s.Intn(hi-lo+1)
}

// Die rolls one die of the given number of sides: 1..sides.
func (s *Stream) Die(sides int) int { return 1 + s.Intn(sides) }

// Roll rolls n dice of the given sides and adds them: n draws.
func (s *Stream) Roll(n, sides int) int {
	total := 0
	for i := 0; i < n; i++ {
		total += s.Die(sides)
	}
	return total
}
