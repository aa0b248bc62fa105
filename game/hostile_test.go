package game_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/game"
	"rogue/internal/benchcpu"
	"rogue/internal/hostile"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// Each hostile journal is refused by the fold with its one line, naming
// the turn, the fact and the field (and, through journal.Error, the byte
// offset); those built within every cap fold whole. How long each takes
// is BenchmarkHostileJournals' business.
func TestHostileJournalsAreRefusedOrFoldWithinTheCaps(t *testing.T) {
	t.Parallel()
	for _, j := range hostile.All() {
		t.Run(j.Name, func(t *testing.T) {
			require.LessOrEqual(t, len(j.Bytes), hostile.MaxSize)
			r, err := journal.NewBytesReader(j.Bytes)
			require.NoError(t, err)
			s, tail, err := game.Fold(r, content.Default(), -1, nil)
			require.Nil(t, tail)
			if j.Refusal == "" {
				require.NoError(t, err)
				assert.Greater(t, s.Turn, 100, "a long journal")
				return
			}
			require.Error(t, err)
			var je *journal.Error
			require.True(t, errors.As(err, &je))
			var fe *reducer.FactError
			require.True(t, errors.As(err, &fe))
			assert.Equal(t, j.Refusal, fe.Error())
			assert.Equal(t, "journal: at byte "+itoa(je.Offset)+": "+j.Refusal, err.Error())
		})
	}
}

func itoa(n int64) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// What folding (replay --headless), re-simulating (verify) and dumping
// (folding with messages, every fact written out) each hostile journal
// costs. Target: under 2 s each, for journals of at most 4 MB; cpu-s/op
// is the figure to hold against it on a busy machine.
func BenchmarkHostileJournals(b *testing.B) {
	tables := content.Default()
	for _, j := range hostile.All() {
		b.Run(j.Name+"/fold", func(b *testing.B) {
			b.SetBytes(int64(len(j.Bytes)))
			c := benchcpu.Start()
			for b.Loop() {
				r, _ := journal.NewBytesReader(j.Bytes)
				game.Fold(r, tables, -1, nil)
			}
			cpuPerOp(b, c)
		})
		b.Run(j.Name+"/verify", func(b *testing.B) {
			b.SetBytes(int64(len(j.Bytes)))
			c := benchcpu.Start()
			for b.Loop() {
				r, _ := journal.NewBytesReader(j.Bytes)
				game.Verify(r, tables)
			}
			cpuPerOp(b, c)
		})
		b.Run(j.Name+"/dump", func(b *testing.B) {
			b.SetBytes(int64(len(j.Bytes)))
			c := benchcpu.Start()
			for b.Loop() {
				dump(j.Bytes, tables)
			}
			cpuPerOp(b, c)
		})
	}
}

// cpuPerOp reports the CPU seconds an iteration took: on a shared
// machine the wall time of one swings several-fold.
func cpuPerOp(b *testing.B, c benchcpu.Clock) {
	b.ReportMetric(c.Elapsed().Seconds()/float64(b.N), "cpu-s/op")
}

// dump is what rogue dump does with a journal, writing nothing: fold each
// turn with its messages (until a fact is refused) and write out every
// fact.
func dump(b []byte, tables *content.Tables) int {
	r, _ := journal.NewBytesReader(b)
	s := reducer.New(r.Header().Seed, tables)
	var t events.Turn
	var foldErr error
	n := 0
	for r.Next(&t) == nil {
		if foldErr == nil {
			var log []string
			log, foldErr = s.ApplyTurnMessages(&t)
			n += len(log)
		}
		n += len(game.FormatCommand(t.Command))
		for _, f := range t.Facts {
			n += len(game.FormatFact(f))
		}
	}
	return n
}
