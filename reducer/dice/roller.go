package dice

import "fmt"

// Roller is what the rules draw chance from: a Stream in the game, a Script
// of fixed numbers in tests. Every method draws one number per value it
// returns (Roll draws n).
type Roller interface {
	Intn(n int) int
	Range(lo, hi int) int
	Die(sides int) int
	Roll(n, sides int) int
	// Position is how many numbers have been drawn so far.
	Position() uint64
}

// Position is the number of draws made so far.
func (s *Stream) Position() uint64 { return s.Drawn }

// Script is a Roller that returns fixed numbers, in order, exactly as the
// rules will see them: a Die(20) that should come up 20 is scripted as 20,
// an Intn(8) that should give 3 as 3. A number out of the asked range, or
// running out of numbers, panics: a test scripted the wrong rolls.
type Script struct {
	Values []int
	At     int
}

// Rolls returns a script of the given numbers.
func Rolls(values ...int) *Script { return &Script{Values: values} }

func (s *Script) next(lo, hi int, what string) int {
	if s.At >= len(s.Values) {
		panic(fmt.Sprintf("dice.Script: draw %d (%s) but only %d numbers were scripted", s.At+1, what, len(s.Values)))
	}
	v := s.Values[s.At]
	if v < lo || v > hi {
		panic(fmt.Sprintf("dice.Script: draw %d (%s) is scripted as %d, outside %d..%d", s.At+1, what, v, lo, hi))
	}
	s.At++
	return v
}

// Intn returns the next scripted number, which must be in [0, n).
func (s *Script) Intn(n int) int {
	if n <= 0 {
		return 0
	}
	return s.next(0, n-1, fmt.Sprintf("Intn(%d)", n))
}

// Range returns the next scripted number, which must be in [lo, hi].
func (s *Script) Range(lo, hi int) int {
	if hi < lo {
		return lo
	}
	return s.next(lo, hi, fmt.Sprintf("Range(%d,%d)", lo, hi))
}

// Die returns the next scripted number, which must be in [1, sides].
func (s *Script) Die(sides int) int { return s.next(1, sides, fmt.Sprintf("d%d", sides)) }

// Roll returns the sum of the next n scripted dice.
func (s *Script) Roll(n, sides int) int {
	t := 0
	for i := 0; i < n; i++ {
		t += s.Die(sides)
	}
	return t
}

// Position is how many scripted numbers were used.
func (s *Script) Position() uint64 { return uint64(s.At) }

// Left is how many scripted numbers are still unused.
func (s *Script) Left() int { return len(s.Values) - s.At }
