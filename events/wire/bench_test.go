package wire

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/vmihailenco/msgpack/v5"

	"rogue/events"
	"rogue/internal/benchcpu"
	"rogue/internal/msgpackref"
)

// benchTurns is a game-like stream of turns: mostly a step with a monster
// answering (a step or a swing), sometimes damage, a pick-up or a death,
// and a new level with its spawns every 400 turns. The mix follows what
// the bot's games hold (see BenchmarkReplay in the game package for the
// same measure on real journals).
func benchTurns(n int) []events.Turn {
	turns := make([]events.Turn, n)
	next := events.EntityID(2)
	for i := range turns {
		d := events.Dir(i % int(events.NumDirs))
		t := &turns[i]
		switch {
		case i%400 == 0:
			t.Command, t.Draws = &events.Descend{}, 60
			t.Facts = append(t.Facts, &events.LevelEntered{Depth: 1 + i/400, Width: 80, Height: 50,
				Rooms:     []events.Rect{{X: 1, Y: 2, W: 6, H: 7}, {X: 20, Y: 30, W: 10, H: 8}, {X: 40, Y: 3, W: 9, H: 9}, {X: 60, Y: 20, W: 7, H: 6}, {X: 30, Y: 40, W: 8, H: 6}, {X: 5, Y: 30, W: 6, H: 6}},
				Corridors: []events.Corridor{{From: events.Pos{X: 3, Y: 5}, To: events.Pos{X: 24, Y: 33}, HorizontalFirst: true}, {From: events.Pos{X: 24, Y: 33}, To: events.Pos{X: 44, Y: 7}, HorizontalFirst: false}, {From: events.Pos{X: 44, Y: 7}, To: events.Pos{X: 63, Y: 22}, HorizontalFirst: true}, {From: events.Pos{X: 63, Y: 22}, To: events.Pos{X: 33, Y: 42}, HorizontalFirst: false}, {From: events.Pos{X: 33, Y: 42}, To: events.Pos{X: 7, Y: 32}, HorizontalFirst: true}},
				Stairs:    events.Pos{X: 7, Y: 32}, Arrival: events.Pos{X: 3, Y: 5}})
			for k := 0; k < 12; k++ {
				t.Facts = append(t.Facts, &events.Spawned{ID: next, Kind: 10 + k%7, Pos: events.Pos{X: 20 + k, Y: 30 + k%5}, HP: 3 + k%9})
				next++
			}
		case i%29 == 0:
			t.Command, t.Draws = &events.PickUp{}, 0
			t.Facts = append(t.Facts, &events.PickedUp{Actor: 1, Item: next - 1})
		case i%7 == 0:
			t.Command, t.Draws = &events.Move{Dir: d}, 2
			t.Facts = append(t.Facts,
				&events.Attacked{Attacker: 1, Target: next - 3, Weapon: 2, Natural: 14, Attack: 16, ArmorClass: 12, Hit: true, Roll: 5, Damage: 6},
				&events.Attacked{Attacker: next - 3, Target: 1, Natural: 3, Attack: 4, ArmorClass: 13})
			if i%21 == 0 {
				t.Facts = append(t.Facts, &events.Died{Actor: next - 3, Cause: events.CauseMelee, Killer: 1}, &events.GainedXP{Actor: 1, Amount: 20})
			}
		case i%11 == 0:
			t.Command, t.Draws = &events.Wait{}, 1
			t.Facts = append(t.Facts, &events.Damaged{Actor: 1, Amount: 1, Cause: events.CauseStarvation}, &events.Moved{Actor: next - 2, Dir: d})
		default:
			t.Command, t.Draws = &events.Move{Dir: d}, 0
			t.Facts = append(t.Facts, &events.Moved{Actor: 1, Dir: d})
			if i%3 == 0 {
				t.Facts = append(t.Facts, &events.Moved{Actor: next - 4, Dir: (d + 3) % events.NumDirs})
			}
		}
	}
	return turns
}

// encodedTurns returns the payloads of turns in wire format v and how
// many facts they hold.
func encodedTurns(tb testing.TB, turns []events.Turn, v int) ([][]byte, int) {
	enc := NewTurnEncoderFor(v)
	out := make([][]byte, len(turns))
	facts := 0
	for i := range turns {
		b, err := enc.Encode(&turns[i])
		require.NoError(tb, err)
		out[i] = bytes.Clone(b)
		facts += len(turns[i].Facts)
	}
	return out, facts
}

// BenchmarkDecode measures the codec alone on a game-like stream of
// turns, beside msgpack/v5 decoding the same bytes value by value with
// one reused Decoder's DecodeInterface (a generic reader of the format);
// and, as extras, the library decoding the same turns in format 1, the
// natural msgpack shape (an array per fact) that a plain use of it would
// write, generically (into []any) and by reflection (into as_array
// structs).
func BenchmarkDecode(b *testing.B) {
	turns := benchTurns(10_000)
	payloads, facts := encodedTurns(b, turns, FormatVersion)
	arrays, _ := encodedTurns(b, turns, 1)
	size := func(payloads [][]byte) (n int) {
		for _, p := range payloads {
			n += len(p)
		}
		return n
	}
	report := func(b *testing.B, c benchcpu.Clock) {
		benchcpu.Report(b, c, float64(facts), "facts")
		b.SetBytes(int64(size(payloads)))
	}
	reportArrays := func(b *testing.B, c benchcpu.Clock) {
		benchcpu.Report(b, c, float64(facts), "facts")
		b.SetBytes(int64(size(arrays)))
	}
	// ours decodes every payload with a TurnDecoder of format v, after
	// CheckTurn if check.
	ours := func(name string, v int, recycle, check bool) {
		in, rep := payloads, report
		if v == 1 {
			in, rep = arrays, reportArrays
		}
		b.Run(name, func(b *testing.B) {
			d := NewTurnDecoderFor(v)
			d.Recycle(recycle)
			var t events.Turn
			c := benchcpu.Start()
			for b.Loop() {
				for _, p := range in {
					if check {
						if err := CheckTurn(p, v); err != nil {
							b.Fatal(err)
						}
					}
					if err := d.Decode(p, &t); err != nil {
						b.Fatal(err)
					}
				}
			}
			rep(b, c)
		})
	}
	ours("TurnDecoder", FormatVersion, false, false)
	ours("TurnDecoder recycling", FormatVersion, true, false)
	ours("CheckTurn+TurnDecoder recycling", FormatVersion, true, true)
	ours("format 1 TurnDecoder recycling", 1, true, false)
	b.Run("msgpack DecodeInterface, same bytes", func(b *testing.B) {
		var src bytes.Reader
		d := msgpack.NewDecoder(&src)
		c := benchcpu.Start()
		for b.Loop() {
			for _, p := range payloads {
				src.Reset(p)
				d.Reset(&src)
				for src.Len() > 0 {
					if _, err := d.DecodeInterface(); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
		report(b, c)
	})
	b.Run("msgpack.Unmarshal generic, format 1", func(b *testing.B) {
		c := benchcpu.Start()
		for b.Loop() {
			for _, p := range arrays {
				var v []any
				if err := msgpack.Unmarshal(p, &v); err != nil {
					b.Fatal(err)
				}
			}
		}
		reportArrays(b, c)
	})
	b.Run("msgpack reflection into structs", func(b *testing.B) {
		d := msgpackref.NewDecoder()
		c := benchcpu.Start()
		for b.Loop() {
			for _, p := range arrays {
				if err := d.Decode(p); err != nil {
					b.Fatal(err)
				}
			}
		}
		reportArrays(b, c)
	})
}
