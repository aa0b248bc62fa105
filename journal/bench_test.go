package journal

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"rogue/events"
)

// benchTurns is how long the journal BenchmarkReadTurns reads is.
const benchTurns = 100_000

func BenchmarkReadTurns(b *testing.B) {
	turns := sampleTurns(benchTurns)
	facts := 0
	for _, t := range turns {
		facts += len(t.Facts)
	}
	data, _ := journalOf(b, turns)
	path := filepath.Join(b.TempDir(), "long.jnl")
	require.NoError(b, os.WriteFile(path, data, 0o644))

	read := func(b *testing.B, r *Reader, err error) {
		require.NoError(b, err)
		var t events.Turn
		n := 0
		for {
			err := r.Next(&t)
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		require.Equal(b, benchTurns, n)
		require.NoError(b, r.Close())
	}
	report := func(b *testing.B) {
		b.ReportMetric(float64(facts)*float64(b.N)/b.Elapsed().Seconds(), "facts/s")
		b.ReportMetric(float64(len(data))/benchTurns, "bytes/turn")
		b.ReportMetric(float64(facts)/benchTurns, "facts/turn")
		b.SetBytes(int64(len(data)))
	}
	b.Run("from memory", func(b *testing.B) {
		for b.Loop() {
			r, err := NewBytesReader(data)
			read(b, r, err)
		}
		report(b)
	})
	b.Run("from a file", func(b *testing.B) {
		for b.Loop() {
			r, err := Open(path)
			read(b, r, err)
		}
		report(b)
	})
}

func BenchmarkAppend(b *testing.B) {
	turns := sampleTurns(1000)
	run := func(b *testing.B, w Writer) {
		i := 0
		for b.Loop() {
			if err := w.Append(&turns[i%len(turns)]); err != nil {
				b.Fatal(err)
			}
			i++
		}
		require.NoError(b, w.Close())
	}
	file := func(b *testing.B, syncEvery int) Writer {
		h := testHeader()
		h.Options.SyncEvery = syncEvery
		f, err := Create(filepath.Join(b.TempDir(), "bench.jnl"), h)
		require.NoError(b, err)
		return f
	}
	b.Run("to a file, fsync every turn", func(b *testing.B) { run(b, file(b, 1)) })
	b.Run("to a file, fsync every 100 turns", func(b *testing.B) { run(b, file(b, 100)) })
	b.Run("to memory", func(b *testing.B) {
		m, err := NewMemory(testHeader())
		require.NoError(b, err)
		run(b, m)
	})
}
