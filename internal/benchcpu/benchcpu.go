// Package benchcpu reports benchmark throughput per second of CPU time
// beside the usual per second of wall time. On a shared machine other
// processes steal the CPU and wall-time figures swing several-fold from
// run to run; the process's CPU time (user + system, all threads, so the
// garbage collector's work counts) measures the work a benchmark did.
// For benchmarks only.
package benchcpu

import (
	"testing"
	"time"
)

// Clock is a stopwatch of the process's CPU time.
type Clock struct{ start time.Duration }

// Start starts a Clock.
func Start() Clock { return Clock{start: cpuTime()} }

// Elapsed is the CPU time used since Start.
func (c Clock) Elapsed() time.Duration { return cpuTime() - c.start }

// Report reports n things done per b.N iterations as unit/s (wall time)
// and unit/cpu-s (CPU time since c started).
func Report(b *testing.B, c Clock, n float64, unit string) {
	total := n * float64(b.N)
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(total/s, unit+"/s")
	}
	if s := c.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(total/s, unit+"/cpu-s")
	}
}
