package fame

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// What checking an upload costs: a won game of rules 3 (6 900 turns),
// read, counted, re-simulated and ranked.
func BenchmarkCheck(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "golden", "testdata", "r3-won.rogue"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	var v *Verified
	for b.Loop() {
		if v, err = Check(bytes.NewReader(data), "r3-won.rogue", DefaultLimits()); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(v.Steps)*float64(b.N)/b.Elapsed().Seconds(), "steps/s")
}
