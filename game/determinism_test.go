package game

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/journal"
	"rogue/reducer/content"
)

var updateDeterminism = flag.Bool("update", false, "rewrite testdata/determinism.golden from the games played now")

// The bot's games are the same journals, byte for byte, on every
// architecture (32 or 64 bits, either byte order): the rules use no
// floats, no maps where order matters, no int whose size shows. The
// golden file holds each game's size, SHA-256 and final digest, so a run
// on any architecture checks it; .ci/run also runs this test as 386 and as
// amd64 with ROGUE_DETERMINISM_OUT set, and compares the journals it
// leaves there with cmp.
func TestTheBotsJournalsAreTheSameOnEveryArchitecture(t *testing.T) {
	t.Parallel()
	created := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	games := []struct {
		name   string
		seed   uint64
		turns  int
		wizard bool
		rules  int // each game stays under the rules it was recorded by
	}{
		{"seed-5", 5, 3000, false, 2},
		{"seed-2", 2, 3000, false, 2},
		{"seed-3-wizard", 3, 5000, true, 2},
		// Rules 3: a game won (every behaviour and the goal on the way)
		// and a wizard's game below the goal's depth.
		{"r3-seed-4", 4, 10000, false, 3},
		{"r3-seed-3-wizard", 3, 8000, true, 3},
	}
	dir := t.TempDir()
	var got string
	for _, g := range games {
		h, err := NewHeaderRules(g.seed, "bot", journal.Options{Wizard: g.wizard, SyncEvery: 1 << 20}, g.rules)
		require.NoError(t, err)
		h.Created = created
		tables, err := content.ForRules(g.rules)
		require.NoError(t, err)
		path := filepath.Join(dir, g.name+".rogue")
		played, _, err := RecordPlayer(path, h, tables, bot.Strong{}, g.turns, nil)
		require.NoError(t, err)
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		got += fmt.Sprintf("%s: seed %d, wizard %v, up to %d turns\n  turns:  %d\n  bytes:  %d\n  sha256: %x\n  digest: %s\n",
			g.name, g.seed, g.wizard, g.turns, played.State.Turn, len(b), sha256.Sum256(b), played.State.Digest())
		if out := os.Getenv("ROGUE_DETERMINISM_OUT"); out != "" {
			require.NoError(t, os.MkdirAll(out, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(out, fmt.Sprintf("%s-%s.rogue", g.name, runtime.GOARCH)), b, 0o644))
		}
	}
	golden := filepath.Join("testdata", "determinism.golden")
	if *updateDeterminism {
		require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "go test ./game -run Architecture -update writes it")
	assert.Equal(t, string(want), got, "on %s; a rules change rewrites it with go test ./game -run Architecture -update", runtime.GOARCH)
}
