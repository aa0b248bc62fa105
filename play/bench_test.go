package play

import (
	"fmt"
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

// benchTurns is the length of the long benchmark journal.
const benchTurns = 100_000

// benchJournal is a wizard bot game with its snapshots (none are due
// before turn journal.SnapshotEvery), made once per test process.
type benchJournal struct {
	once sync.Once
	path string
	err  error
}

// benchShort and benchLong are games of 1 000 and benchTurns turns.
var benchShort, benchLong benchJournal

func (j *benchJournal) make(b *testing.B, turns int) string {
	dir := benchDir(b)
	j.once.Do(func() {
		path := filepath.Join(dir, fmt.Sprintf("bench-%d.rogue", turns))
		_, snapErr, err := game.RecordPlayer(path, game.NewHeader(1, "bot", journal.Options{Wizard: true, SyncEvery: 1 << 20}),
			content.Default(), bot.Strong{}, turns, nil)
		if err == nil {
			err = snapErr
		}
		j.path, j.err = path, err
	})
	require.NoError(b, j.err)
	return j.path
}

func benchShortJournal(b *testing.B) string { return benchShort.make(b, 1_000) }

// sessionJournal is a game to continue, of turns turns.
type sessionJournal struct {
	turns int
	path  string
}

// sessionJournals are the games the session benchmarks continue: 1 000
// and benchTurns turns long.
func sessionJournals(b *testing.B) []sessionJournal {
	long := benchLong.make(b, benchTurns)
	return []sessionJournal{{1_000, benchShortJournal(b)}, {benchTurns, long}}
}

// BenchmarkOpenSession continues a game as `rogue` does (lock the journal,
// reach its last state and the messages of its last turns, close it
// again), at 1 000 and 100 000 turns: resuming should cost about the same
// at any length.
func BenchmarkOpenSession(b *testing.B) {
	for _, tc := range sessionJournals(b) {
		b.Run(fmt.Sprintf("turns=%d", tc.turns), func(b *testing.B) {
			folded := 0
			for range b.N {
				ss, err := openSession(tc.path)
				if err != nil {
					b.Fatal(err)
				}
				if ss.g.State.Turn != tc.turns {
					b.Fatalf("resumed at turn %d, want %d", ss.g.State.Turn, tc.turns)
				}
				folded += ss.folded
				if err := ss.close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(folded)/float64(b.N), "turns-folded/op")
		})
		// Of which locking the journal and checking it to its end: from
		// the newest snapshot's position as openSession does, and every
		// record as OpenAppend does.
		for _, o := range []struct {
			name string
			open func(path string) (*journal.File, error)
		}{
			{"journal.OpenAppendAfter", func(p string) (*journal.File, error) {
				f, _, err := journal.OpenAppendAfter(p, journal.SnapshotPositions(p, 2))
				return f, err
			}},
			{"journal.OpenAppend", func(p string) (*journal.File, error) {
				f, _, err := journal.OpenAppend(p)
				return f, err
			}},
		} {
			b.Run(fmt.Sprintf("%s alone/turns=%d", o.name, tc.turns), func(b *testing.B) {
				for range b.N {
					f, err := o.open(tc.path)
					if err != nil {
						b.Fatal(err)
					}
					if err := f.Close(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkFindUnfinished is what the main menu does first with the
// newest journal: tell whether its game is over.
func BenchmarkFindUnfinished(b *testing.B) {
	for _, tc := range sessionJournals(b) {
		b.Run(fmt.Sprintf("turns=%d", tc.turns), func(b *testing.B) {
			for range b.N {
				if findUnfinished([]string{tc.path}) != tc.path {
					b.Fatal("the game is not found unfinished")
				}
			}
		})
	}
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
