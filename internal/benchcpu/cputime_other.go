//go:build !unix

package benchcpu

import "time"

var origin = time.Now()

// cpuTime falls back to wall time where getrusage is missing.
func cpuTime() time.Duration { return time.Since(origin) }
