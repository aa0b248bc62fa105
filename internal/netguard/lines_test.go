package netguard

import (
	"log"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// One limit logs one line per address every interval, and the next says
// how many were left out; the keys kept are bounded.
func TestALimitLogsOneLinePerAddressEveryInterval(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	now := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	l := &lines{out: log.New(&out, "", 0), every: 10 * time.Second, now: func() time.Time { return now }, seen: map[string]*seen{}}
	for range 5 {
		l.say("per-address", "192.0.2.7", "refused a connection")
	}
	l.say("per-address", "192.0.2.8", "refused a connection")
	l.say("total", "192.0.2.7", "refused one of %d", 3)
	now = now.Add(10 * time.Second)
	l.say("per-address", "192.0.2.7", "refused a connection")
	assert.Equal(t, "192.0.2.7: refused a connection\n"+
		"192.0.2.8: refused a connection\n"+
		"192.0.2.7: refused one of 3\n"+
		"192.0.2.7: refused a connection (and 4 more like it since the last such line)\n", out.String())

	for i := range 3 * maxKeys {
		l.say("flood", strings.Repeat("a", i%50)+string(rune('A'+i/50)), "x")
	}
	assert.LessOrEqual(t, len(l.seen), maxKeys+1)
}
