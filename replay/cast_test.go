package replay

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/reducer/content"
)

func TestARecordingKeepsToMaxCastFramesUnlessAskedForMore(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name             string
		from, last, step int
		frames           int
	}{
		{"one turn is one frame", 1, 1, CastStep(1, 1), 1},
		{"a game of MaxCastFrames turns has a frame a turn", 1, MaxCastFrames, CastStep(1, MaxCastFrames), MaxCastFrames},
		{"one turn more takes a frame every second turn", 1, MaxCastFrames + 1, CastStep(1, MaxCastFrames+1), MaxCastFrames/2 + 1},
		{"a million turns keep to MaxCastFrames", 1, 1_000_000, CastStep(1, 1_000_000), 9902},
		{"a step that does not divide the stretch still ends on its last turn", 1, 40, 7, 7},
		{"every turn when asked", 1, 1_000_000, 1, 1_000_000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.frames, CastFrames(c.from, c.last, c.step))
		})
	}
	assert.Equal(t, []int{1, 1, 2, 101}, []int{CastStep(1, 1), CastStep(1, MaxCastFrames), CastStep(1, MaxCastFrames+1), CastStep(1, 1_000_000)})
	for n := 1; n < 5*MaxCastFrames; n += 997 {
		assert.LessOrEqual(t, CastFrames(1, n, CastStep(1, n)), MaxCastFrames, "%d turns", n)
	}
}

var update = flag.Bool("update", false, "rewrite the recordings under testdata")

// Recordings of golden journals match their goldens (testdata/*.cast,
// one JSON event a line; -update rewrites them): the game over of a death
// with its marker, and a descent through four depths with a marker at
// each, every recording ending on its last frame held 2 s and the cursor
// shown, and none showing a hint at keys.
func TestRecordingsMatchTheirGoldens(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, journal    string
		from, last, step int
		markers          []string
	}{
		{"a death", "fireball-self", 1, 35, 1, []string{"died on turn 34: killed by your own fireball"}},
		{"a descent through four depths", "deep", 1, 807, 25, []string{"depth 2, turn 241", "depth 3, turn 360", "depth 4, turn 776"}},
		{"a stretch of turns marks the depth entered within it", "deep", 300, 400, 4, []string{"depth 3, turn 360"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Open(goldenJournal(c.journal), content.Default())
			require.NoError(t, err)
			defer f.Close()
			var b bytes.Buffer
			require.NoError(t, WriteCast(&b, f, c.from, c.last, c.step, DefaultCastSpeed))
			got := b.String()
			path := filepath.Join("testdata", strings.ReplaceAll(c.name, " ", "_")+".cast")
			if *update {
				require.NoError(t, os.MkdirAll("testdata", 0o755))
				require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "go test ./replay -update writes it")
			assert.Equal(t, string(want), got)

			var markers []string
			lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
			for _, l := range lines[1:] {
				var ev [3]any
				require.NoError(t, json.Unmarshal([]byte(l), &ev))
				if ev[1] == "m" {
					markers = append(markers, ev[2].(string))
				}
			}
			assert.Equal(t, c.markers, markers)
			assert.Equal(t, `[`+fmt.Sprintf("%.6f", float64(CastFrames(c.from, c.last, c.step)-1)/DefaultCastSpeed+CastHold)+`, "o", "\u001b[?25h"]`, lines[len(lines)-1])
			for _, hint := range []string{"? help", "Enter or q", "? keys"} {
				assert.NotContains(t, got, hint)
			}
		})
	}
}
