package path

import "rogue/events"

// Step costs. Their ratio, 3/2, is close to the true √2 of a diagonal, so
// shortest paths look natural (no zig-zags where a straight line will
// do, no needless diagonals) while every cost stays an integer.
const (
	OrthogonalCost = 2
	DiagonalCost   = 3
)

// stepCost is the cost of one step in direction d.
func stepCost(d events.Dir) int {
	if dx, dy := d.Delta(); dx != 0 && dy != 0 {
		return DiagonalCost
	}
	return OrthogonalCost
}

// heuristic is the octile distance between a and b with the costs above:
// the exact cost of a path with no obstacles, so it never overestimates
// (admissible), and a step changes it by no more than the step's cost
// (consistent), which lets A* close each tile once.
func heuristic(a, b events.Pos) int {
	dx, dy := abs(a.X-b.X), abs(a.Y-b.Y)
	lo, hi := min(dx, dy), max(dx, dy)
	return DiagonalCost*lo + OrthogonalCost*(hi-lo)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// octile is heuristic of a step dx, dy away, in the search's integers.
func octile(dx, dy int32) int32 {
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	lo, hi := min(dx, dy), max(dx, dy)
	return DiagonalCost*lo + OrthogonalCost*(hi-lo)
}
