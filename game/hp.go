package game

// The player's HP over a game, for the HP chart of the game over screen,
// the morgue and a replay's last screen: one series, folded from the
// journal the same way for all three, bounded at any length.

// MaxChartTurns is the most values an HP series keeps: a longer game is
// charted from the lowest HP of each run of turns (the chart shows each
// column's lowest anyway), so memory stays bounded at any length.
const MaxChartTurns = 1 << 20

// HPSeries is the player's HP after each turn, one value per turn up to
// MaxChartTurns turns, then the lowest of each run of per turns. The zero
// HPSeries is empty.
type HPSeries struct {
	vals []int
	per  int // turns per value (0 means 1)
	n    int // turns in the last value so far
}

// Values are the series so far: Values()[i] is the HP after turn i while
// the game is at most MaxChartTurns turns long.
func (h *HPSeries) Values() []int { return h.vals }

// Add records the player's HP after the next turn.
func (h *HPSeries) Add(v int) {
	per := max(h.per, 1)
	if h.n > 0 && h.n < per {
		h.vals[len(h.vals)-1] = min(h.vals[len(h.vals)-1], v)
		h.n++
		return
	}
	if len(h.vals) == MaxChartTurns {
		for i := 0; i < len(h.vals)/2; i++ {
			h.vals[i] = min(h.vals[2*i], h.vals[2*i+1])
		}
		h.vals = h.vals[:len(h.vals)/2]
		h.per = per * 2
	}
	h.vals = append(h.vals, v)
	h.n = 1
}
