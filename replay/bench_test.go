package replay

import (
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// benchTurns is the length of the benchmark's journal.
const benchTurns = 100_000

// benchJournals are a 100 000-turn wizard bot game with the snapshots the
// game wrote, and a copy of it without them, made once per test process
// (the bot takes a while) in its temporary directory (TestMain removes it).
var benchJournals struct {
	once       sync.Once
	with, bare string
	err        error
}

func benchJournalFiles(b *testing.B) (with, bare string) {
	dir := benchDir(b)
	benchJournals.once.Do(func() {
		path := filepath.Join(dir, "bench-100k.rogue")
		_, snapErr, err := game.RecordPlayer(path, game.NewHeader(1, "bot", journal.Options{Wizard: true, SyncEvery: 1 << 20}),
			content.Default(), bot.Strong{}, benchTurns, nil)
		if err == nil {
			err = snapErr
		}
		if err != nil {
			benchJournals.err = err
			return
		}
		data, err := os.ReadFile(path)
		if err != nil {
			benchJournals.err = err
			return
		}
		bare := filepath.Join(dir, "bench-100k-attached.rogue")
		benchJournals.err = os.WriteFile(bare, data, 0o644)
		benchJournals.with, benchJournals.bare = path, bare
	})
	require.NoError(b, benchJournals.err)
	return benchJournals.with, benchJournals.bare
}

// BenchmarkReplaySeekBack seeks backwards in a 100 000-turn journal as the
// replay's keys do: one frame per op (state, log and all), from where the
// last op left. turns/op is what it folded.
func BenchmarkReplaySeekBack(b *testing.B) {
	with, bare := benchJournalFiles(b)
	back := func(step int) func(i int) int {
		return func(i int) int { return benchTurns - 1 - (i*step)%(benchTurns-step) }
	}
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		name string
		path string
		turn func(i int) int
	}{
		{"one turn back (,)", with, back(1)},
		{"100 turns back ([)", with, back(100)},
		{"to any turn (g)", with, func(int) int { return 1 + rng.IntN(benchTurns) }},
		{"one turn back without snapshots on disk", bare, back(1)},
		{"to any turn without snapshots on disk", bare, func(int) int { return 1 + rng.IntN(benchTurns) }},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			f, err := Open(tc.path, content.Default())
			require.NoError(b, err)
			defer f.Close()
			_, err = f.At(benchTurns)
			require.NoError(b, err)
			folded := f.folded
			b.ResetTimer()
			for i := range b.N {
				if _, err := f.At(tc.turn(i)); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(f.folded-folded)/float64(b.N), "turns/op")
		})
	}
	// What every step back would cost folding from turn 0.
	b.Run("baseline: one turn back folding from turn 0", func(b *testing.B) {
		for i := range b.N {
			r, err := journal.Open(with)
			require.NoError(b, err)
			r.ReuseFacts()
			_, _, err = game.Fold(r, content.Default(), back(1)(i), nil)
			r.Close()
			require.NoError(b, err)
		}
		b.ReportMetric(float64(benchTurns), "turns/op")
	})
}

// benchDirs is where the benchmarks' journals are made, once per test
// process (TestMain removes it).
var benchDirs struct {
	once sync.Once
	dir  string
	err  error
}

func benchDir(b *testing.B) string {
	benchDirs.once.Do(func() { benchDirs.dir, benchDirs.err = os.MkdirTemp("", "rogue-bench-") })
	require.NoError(b, benchDirs.err)
	return benchDirs.dir
}

func TestMain(m *testing.M) {
	// The tests' snapshot cache (see journal.CacheRoot), not the user's.
	cache, err := os.MkdirTemp("", "rogue-cache-")
	if err == nil {
		os.Setenv("XDG_CACHE_HOME", cache)
	}
	code := m.Run()
	if err == nil {
		os.RemoveAll(cache)
	}
	if benchDirs.dir != "" {
		os.RemoveAll(benchDirs.dir)
	}
	os.Exit(code)
}

// BenchmarkRecording writes the recording of the whole 100 000-turn
// journal (without its snapshots, as a bug report comes), as `rogue
// export --asciicast` does: at its default step (MaxCastFrames frames)
// and a frame every 1500 turns (more than checkpointEvery: each frame's
// log is found anew). B/op is what it allocated and state-copies/op the
// checkpoints it copied: an export that kept a replay's checkpoints, a
// ladder across the whole journal, kept 7 of the 8 MB it held on the
// 1M-turn game, and their copies were 2 of its 2.3 GB allocated.
func BenchmarkRecording(b *testing.B) {
	_, bare := benchJournalFiles(b)
	for _, c := range []struct {
		name string
		step int // 0: the default
	}{
		{"the default step", 0},
		{"a frame every 1500 turns", 1500},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			copies := 0
			for b.Loop() {
				f, err := Open(bare, content.Default())
				require.NoError(b, err)
				step := c.step
				if step == 0 {
					step = CastStep(1, f.Total())
				}
				require.NoError(b, WriteCast(io.Discard, f, 1, f.Total(), step, DefaultCastSpeed))
				copies = f.ckpts.copies
				require.NoError(b, f.Close())
			}
			b.ReportMetric(float64(copies), "state-copies/op")
		})
	}
}
