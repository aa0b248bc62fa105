package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/internal/hostile"
	"rogue/journal"
	"rogue/play"
)

// The damaged-journal corpus: every case is made by code from one
// committed journal (testdata/damaged/base.rogue, a 400-turn bot game), so
// that a 50 MB case costs no bytes in the repository and the cases say in
// code what was done to the bytes. testdata/damaged/outcomes.golden holds,
// for each case, the exit code and first line of verify, replay
// --headless, dump and export, and what play and salvage do; -update
// rewrites it.
//
// Each case is one entry in damagedCases.

// baseRecord is one record of the base journal: where it starts, how many
// bytes its length field takes, and its payload's length.
type baseRecord struct {
	off    int
	prefix int
	plen   int
}

func (r baseRecord) end() int { return r.off + r.prefix + 4 + r.plen }

// damagedBase reads the committed base journal and where its records are.
func damagedBase(t testing.TB) ([]byte, []baseRecord) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "damaged", "base.rogue"))
	require.NoError(t, err)
	var recs []baseRecord
	off := len(journal.Magic)
	for off < len(b) {
		n, k := binary.Uvarint(b[off:])
		require.Positive(t, k)
		recs = append(recs, baseRecord{off: off, prefix: k, plen: int(n)})
		off += k + 4 + int(n)
	}
	require.Equal(t, len(b), off)
	return b, recs[1:] // the header is not a turn
}

type damagedCase struct {
	name string
	make func(b []byte, recs []baseRecord) []byte
}

// flip flips bit of byte at in a copy of b.
func flip(b []byte, at int, bit uint) []byte {
	out := bytes.Clone(b)
	out[at] ^= 1 << bit
	return out
}

// splice is b with the bytes [from, to) replaced by with.
func splice(b []byte, from, to int, with []byte) []byte {
	return slices.Concat(b[:from], with, b[to:])
}

// garbage is n bytes from a PRNG of seed.
func garbage(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, seed))
	out := make([]byte, n)
	for i := range out {
		out[i] = byte(r.Uint32())
	}
	return out
}

const middle = 214 // the middle record of the corpus: turn 214 of 400

// The 50 MB case costs seven reads of its 50 MB (each command, play and
// salvage look for a record in all of it): the normal run reads the first
// 5 MB of the same garbage, and its lines must be the golden's with the
// byte count of 5 MB in place of 50 MB's. ROGUE_BIG_JOURNALS=1 (.ci/run
// sets it) and -update read all 50 MB.
const bigGarbage, smallGarbage = 50 << 20, 5 << 20

// garbageTail is how many bytes of garbage the 50 MB case appends.
func garbageTail() int {
	if *update || os.Getenv("ROGUE_BIG_JOURNALS") == "1" {
		return bigGarbage
	}
	return smallGarbage
}

func damagedCases() []damagedCase {
	var cases []damagedCase
	add := func(name string, f func(b []byte, recs []baseRecord) []byte) {
		cases = append(cases, damagedCase{name, f})
	}
	where := []struct {
		name string
		rec  func(recs []baseRecord) baseRecord
	}{
		{"the first record", func(recs []baseRecord) baseRecord { return recs[0] }},
		{"a middle record", func(recs []baseRecord) baseRecord { return recs[middle] }},
		{"the last record", func(recs []baseRecord) baseRecord { return recs[len(recs)-1] }},
	}
	for _, w := range where {
		rec := w.rec
		add("bit 0 of the length of "+w.name+" flipped", func(b []byte, recs []baseRecord) []byte { return flip(b, rec(recs).off, 0) })
		add("bit 3 of the checksum of "+w.name+" flipped", func(b []byte, recs []baseRecord) []byte {
			return flip(b, rec(recs).off+rec(recs).prefix+1, 3)
		})
		add("a bit of the payload of "+w.name+" flipped", func(b []byte, recs []baseRecord) []byte {
			r := rec(recs)
			return flip(b, r.off+r.prefix+4+r.plen/2, 2)
		})
		add("bit 6 of the length of "+w.name+" flipped", func(b []byte, recs []baseRecord) []byte { return flip(b, rec(recs).off, 6) })
		add("bit 7 of the length of "+w.name+" flipped", func(b []byte, recs []baseRecord) []byte { return flip(b, rec(recs).off, 7) })
	}
	add("the length of a middle record zeroed", func(b []byte, recs []baseRecord) []byte {
		out := bytes.Clone(b)
		out[recs[middle].off] = 0
		return out
	})
	add("an empty record inserted in the middle", func(b []byte, recs []baseRecord) []byte {
		prev := binary.LittleEndian.Uint32(b[recs[middle-1].off+recs[middle-1].prefix:])
		return splice(b, recs[middle].off, recs[middle].off, binary.LittleEndian.AppendUint32([]byte{0}, prev))
	})
	add("an empty record appended", func(b []byte, recs []baseRecord) []byte {
		last := recs[len(recs)-1]
		prev := binary.LittleEndian.Uint32(b[last.off+last.prefix:])
		return append(bytes.Clone(b), binary.LittleEndian.AppendUint32([]byte{0}, prev)...)
	})
	add("an overlong length (two bytes for one) in a middle record", func(b []byte, recs []baseRecord) []byte {
		r := recs[middle]
		return splice(b, r.off, r.off+1, []byte{b[r.off] | 0x80, 0x00})
	})
	add("a length that overflows a uvarint after the last record", func(b []byte, _ []baseRecord) []byte {
		return append(bytes.Clone(b), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01)
	})
	add("a middle record repeated", func(b []byte, recs []baseRecord) []byte {
		r := recs[middle]
		return splice(b, r.end(), r.end(), b[r.off:r.end()])
	})
	add("the last record repeated", func(b []byte, recs []baseRecord) []byte {
		r := recs[len(recs)-1]
		return append(bytes.Clone(b), b[r.off:r.end()]...)
	})
	add("two middle records swapped", func(b []byte, recs []baseRecord) []byte {
		a, c := recs[middle], recs[middle+1]
		return splice(b, a.off, c.end(), slices.Concat(b[c.off:c.end()], b[a.off:a.end()]))
	})
	add("a middle record dropped", func(b []byte, recs []baseRecord) []byte {
		return splice(b, recs[middle].off, recs[middle].end(), nil)
	})
	add("the first record dropped", func(b []byte, recs []baseRecord) []byte {
		return splice(b, recs[0].off, recs[0].end(), nil)
	})
	add("100 bytes of garbage between two middle records", func(b []byte, recs []baseRecord) []byte {
		return splice(b, recs[middle].off, recs[middle].off, garbage(1, 100))
	})
	add("a checksum and a length damaged far apart", func(b []byte, recs []baseRecord) []byte {
		return flip(flip(b, recs[100].off+recs[100].prefix, 5), recs[300].off, 6)
	})
	add("50 MB of garbage after a valid journal", func(b []byte, _ []baseRecord) []byte {
		return append(bytes.Clone(b), garbage(2, garbageTail())...)
	})
	add("1 MB of zeros after a valid journal", func(b []byte, _ []baseRecord) []byte {
		return append(bytes.Clone(b), make([]byte, 1<<20)...)
	})
	add("1 MB of 0xff after a valid journal", func(b []byte, _ []baseRecord) []byte {
		return append(bytes.Clone(b), bytes.Repeat([]byte{0xff}, 1<<20)...)
	})
	// Journals whose bytes are whole but whose facts would multiply the
	// work of a fold (internal/hostile): the fold refuses them at their
	// first fact over a cap.
	add("the item bomb (hundreds of thousands of items given, then tiny levels)", func([]byte, []baseRecord) []byte {
		return hostile.ItemBomb().Bytes
	})
	add("the level bomb (4 096 maximal levels a turn)", func([]byte, []baseRecord) []byte {
		return hostile.LevelBomb(hostile.MaxSize).Bytes
	})
	add("cut between two records", func(b []byte, recs []baseRecord) []byte { return bytes.Clone(b[:recs[middle].off]) })
	add("a bit of the header flipped", func(b []byte, recs []baseRecord) []byte { return flip(b, len(journal.Magic)+8, 1) })
	add("cut inside the header", func(b []byte, recs []baseRecord) []byte { return bytes.Clone(b[:recs[0].off-3]) })
	// True torn tails: the last record cut after each of its bytes.
	_, recs := damagedBaseForNames()
	last := recs[len(recs)-1]
	for cut := 1; cut < last.end()-last.off; cut++ {
		add(fmt.Sprintf("the last record torn after %d of its %d bytes", cut, last.end()-last.off), func(b []byte, recs []baseRecord) []byte {
			return bytes.Clone(b[:recs[len(recs)-1].off+cut])
		})
	}
	return cases
}

// damagedBaseForNames reads the base journal without a test, to name the
// torn-tail cases after the last record's size.
func damagedBaseForNames() ([]byte, []baseRecord) {
	b, err := os.ReadFile(filepath.Join("testdata", "damaged", "base.rogue"))
	if err != nil {
		return nil, []baseRecord{{}}
	}
	var recs []baseRecord
	off := len(journal.Magic)
	for off < len(b) {
		n, k := binary.Uvarint(b[off:])
		if k <= 0 {
			break
		}
		recs = append(recs, baseRecord{off: off, prefix: k, plen: int(n)})
		off += k + 4 + int(n)
	}
	return b, recs[1:]
}

// firstLine is the first line a run printed on stderr, or on stdout if
// it printed nothing on stderr; dir, where the case's files are, reads
// DIR.
func firstLine(r ran, dir string) string {
	out := r.Stderr
	if out == "" {
		out = r.Stdout
	}
	line, _, _ := strings.Cut(out, "\n")
	return strings.ReplaceAll(line, dir+string(filepath.Separator), "DIR/")
}

// playOutcome opens the journal at path as rogue play --journal does and
// quits at once; it checks that no byte was lost (the file is as it was,
// or it and its side files in order are) and says what happened.
func playOutcome(t *testing.T, path string, before []byte) string {
	t.Helper()
	dir := filepath.Dir(path)
	g, err := play.Open(path)
	outcome := ""
	if err != nil {
		code := 1
		if ee, ok := err.(interface{ ExitCode() int }); ok {
			code = ee.ExitCode()
		}
		outcome = fmt.Sprintf("refused, exit %d: %s", code, strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "DIR/"))
	} else {
		outcome = fmt.Sprintf("continued at turn %d", g.Turn())
		if g.Torn() != "" {
			outcome += "; " + strings.ReplaceAll(g.Torn(), dir+string(filepath.Separator), "DIR/")
		}
		require.NoError(t, g.Close())
	}
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	sides, err := filepath.Glob(path + ".torn-*")
	require.NoError(t, err)
	slices.Sort(sides)
	for _, s := range sides {
		kept, err := os.ReadFile(s)
		require.NoError(t, err)
		after = append(after, kept...)
	}
	assert.True(t, bytes.Equal(before, after), "after play, the journal and its side files are not the original bytes")
	return outcome
}

func TestEveryDamagedJournalIsReportedAndNoByteIsLost(t *testing.T) {
	t.Parallel()
	base, recs := damagedBase(t)
	require.Equal(t, 400, len(recs))
	cases := damagedCases()
	require.GreaterOrEqual(t, len(cases), 40)
	// Each case writes its own part of the golden, in parallel: the
	// parts are joined in the cases' order once all have run.
	outcomes := make([]strings.Builder, len(cases))
	t.Run("cases", func(t *testing.T) {
		for i, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				damagedOutcome(t, i, c, base, recs, &outcomes[i])
			})
		}
	})
	var golden strings.Builder
	for i := range outcomes {
		golden.WriteString(outcomes[i].String())
	}
	if testing.Short() || t.Failed() {
		return
	}
	file := filepath.Join("testdata", "damaged", "outcomes.golden")
	if *update {
		require.NoError(t, os.WriteFile(file, []byte(golden.String()), 0o644))
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err)
	if n := garbageTail(); n != bigGarbage {
		want = []byte(strings.ReplaceAll(string(want), strconv.Itoa(bigGarbage), strconv.Itoa(n)))
	}
	assert.Equal(t, string(want), golden.String())
}

// damagedOutcome runs case i, c made from the base journal, and writes
// its part of the golden to golden.
func damagedOutcome(t *testing.T, i int, c damagedCase, base []byte, recs []baseRecord, golden *strings.Builder) {
	if testing.Short() && strings.HasPrefix(c.name, "50 MB") {
		t.Skip("the 50 MB case in -short")
	}
	dir := t.TempDir()
	b := c.make(base, recs)
	path := writeFile(t, dir, fmt.Sprintf("case-%02d.rogue", i), b)
	fmt.Fprintf(golden, "== %s\n", c.name)
	// The commands that only read run at once (the 50 MB case reads its
	// garbage in each); their lines go in this order.
	reads := [][]string{{"verify"}, {"replay", "--headless"}, {"dump"}, {"export", "--text", "-"}}
	runs := make([]ran, len(reads))
	var wg sync.WaitGroup
	for k, args := range reads {
		wg.Go(func() { runs[k] = runHere(append(args, path)...) })
	}
	wg.Wait()
	for k, got := range runs {
		assertNoPanic(t, got)
		fmt.Fprintf(golden, "%-7s %d %s\n", reads[k][0], got.Code, firstLine(got, dir))
	}
	fmt.Fprintf(golden, "play    %s\n", playOutcome(t, path, b))
	b, err := os.ReadFile(path) // as play left it
	require.NoError(t, err)
	got := runHere("salvage", path)
	assertNoPanic(t, got)
	fmt.Fprintf(golden, "salvage %d %s\n", got.Code, strings.ReplaceAll(strings.TrimSpace(got.Stdout+got.Stderr), dir+"/", "DIR/"))
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(b, after), "salvage never changes the journal")
	if got.Code == 0 {
		salvaged := strings.TrimSuffix(path, ".rogue") + ".salvaged.rogue"
		v := runHere("verify", salvaged)
		assert.Equal(t, 0, v.Code, "the salvaged journal verifies: %s", v.Stderr)
		fmt.Fprintf(golden, "salvaged journal: verify %d %s\n", v.Code, firstLine(v, dir))
	}
}
