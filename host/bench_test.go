package host

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rogue/online"
	"rogue/store"
)

// BenchmarkLiveGamesAtTwoTurnsASecond holds many live games on one host,
// each played by a built-in player over a loopback websocket at 2 turns a
// second, for 10 s an iteration; it reports the command to turn latency
// (p50, p99), the turns a second, and the heap per game (server and
// clients in this one process, so an upper bound for the server). The
// games are 100, or those in ROGUE_BENCH_GAMES (say 100,500); the
// database is SQLite, and also PostgreSQL with ROGUE_TEST_POSTGRES.
// Run with -benchtime 1x.
func BenchmarkLiveGamesAtTwoTurnsASecond(b *testing.B) {
	counts := []int{100}
	if env := os.Getenv("ROGUE_BENCH_GAMES"); env != "" {
		counts = nil
		for _, part := range strings.Split(env, ",") {
			n, err := strconv.Atoi(part)
			require.NoError(b, err)
			counts = append(counts, n)
		}
	}
	dbs := map[string]func(b *testing.B) *store.Store{"sqlite": func(b *testing.B) *store.Store {
		st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "rogue.db"))
		require.NoError(b, err)
		return st
	}}
	if base := os.Getenv("ROGUE_TEST_POSTGRES"); base != "" {
		dbs["postgres"] = func(b *testing.B) *store.Store {
			u, err := store.NewSchema(base)
			require.NoError(b, err)
			b.Cleanup(func() { store.DropSchema(base, u) })
			st, err := store.Open(context.Background(), u)
			require.NoError(b, err)
			return st
		}
	}
	for _, db := range []string{"sqlite", "postgres"} {
		open, ok := dbs[db]
		if !ok {
			continue
		}
		for _, n := range counts {
			b.Run(fmt.Sprintf("%s/games=%d", db, n), func(b *testing.B) {
				st := open(b)
				defer st.Close()
				var base string
				s := New(st, Options{Node: "bench", ConnsPerAddress: n + 1})
				hs := newTestServer(s)
				defer hs.Close()
				base = hs.URL
				tok, err := online.Account(context.Background(), base, "bench", "password-bench", true)
				require.NoError(b, err)
				for range b.N {
					runtime.GC()
					var before runtime.MemStats
					runtime.ReadMemStats(&before)
					var heap uint64
					ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
					start := time.Now()
					res, err := online.PlayBots(ctx, base, tok, n, 2, 1<<20, func() {
						time.Sleep(time.Second) // every game under way
						runtime.GC()
						var m runtime.MemStats
						runtime.ReadMemStats(&m)
						heap = m.HeapInuse - min(m.HeapInuse, before.HeapInuse)
					})
					cancel()
					require.NoError(b, err)
					b.ReportMetric(float64(res.Percentile(0.5).Microseconds())/1000, "p50-ms")
					b.ReportMetric(float64(res.Percentile(0.99).Microseconds())/1000, "p99-ms")
					b.ReportMetric(float64(res.Turns)/time.Since(start).Seconds(), "turns/s")
					b.ReportMetric(float64(heap)/float64(n)/1024, "KiB/game")
				}
			})
		}
	}
}
