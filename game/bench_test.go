package game

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vmihailenco/msgpack/v5"

	"rogue/bot"
	"rogue/events"
	"rogue/events/wire"
	"rogue/internal/benchcpu"
	"rogue/internal/msgpackref"
	"rogue/journal"
	"rogue/reducer"
	"rogue/reducer/content"
)

// The benchmarks run on journals the bot plays honestly, built once per
// benchmark process (never in a plain go test run) in a temporary
// directory removed at the end:
//
//   - botGames: benchBotGames ordinary games (seeds 1, 2, ...), each
//     until death or benchBotTurns turns: what real games look like;
//   - long journals: one wizard-mode game (the player cannot die; it is
//     recorded in the header) of ROGUE_BENCH_TURNS turns (default
//     1 000 000) with its snapshots, as `rogue bot --wizard` writes it,
//     and copies of its first 1 000 and 100 000 turns with theirs (the
//     bot is deterministic: the journal of a shorter game is a prefix of
//     the longer one's, byte for byte).
//
// Building them takes a minute or two: the long game is played turn by
// turn by the bot. With ROGUE_BENCH_DIR set, they are built there once and
// kept for later runs.
const (
	benchBotGames = 200
	benchBotTurns = 5000
)

// benchLong are the lengths of the long journals: the resume and seek
// benchmarks run at each.
var benchLong = []int{1_000, 100_000, 1_000_000}

var bench struct {
	once     sync.Once
	err      error
	dir      string
	botGames [][]byte       // the ordinary games' journals
	long     map[int]string // length -> journal path
	longest  int
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
	if bench.dir != "" && os.Getenv("ROGUE_BENCH_DIR") == "" {
		os.RemoveAll(bench.dir)
	}
	os.Exit(code)
}

// benchJournals builds the benchmarks' journals once.
func benchJournals(b *testing.B) {
	b.Helper()
	bench.once.Do(func() { bench.err = buildBenchJournals() })
	if bench.err != nil {
		b.Fatal(bench.err)
	}
}

func buildBenchJournals() error {
	bench.longest = benchLong[len(benchLong)-1]
	if s := os.Getenv("ROGUE_BENCH_TURNS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < benchLong[1] {
			return fmt.Errorf("ROGUE_BENCH_TURNS=%q: want a number of turns, at least %d", s, benchLong[1])
		}
		bench.longest = n
	}
	dir := os.Getenv("ROGUE_BENCH_DIR")
	if dir != "" {
		// Snapshots of another schema would be refused, and of another
		// spacing measure another program: build anew.
		dir = filepath.Join(dir, fmt.Sprintf("v%d-s%d-e%d-%d", wire.FormatVersion, reducer.SnapshotSchema, journal.SnapshotEvery, bench.longest))
		if err := loadBenchJournals(dir); err == nil {
			return nil
		}
		os.RemoveAll(dir)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	} else {
		var err error
		if dir, err = os.MkdirTemp("", "rogue-bench-"); err != nil {
			return err
		}
	}
	bench.dir = dir
	// The ordinary games on one core, the long one on the other.
	var wg sync.WaitGroup
	var gamesErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		bench.botGames, gamesErr = playBotGames(benchBotGames, benchBotTurns)
	}()
	longest := filepath.Join(dir, fmt.Sprintf("wizard-%d.rogue", bench.longest))
	_, snapErr, err := RecordPlayer(longest, NewHeader(1, "bot", journal.Options{Wizard: true, SyncEvery: 1 << 20}), content.Default(), bot.Strong{}, bench.longest, nil)
	wg.Wait()
	if err = errors.Join(err, snapErr, gamesErr); err != nil {
		return err
	}
	bench.long = map[int]string{bench.longest: longest}
	for _, n := range benchLong {
		if n < bench.longest {
			p := filepath.Join(dir, fmt.Sprintf("wizard-%d.rogue", n))
			if err := copyPrefix(longest, p, n); err != nil {
				return err
			}
			bench.long[n] = p
		}
	}
	for i, data := range bench.botGames {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("bot-%03d.rogue", i+1)), data, 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, "complete"), nil, 0o644)
}

// loadBenchJournals finds the journals a run before built in dir.
func loadBenchJournals(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, "complete")); err != nil {
		return err
	}
	bench.dir = dir
	bench.long = map[int]string{}
	for _, n := range append(benchLong, bench.longest) {
		if n <= bench.longest {
			bench.long[n] = filepath.Join(dir, fmt.Sprintf("wizard-%d.rogue", n))
		}
	}
	bench.botGames = nil
	for i := range benchBotGames {
		data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("bot-%03d.rogue", i+1)))
		if err != nil {
			return err
		}
		bench.botGames = append(bench.botGames, data)
	}
	return nil
}

// playBotGames plays n ordinary bot games in memory, in parallel.
func playBotGames(n, turns int) ([][]byte, error) {
	out := make([][]byte, n)
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				m, err := journal.NewMemory(NewHeader(uint64(i+1), "bot", journal.Options{}))
				if err == nil {
					var g *Game
					if g, err = Start(m.Header(), content.Default(), m); err == nil {
						err = g.PlayWith(bot.Strong{}, turns)
					}
				}
				out[i], errs[i] = m.Bytes(), err
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return out, errors.Join(errs...)
}

// copyPrefix writes the first turns turns of the journal at src, and the
// snapshots of those turns, to dst: the journal a game stopped there
// would have written.
func copyPrefix(src, dst string, turns int) error {
	r, err := journal.Open(src)
	if err != nil {
		return err
	}
	defer r.Close()
	var t events.Turn
	for r.Turns() < turns {
		if err := r.Next(&t); err != nil {
			return err
		}
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.WriteFile(dst, data[:r.Position().Offset], 0o644); err != nil {
		return err
	}
	snaps, err := journal.ListSnapshots(src)
	if err != nil {
		return err
	}
	for _, s := range snaps {
		if s.Turn > turns {
			continue
		}
		snap, err := journal.ReadSnapshot(s.Path)
		if err != nil {
			return err
		}
		if err := journal.WriteSnapshot(dst, snap); err != nil {
			return err
		}
	}
	return nil
}

// corpus is journals to replay, with what they hold.
type corpus struct {
	name     string
	journals [][]byte
	turns    int
	facts    int
	bytes    int
}

func newCorpus(b *testing.B, name string, journals [][]byte) *corpus {
	c := &corpus{name: name, journals: journals}
	for _, data := range journals {
		c.bytes += len(data)
		r, err := journal.NewBytesReader(data)
		if err != nil {
			b.Fatal(err)
		}
		var t events.Turn
		for {
			err := r.Next(&t)
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			c.turns++
			c.facts += len(t.Facts)
		}
	}
	return c
}

// turnPayloads returns the turns of a journal as msgpack/v5 would read
// them without our codec: in format 1, where each turn, command and fact
// is an array (msgpack's natural shape for structs, as_array). The
// references decode these: the same facts as the journal, in the form a
// plain use of the library would give them.
func turnPayloads(b *testing.B, data []byte) [][]byte {
	r, err := journal.NewBytesReader(data)
	if err != nil {
		b.Fatal(err)
	}
	enc := wire.NewTurnEncoderFor(1)
	var out [][]byte
	var t events.Turn
	for r.Next(&t) == nil {
		p, err := enc.Encode(&t)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, bytes.Clone(p))
	}
	return out
}

// benchCorpora are the replay benchmarks' journals: the ordinary bot
// games, and the long wizard game's first 100 000 turns.
func benchCorpora(b *testing.B) []*corpus {
	benchJournals(b)
	long, err := os.ReadFile(bench.long[100_000])
	if err != nil {
		b.Fatal(err)
	}
	return []*corpus{
		newCorpus(b, "bot games", bench.botGames),
		newCorpus(b, "wizard 100k", [][]byte{long}),
	}
}

// replayJournal reads every turn of data, folding them into a state if
// fold, as a replay does (the facts recycled from turn to turn).
func replayJournal(b *testing.B, data []byte, fold bool) {
	r, err := journal.NewBytesReader(data)
	if err != nil {
		b.Fatal(err)
	}
	r.ReuseFacts()
	var s *reducer.State
	if fold {
		s = reducer.New(r.Header().Seed, content.Default())
		s.Wizard = r.Header().Options.Wizard
	}
	var t events.Turn
	for {
		err := r.Next(&t)
		if err == io.EOF {
			return
		}
		if err != nil {
			b.Fatal(err)
		}
		if fold {
			if err := s.ApplyTurn(&t); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// replayWays are the ways BenchmarkReplay reads a corpus, each over every
// journal's real bytes, from the first record after the header:
//
//   - floor: the records' frames walked and their chained CRC-32C
//     checked, nothing decoded: what reading the bytes costs at least;
//   - generic: the same walk, and every value of each payload decoded
//     with one reused msgpack/v5 Decoder's DecodeInterface: a plain
//     msgpack reader of the same bytes;
//   - decode: the journal's Reader (frame, CRC, checks, TurnDecoder);
//   - decode+fold: the same, each turn folded into a state, as a replay
//     does.
var replayWays = []struct {
	name string
	read func(b *testing.B, data []byte, g *genericReader)
}{
	{"floor", func(b *testing.B, data []byte, _ *genericReader) { walkFrames(b, data, nil) }},
	{"generic", func(b *testing.B, data []byte, g *genericReader) { walkFrames(b, data, g.decode) }},
	{"decode", func(b *testing.B, data []byte, _ *genericReader) { replayJournal(b, data, false) }},
	{"decode+fold", func(b *testing.B, data []byte, _ *genericReader) { replayJournal(b, data, true) }},
}

// walkFrames walks the records of a journal after its header, checking
// each one's chained CRC-32C, and hands each payload to each (if not nil).
// It checks no more than that: the floor under any reader of the format.
func walkFrames(b *testing.B, data []byte, each func(b *testing.B, payload []byte)) {
	r, err := journal.NewBytesReader(data)
	if err != nil {
		b.Fatal(err)
	}
	prev, i := r.Chain(), int(r.End())
	for i < len(data) {
		n, k := binary.Uvarint(data[i:])
		if k <= 0 || uint64(len(data)-i-k-4) < n {
			b.Fatalf("offset %d: bad record length", i)
		}
		crc := binary.LittleEndian.Uint32(data[i+k:])
		payload := data[i+k+4 : i+k+4+int(n)]
		if crc32.Update(prev, castagnoli, payload) != crc {
			b.Fatalf("offset %d: checksum does not chain", i)
		}
		if each != nil {
			each(b, payload)
		}
		prev, i = crc, i+k+4+int(n)
	}
}

// genericReader decodes payloads with one msgpack/v5 Decoder, reused.
type genericReader struct {
	src bytes.Reader
	dec *msgpack.Decoder
}

func newGenericReader() *genericReader {
	g := &genericReader{}
	g.dec = msgpack.NewDecoder(&g.src)
	return g
}

// decode decodes every value of a format 2 or later payload (a sequence
// of values) with DecodeInterface.
func (g *genericReader) decode(b *testing.B, payload []byte) {
	g.src.Reset(payload)
	g.dec.Reset(&g.src)
	for g.src.Len() > 0 {
		if _, err := g.dec.DecodeInterface(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplay is the replay path (see replayWays) on real journals,
// in facts per second: the floor and a generic msgpack reader beside
// decoding and decoding + folding; and, as an extra, msgpack/v5 decoding
// the same turns by reflection into structs, re-encoded in format 1 (an
// array per fact, the shape reflection reads; no CRC, no fold).
//
// Each "side by side" op runs every way once, in turn, and reports each
// one's facts per CPU-second and their ratios (x-...), so that a ratio
// is of two things measured in the same run.
func BenchmarkReplay(b *testing.B) {
	for _, c := range benchCorpora(b) {
		report := func(b *testing.B, clock benchcpu.Clock) {
			benchcpu.Report(b, clock, float64(c.facts), "facts")
			b.ReportMetric(float64(c.facts)/float64(c.turns), "facts/turn")
			b.SetBytes(int64(c.bytes))
		}
		for _, w := range replayWays {
			b.Run(c.name+"/"+w.name, func(b *testing.B) {
				g := newGenericReader()
				clock := benchcpu.Start()
				for b.Loop() {
					for _, data := range c.journals {
						w.read(b, data, g)
					}
				}
				report(b, clock)
			})
		}
		b.Run(c.name+"/side by side", func(b *testing.B) {
			g := newGenericReader()
			cpu := make([]time.Duration, len(replayWays))
			for b.Loop() {
				for i, w := range replayWays {
					clock := benchcpu.Start()
					for _, data := range c.journals {
						w.read(b, data, g)
					}
					cpu[i] += clock.Elapsed()
				}
			}
			rate := func(i int) float64 { return float64(c.facts) * float64(b.N) / cpu[i].Seconds() }
			for i, w := range replayWays {
				b.ReportMetric(rate(i), w.name+"-facts/cpu-s")
			}
			const floor, generic, decode, fold = 0, 1, 2, 3
			b.ReportMetric(rate(decode)/rate(generic), "x-decode/generic")
			b.ReportMetric(rate(fold)/rate(generic), "x-fold/generic")
			b.ReportMetric(rate(floor)/rate(fold), "x-floor/fold")
			// The two yardsticks' own gap, and what the fold costs a
			// turn beside what it may cost for decode + fold to be 2x
			// the generic reader (negative: decode alone is over it):
			// the arithmetic behind issue 17's ratio targets.
			b.ReportMetric(rate(floor)/rate(generic), "x-floor/generic")
			perTurn := func(i int) float64 { return cpu[i].Seconds() * 1e9 / float64(b.N) / float64(c.turns) }
			b.ReportMetric(perTurn(fold)-perTurn(decode), "fold-ns/turn")
			b.ReportMetric(perTurn(generic)/2-perTurn(decode), "fold-budget-ns/turn")
		})
		b.Run(c.name+"/msgpack reflection, format 1, decode only", func(b *testing.B) {
			// Made here, not with the corpus: a million small slices kept
			// alive would tax every other way's garbage collection.
			var payloads [][]byte
			for _, data := range c.journals {
				payloads = append(payloads, turnPayloads(b, data)...)
			}
			d := msgpackref.NewDecoder()
			clock := benchcpu.Start()
			for b.Loop() {
				for _, p := range payloads {
					if err := d.Decode(p); err != nil {
						b.Fatal(err)
					}
				}
			}
			report(b, clock)
		})
	}
}

// BenchmarkVerify re-simulates journals under their own rules (what
// `rogue verify` does), in turns per second.
func BenchmarkVerify(b *testing.B) {
	for _, c := range benchCorpora(b) {
		b.Run(c.name, func(b *testing.B) {
			clock := benchcpu.Start()
			for b.Loop() {
				for _, data := range c.journals {
					r, err := journal.NewBytesReader(data)
					if err != nil {
						b.Fatal(err)
					}
					div, _, _, err := Verify(r, content.Default())
					if err != nil || div != nil {
						b.Fatal(err, div)
					}
				}
			}
			benchcpu.Report(b, clock, float64(c.turns), "turns")
		})
	}
}

// BenchmarkResume opens a journal and reaches its last state, ready to
// draw (the player's memory of the level merged), from its newest
// snapshot: what continuing a game costs at each length.
func BenchmarkResume(b *testing.B) {
	benchJournals(b)
	for _, n := range benchLengths() {
		b.Run(fmt.Sprintf("turns=%d", n), func(b *testing.B) {
			path := bench.long[n]
			clock := benchcpu.Start()
			for b.Loop() {
				got, err := Load(path, content.Default(), -1)
				if err != nil || got.State.Turn != n || got.Note != "" {
					b.Fatal(err, got.Note)
				}
				got.State.Explored()
			}
			benchcpu.Report(b, clock, 1, "resumes")
		})
	}
}

// BenchmarkSeek reaches the state at an arbitrary turn of a journal, ready
// to draw: opening the journal each time (cold), and in a Seeker kept
// open as a replay viewer keeps it (open). The turns follow a fixed
// pseudo-random sequence over the whole game.
func BenchmarkSeek(b *testing.B) {
	benchJournals(b)
	for _, n := range benchLengths() {
		path := bench.long[n]
		b.Run(fmt.Sprintf("cold/turns=%d", n), func(b *testing.B) {
			turn := seekTurns(n)
			clock := benchcpu.Start()
			for b.Loop() {
				want := turn()
				got, err := Load(path, content.Default(), want)
				if err != nil || got.State.Turn != want {
					b.Fatal(err)
				}
				got.State.Explored()
			}
			benchcpu.Report(b, clock, 1, "seeks")
		})
		b.Run(fmt.Sprintf("open/turns=%d", n), func(b *testing.B) {
			k, err := OpenSeeker(path, content.Default())
			if err != nil {
				b.Fatal(err)
			}
			defer k.Close()
			turn := seekTurns(n)
			clock := benchcpu.Start()
			for b.Loop() {
				want := turn()
				s, _, err := k.StateAt(want)
				if err != nil || s.Turn != want {
					b.Fatal(err)
				}
				s.Explored()
			}
			benchcpu.Report(b, clock, 1, "seeks")
		})
	}
}

// benchLengths are the long journals' lengths, shortest first.
func benchLengths() []int {
	var out []int
	for n := range bench.long {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// seekTurns returns a fixed pseudo-random sequence of turns in 0..n.
func seekTurns(n int) func() int {
	x := uint64(0x9e3779b97f4a7c15)
	return func() int {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return int(x % uint64(n+1))
	}
}

// BenchmarkJournalSize reports what a journal costs on disk, in bytes per
// turn, over the ordinary bot games (levels included) and the long wizard
// game, and what the bytes go to: each record's framing (length and
// CRC), each turn's command and draw count, and each kind of fact.
// The op itself only re-encodes; the figures are the metrics.
func BenchmarkJournalSize(b *testing.B) {
	for _, c := range benchCorpora(b) {
		b.Run(c.name, func(b *testing.B) {
			var parts map[string]int
			for b.Loop() {
				parts = journalParts(b, c.journals)
			}
			b.ReportMetric(float64(c.bytes)/float64(c.turns), "B/turn")
			names := make([]string, 0, len(parts))
			for k := range parts {
				names = append(names, k)
			}
			slices.SortFunc(names, func(x, y string) int {
				return cmp.Or(cmp.Compare(parts[y], parts[x]), strings.Compare(x, y))
			})
			for i, k := range names {
				if i < 6 {
					b.ReportMetric(float64(parts[k])/float64(c.turns), k+"-B/turn")
				}
			}
		})
	}
}

// journalParts splits the bytes of journals by what they hold.
func journalParts(b *testing.B, journals [][]byte) map[string]int {
	parts := map[string]int{}
	for _, data := range journals {
		r, err := journal.NewBytesReader(data)
		if err != nil {
			b.Fatal(err)
		}
		enc := wire.NewTurnEncoderFor(r.Header().FormatVersion)
		parts["header"] += int(r.End())
		var t events.Turn
		for r.Next(&t) == nil {
			rec := int(r.End() - r.Offset())
			bare, err := enc.Encode(&events.Turn{Command: t.Command, Draws: t.Draws})
			if err != nil {
				b.Fatal(err)
			}
			payload := len(bare)
			parts["command"] += len(bare)
			// Each fact costs what it adds to the turn's payload after the
			// facts before it (a shorthand may lean on them). One that adds
			// nothing or less is written by the turn's opener (format 4
			// writes a Move, no draws and the step in one byte): it counts
			// with the command.
			for i, f := range t.Facts {
				upTo, err := enc.Encode(&events.Turn{Command: t.Command, Draws: t.Draws, Facts: t.Facts[:i+1]})
				if err != nil {
					b.Fatal(err)
				}
				n := len(upTo) - payload
				if n <= 0 {
					parts["command"] += n
				} else {
					parts[events.FactName(f.Code())] += n
				}
				payload += n
			}
			parts["frame"] += rec - payload // length prefix and CRC
		}
	}
	return parts
}
