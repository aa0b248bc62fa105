package botgames

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/journal"
)

var update = flag.Bool("update", false, "rewrite the golden reports under testdata")

// rate is the one line of the totals that depends on the machine.
var rate = regexp.MustCompile(`(?m)^(turns: +\d+), .*$`)

// A small run of each player reads as its golden: the totals and the
// balance report of eight games under rules 2 (whose rules never change),
// to turn 600. A change to a player's play or to the report's format
// shows here as text; go test ./botgames -update rewrites them.
func TestASmallRunOfEachPlayerReadsAsItsGolden(t *testing.T) {
	t.Parallel()
	for _, player := range Players {
		t.Run(player, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "games")
			var stdout, stderr bytes.Buffer
			run := Games{First: 1, Games: 8, Turns: 600, Rules: 2, Player: player, Opts: journal.Options{SyncEvery: 256}}
			require.NoError(t, Run(run, dir, &stdout, &stderr, false))
			got := rate.ReplaceAllString(strings.ReplaceAll(stdout.String(), dir, "DIR"), "$1")
			path := filepath.Join("testdata", "small-run-"+player+".txt")
			if *update {
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "go test ./botgames -update writes it")
			assert.Equal(t, string(want), got, "%s (go test ./botgames -update rewrites it)", path)
		})
	}
}
