package game

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"rogue/internal/benchcpu"
	"rogue/reducer/content"
)

// BenchmarkReplayTo reaches the state after turn T of the long game, as
// rogue replay --headless --to T does, at T = 1 000 and at its last turn:
// from the nearest snapshot, the late turn costs about what the early one
// does.
func BenchmarkReplayTo(b *testing.B) {
	benchJournals(b)
	path := bench.long[bench.longest]
	for _, turn := range []int{1_000, bench.longest} {
		b.Run(fmt.Sprintf("to=%d", turn), func(b *testing.B) {
			clock := benchcpu.Start()
			for b.Loop() {
				got, err := Load(path, content.Default(), turn)
				if err != nil || got.State.Turn != turn {
					b.Fatal(err)
				}
			}
			benchcpu.Report(b, clock, 1, "opens")
		})
	}
}

// BenchmarkOpenWithoutSnapshots opens the long game without its snapshot
// folder, as a journal attached to a bug report comes, through the
// snapshot cache (see journal.SnapshotCache): the first open of its last
// turn, with the cache empty (it folds every turn and fills the cache),
// and later opens at turns all over the game, with the cache filled.
func BenchmarkOpenWithoutSnapshots(b *testing.B) {
	benchJournals(b)
	path := bareCopy(b, bench.long[bench.longest])
	root := b.TempDir()
	b.Setenv("XDG_CACHE_HOME", root)
	n := bench.longest
	b.Run(fmt.Sprintf("first/turns=%d", n), func(b *testing.B) {
		clock := benchcpu.Start()
		for b.Loop() {
			b.StopTimer()
			if err := os.RemoveAll(filepath.Join(root, "rogue")); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			got, err := Load(path, content.Default(), -1)
			if err != nil || got.State.Turn != n {
				b.Fatal(err)
			}
		}
		benchcpu.Report(b, clock, 1, "opens")
	})
	b.Run(fmt.Sprintf("later/turns=%d", n), func(b *testing.B) {
		if _, err := Load(path, content.Default(), -1); err != nil {
			b.Fatal(err)
		}
		turn := seekTurns(n)
		clock := benchcpu.Start()
		for b.Loop() {
			want := turn()
			got, err := Load(path, content.Default(), want)
			if err != nil || got.State.Turn != want {
				b.Fatal(err)
			}
		}
		benchcpu.Report(b, clock, 1, "opens")
	})
}

// bareCopy is a link to the journal at path in the benchmarks' folder,
// without its snapshots.
func bareCopy(b *testing.B, path string) string {
	bare := filepath.Join(bench.dir, "bare-"+filepath.Base(path))
	if err := os.Link(path, bare); err != nil && !errors.Is(err, fs.ErrExist) {
		b.Fatal(err)
	}
	return bare
}
