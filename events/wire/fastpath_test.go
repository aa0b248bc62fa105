package wire_test

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/bot"
	"rogue/events"
	"rogue/events/wire"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// payloads records the format 4 payload of every turn a game appends.
type payloads struct {
	enc *wire.TurnEncoder
	all [][]byte
}

func (p *payloads) Append(t *events.Turn) error {
	b, err := p.enc.Encode(t)
	p.all = append(p.all, bytes.Clone(b))
	return err
}

// Every turn of real bot games, ordinary and in wizard mode (deep levels,
// ids in the thousands), decodes on the format 4 fast path alone, never
// handing a turn over to the slow path, and to exactly the turn the slow
// path reads.
func TestFormat4FastPathReadsBotGamesAsTheSlowPathDoes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		seed   uint64
		wizard bool
		turns  int
	}{
		{"an ordinary game, seed 1", 1, false, 3000},
		{"an ordinary game, seed 2", 2, false, 3000},
		{"an ordinary game, seed 3", 3, false, 3000},
		{"a wizard's game, deep and crowded", 9, true, 6000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := game.NewHeader(c.seed, "bot", journal.Options{Wizard: c.wizard})
			require.Equal(t, 4, h.FormatVersion)
			rec := &payloads{enc: wire.NewTurnEncoderFor(h.FormatVersion)}
			g, err := game.Start(h, content.Default(), rec)
			require.NoError(t, err)
			require.NoError(t, g.PlayWith(bot.Strong{}, c.turns))
			require.Greater(t, len(rec.all), 100)

			fast, slow, alone := wire.NewTurnDecoderFor(4), wire.NewTurnDecoderFor(4), wire.NewTurnDecoderFor(4)
			wire.SlowOnly(slow)
			for i, p := range rec.all {
				var fromFast, fromSlow, fromAlone events.Turn
				require.NoError(t, slow.Decode(p, &fromSlow), "turn %d", i)
				require.NoError(t, fast.Decode(p, &fromFast), "turn %d", i)
				require.True(t, wire.Fast4(alone, p, &fromAlone), "turn %d: % x left to the slow path", i, p)
				require.True(t, assert.Equal(t, fromSlow, fromFast, "turn %d: % x", i, p))
				require.True(t, assert.Equal(t, fromSlow, fromAlone, "turn %d: % x", i, p))
			}
		})
	}
}

// The fast path gives up on what the slow path refuses, so that the error
// is the slow path's, naming the fact and field.
func TestFormat4FastPathLeavesTheErrorsToTheSlowPath(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		payload []byte
		want    string
	}{
		{"a reply with no swing before it", []byte{0x68, 0x65, 0x05, 0x07, 0x0c}, "fact 0 (Attacked, in reply, unarmed) field 0: no swing before it in the turn to reply to"},
		{"a death with no swing before it", []byte{0x68, 0x70}, "fact 0 (Died of the last swing) field 0: no swing before it in the turn"},
		{"a monster's gear with no one spawned before it", []byte{0x68, 0x74, 0x02, 0x01}, "fact 0 (Spawned, next and held by the one before) field 0: no Spawned before it in the turn"},
		{"a step as commanded after a Wait", []byte{0x68, 0x50}, "fact 0 (Moved, as commanded) field 0: the turn's command is not a Move"},
		{"a monster's step cut short", []byte{0x4a, 0x58, 0xcd, 0x01}, "fact 1 (Moved, north) field 1: unexpected EOF"},
		{"a pick-up of no id", []byte{0x6a, 0xce, 0xff, 0xff, 0xff, 0xff}, "fact 0 (PickUp, picked up) field 1: 4294967295 is not a entity id"},
		{"an unknown fact code", []byte{0x68, 0x75}, "fact 0: unknown code 117"},
		{"an unknown opener", []byte{0x6b}, "command: unknown code 107"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var turn events.Turn
			fast := wire.NewTurnDecoderFor(4)
			require.False(t, wire.Fast4(fast, c.payload, &turn))
			err := wire.NewTurnDecoderFor(4).Decode(c.payload, &turn)
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
			slow := wire.NewTurnDecoderFor(4)
			wire.SlowOnly(slow)
			assert.Equal(t, err, slow.Decode(c.payload, &turn))
		})
	}
}

// botPayloads is the format 4 payloads of the first turns of a few bot
// games, ordinary and a wizard's, each shape once: seeds for the fuzzer.
func botPayloads(tb testing.TB) [][]byte {
	seen := map[string]bool{}
	var out [][]byte
	for _, g := range []struct {
		seed   uint64
		wizard bool
	}{{1, false}, {2, false}, {9, true}} {
		h := game.NewHeader(g.seed, "bot", journal.Options{Wizard: g.wizard})
		rec := &payloads{enc: wire.NewTurnEncoderFor(h.FormatVersion)}
		played, err := game.Start(h, content.Default(), rec)
		require.NoError(tb, err)
		require.NoError(tb, played.PlayWith(bot.Strong{}, 1500))
		for _, p := range rec.all {
			if !seen[string(p)] && len(out) < 400 {
				seen[string(p)] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// FuzzDecodeTurn4 reads each input as a format 4 turn with the decoder's
// fast path and without, and with the fast path again on the same bytes
// followed, in the slice's spare capacity, by bytes that are not the
// turn's (a journal's reader hands out such slices): the fast path reads
// past a turn's end, and what it finds there must change nothing. Seeded
// with real bot games' turns.
func FuzzDecodeTurn4(f *testing.F) {
	for _, p := range botPayloads(f) {
		f.Add(p)
	}
	// Ids and ints ending the turn in every width; a turn number of a long
	// game; a value cut short at the end; a reply, a death, a drop and a
	// monster's gear with nothing before them to fill them in.
	f.Add([]byte{0x4a, 0x58, 0xcc, 0x80})
	f.Add([]byte{0x4a, 0x58, 0xcd, 0x01, 0x2c})
	f.Add([]byte{0x4a, 0x58, 0xce, 0x00, 0x01, 0x00, 0x00})
	f.Add([]byte{0x4a, 0x58, 0xce, 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte{0x6a, 0xcd, 0x01})
	f.Add([]byte{0x03, 0x00, 0x11, 0x01, 0x02, 0xce, 0x00, 0x01, 0x86, 0xa0})
	f.Add([]byte{0x03, 0x00, 0x10, 0x05, 0xce, 0x80, 0x00, 0x00, 0x00})
	f.Add([]byte{0x68, 0x65, 0x05, 0x07, 0x0c})
	f.Add([]byte{0x68, 0x70, 0x71, 0x05, 0x72})
	f.Add([]byte{0x68, 0x74, 0x02, 0x01})
	f.Add([]byte{0x67, 0x73, 0xcd, 0x01, 0x00, 0x60, 0x05, 0x14, 0x01, 0x0b, 0x05, 0x03})
	spares := [][]byte{
		{0, 0, 0, 0, 0, 0, 0, 0},
		{0xce, 0x00, 0x00, 0x00, 0x01, 0xcd, 0x01, 0x2c},
		{0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01},
	}
	dirty := dirtyTurn(f)
	f.Fuzz(func(t *testing.T, payload []byte) {
		slow := wire.NewTurnDecoderFor(4)
		wire.SlowOnly(slow)
		var want events.Turn
		wantErr := slow.Decode(payload, &want)
		inputs := [][]byte{payload}
		for _, s := range spares {
			inputs = append(inputs, append(bytes.Clone(payload), s...)[:len(payload)])
		}
		for i, in := range inputs {
			var got events.Turn
			err := wire.NewTurnDecoderFor(4).Decode(in, &got)
			require.Equal(t, wantErr, err, "input %d", i)
			if err == nil {
				require.Equal(t, want, got, "input %d", i)
			}
			// Recycling, after a turn that leaves a value in every field of
			// every pool: the values handed out again are set whole.
			d := wire.NewTurnDecoderFor(4)
			d.Recycle(true)
			var before, again events.Turn
			require.NoError(t, d.Decode(dirty, &before))
			err = d.Decode(in, &again)
			require.Equal(t, wantErr, err, "input %d, recycling", i)
			if err == nil {
				require.Equal(t, want, again, "input %d, recycling", i)
			}
		}
	})
}

// dirtyTurn is a format 4 payload of a Move and three of every fact a
// decoder pools, every field of each set (none zero).
func dirtyTurn(tb testing.TB) []byte {
	t := events.Turn{Command: &events.Move{Dir: events.SouthWest}, Draws: 77}
	for k := range 3 {
		id := events.EntityID(500 + k)
		t.Facts = append(t.Facts,
			&events.Spawned{ID: id, Kind: 3, Pos: events.Pos{X: 4, Y: 5}, Holder: 2, Slot: events.MainHand, HP: 12},
			&events.Moved{Actor: id, Dir: events.SouthWest},
			&events.Staggered{Actor: id, Dir: events.North, Blocked: true},
			&events.Attacked{Attacker: id, Target: id + 9, Weapon: 2, Natural: 14, Attack: 15, ArmorClass: 11, Hit: true, Roll: 3, Damage: 4},
			&events.Died{Actor: id, Cause: events.CauseFireball, Killer: id + 1},
			&events.GainedXP{Actor: id, Amount: 100},
			&events.LevelledUp{Actor: id, Level: 2, Attribute: events.Quickness, HP: 20, Mana: 8},
			&events.PickedUp{Actor: id, Item: 12},
			&events.Dropped{Actor: id, Item: 12},
			&events.Equipped{Actor: id, Item: 12, Slot: events.OffHand, Displaced: 4},
			&events.Unequipped{Actor: id, Item: 12},
			&events.Consumed{Actor: id, Item: 13},
			&events.Healed{Actor: id, Amount: 8, Cause: events.CausePotion},
			&events.Damaged{Actor: id, Amount: 20, Cause: events.CauseFireball, Source: 1},
			&events.Confused{Actor: id, Until: 40},
			&events.HungerChanged{Actor: id, Hunger: events.Hungry, Until: 620},
			&events.LostSight{Actor: id, At: events.Pos{X: 12, Y: 7}, Until: 130},
			&events.SkillRaised{Actor: id, Skill: events.Magic, By: 1})
	}
	b, err := wire.NewTurnEncoderFor(4).Encode(&t)
	require.NoError(tb, err)
	return bytes.Clone(b)
}

// A turn of as many facts as a turn may hold decodes, fast as slow, and
// one more fact is refused with the slow path's words, whatever room the
// Turn read into already has.
func TestFormat4FastPathStopsAtTheMostFactsATurnHolds(t *testing.T) {
	t.Parallel()
	payload := func(facts int) []byte {
		p := []byte{0x68} // Wait, no draws
		for range facts {
			p = append(p, 0x58, 0x07) // Moved north, monster 7
		}
		return p
	}
	cases := []struct {
		name  string
		facts int
		room  int // the capacity of the Turn's Facts before
	}{
		{"as many as a turn holds, into a new Turn", events.MaxFactsPerTurn, 0},
		{"as many as a turn holds, into a Turn with more room", events.MaxFactsPerTurn, 2 * events.MaxFactsPerTurn},
		{"one more, into a new Turn", events.MaxFactsPerTurn + 1, 0},
		{"one more, into a Turn with exactly that room", events.MaxFactsPerTurn + 1, events.MaxFactsPerTurn},
		{"one more, into a Turn with more room", events.MaxFactsPerTurn + 1, 2 * events.MaxFactsPerTurn},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := payload(c.facts)
			slow := wire.NewTurnDecoderFor(4)
			wire.SlowOnly(slow)
			var want events.Turn
			wantErr := slow.Decode(p, &want)
			for _, recycle := range []bool{false, true} {
				d := wire.NewTurnDecoderFor(4)
				d.Recycle(recycle)
				got := events.Turn{Facts: make([]events.Fact, 0, c.room)}
				err := d.Decode(p, &got)
				require.Equal(t, wantErr, err, "recycling %v", recycle)
				if c.facts > events.MaxFactsPerTurn {
					require.Error(t, err)
					continue
				}
				require.NoError(t, err)
				assert.Equal(t, want, got, "recycling %v", recycle)
				alone := events.Turn{Facts: make([]events.Fact, 0, c.room)}
				assert.True(t, wire.Fast4(wire.NewTurnDecoderFor(4), p, &alone), "read on the fast path alone")
			}
		})
	}
}

// DecodeByte, a recycling decoder's way with the turns of one byte,
// gives every byte it takes the turn Decode gives it, whatever t held
// before (nothing, a turn of many facts, another turn of one byte); any
// byte it does not take it leaves to Decode, t untouched; and a decoder
// that does not recycle takes none.
func TestDecodeByteGivesTheTurnDecodeGives(t *testing.T) {
	t.Parallel()
	many := []byte{0x4e, 0x5b, 0x29, 0x5c, 0x2b, 0x5d, 0x2c} // a step, three monsters moving
	before := []struct {
		name    string
		payload []byte
	}{
		{"an empty turn", nil},
		{"a turn of many facts", many},
		{"a step", []byte{0x4a}},
		{"a rest", []byte{0x69}},
		{"a wait", []byte{0x68}},
	}
	plain := wire.NewTurnDecoderFor(4)
	var manyTurn events.Turn
	require.NoError(t, plain.Decode(many, &manyTurn), "the turn of many facts decodes")
	require.Len(t, manyTurn.Facts, 4)
	taken := 0
	for c := range 256 {
		for _, b := range before {
			t.Run(fmt.Sprintf("byte %#02x after %s", c, b.name), func(t *testing.T) {
				d := wire.NewTurnDecoderFor(4)
				d.Recycle(true)
				var got events.Turn
				if b.payload != nil {
					require.NoError(t, d.Decode(b.payload, &got))
				}
				held := got
				held.Facts = slices.Clone(got.Facts)
				var want events.Turn
				wantErr := plain.Decode([]byte{byte(c)}, &want)
				if !d.DecodeByte(byte(c), &got) {
					assert.Equal(t, held, got, "a byte not taken leaves t as it was")
					return
				}
				taken++
				require.NoError(t, wantErr, "a byte taken decodes")
				if len(got.Facts) == 0 {
					got.Facts = nil // t's array, kept: no fact either way
				}
				assert.Equal(t, want, got)
			})
		}
	}
	assert.Equal(t, 10*len(before), taken, "the eight steps, the rest and the wait are taken")
	var got events.Turn
	assert.False(t, wire.NewTurnDecoderFor(4).DecodeByte(0x4a, &got), "a decoder that does not recycle takes none")
}
