package replay

// The HP chart of a replay's game over screen, bounded at any length.

// maxChartTurns is the most values an HP series keeps: a longer game is
// charted from the lowest HP of each run of turns (the chart shows each
// column's lowest anyway), so memory stays bounded at any length.
const maxChartTurns = 1 << 20

// hpSeries is the player's HP after each turn, one value per turn up to
// maxChartTurns turns, then the lowest of each run of per turns.
type hpSeries struct {
	vals []int
	per  int // turns per value (0 means 1)
	n    int // turns in the last value so far
}

func (h *hpSeries) add(v int) {
	per := max(h.per, 1)
	if h.n > 0 && h.n < per {
		h.vals[len(h.vals)-1] = min(h.vals[len(h.vals)-1], v)
		h.n++
		return
	}
	if len(h.vals) == maxChartTurns {
		for i := 0; i < len(h.vals)/2; i++ {
			h.vals[i] = min(h.vals[2*i], h.vals[2*i+1])
		}
		h.vals = h.vals[:len(h.vals)/2]
		h.per = per * 2
	}
	h.vals = append(h.vals, v)
	h.n = 1
}
