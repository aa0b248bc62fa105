package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTheHPChartOfAVeryLongGameKeepsTheLowestOfEachRun(t *testing.T) {
	t.Parallel()
	var h HPSeries
	n := 2*MaxChartTurns + 3
	for i := range n {
		h.Add(100 - i%7)
	}
	assert.Equal(t, MaxChartTurns/2+1, len(h.vals), "runs of 4 turns")
	assert.Equal(t, 4, h.per)
	for i, v := range h.vals[:len(h.vals)-1] {
		low := 100
		for j := 4 * i; j < 4*i+4; j++ {
			low = min(low, 100-j%7)
		}
		if v != low {
			t.Fatalf("value %d is %d, not the lowest of its run, %d", i, v, low)
		}
	}
}
