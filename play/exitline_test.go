package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The lines printed at exit are wrapped at 80 columns between words; a
// path longer than a line keeps a line of its own, whole.
func TestTheExitLinesAreWrappedAt80Columns(t *testing.T) {
	t.Parallel()
	long := "/home/someone/.local/share/rogue/" + strings.Repeat("deeper/", 8) + "2026-11-23_0842_seed-4.rogue"
	cases := []struct {
		name, in, want string
	}{
		{"a short line stays", "saved turn 30 to /tmp/g.rogue (digest 0123456789abcdef)",
			"saved turn 30 to /tmp/g.rogue (digest 0123456789abcdef)"},
		{"a long line goes on, indented",
			"saved turn 30 to /home/ann/.local/share/rogue/2026-11-23_0842_seed-4.rogue (digest 0123456789abcdef); you died: slain by an Orc",
			"saved turn 30 to /home/ann/.local/share/rogue/2026-11-23_0842_seed-4.rogue\n  (digest 0123456789abcdef); you died: slain by an Orc"},
		{"a path longer than a line is whole on its own", "saved turn 30 to " + long + " (digest 0123456789abcdef)",
			"saved turn 30 to\n  " + long + "\n  (digest 0123456789abcdef)"},
		{"each line of several", "note: a torn turn was cut\nsaved turn 3 to /tmp/g.rogue (digest 0123456789abcdef)",
			"note: a torn turn was cut\nsaved turn 3 to /tmp/g.rogue (digest 0123456789abcdef)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := wrapExit(tc.in)
			assert.Equal(t, tc.want, got)
			for _, l := range strings.Split(got, "\n") {
				if !strings.Contains(l, long) {
					assert.LessOrEqual(t, len(l), ExitWidth, "%q", l)
				}
			}
		})
	}
}
