package journal

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// The search past damage is one pass over the bytes after it: reading a
// journal followed by garbage costs time proportional to the garbage.
// Target: a 4 MB journal of any bytes is read in under 2 s; 50 MB of
// garbage after a valid journal is not quadratic.
func BenchmarkReadingAJournalFollowedByGarbage(b *testing.B) {
	for _, size := range []struct {
		name string
		n    int
	}{{"4MB", 4 << 20}, {"50MB", 50 << 20}} {
		b.Run(size.name, func(b *testing.B) {
			j, _ := journalOf(b, sampleTurns(400))
			r := rand.New(rand.NewPCG(1, 2))
			junk := make([]byte, size.n)
			for i := range junk {
				junk[i] = byte(r.Uint32())
			}
			path := filepath.Join(b.TempDir(), "g.jnl")
			if err := os.WriteFile(path, append(j, junk...), 0o644); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(size.n))
			b.ResetTimer()
			for range b.N {
				rd, err := Open(path)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := readAll(rd); err == nil {
					b.Fatal("garbage read as a clean end")
				}
				if rd.Tail().Torn {
					b.Fatal("garbage taken for a torn tail")
				}
				rd.Close()
			}
		})
	}
}
