package wire

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vmihailenco/msgpack/v5"

	"rogue/events"
)

// outcome is what one read of a value gave: the value, the error text,
// and how many bytes it took (only compared when there was no error).
type outcome struct {
	Value any
	Err   string
	Used  int
}

// readBoth reads one value at the start of b with the codec's raw reader
// and with msgpack/v5's Decoder, the way the codec used to.
func readBoth(b []byte, raw func(*reader) (any, error), lib func(*msgpack.Decoder) (any, error)) (outcome, outcome) {
	r := &reader{b: b}
	v, err := raw(r)
	got := outcome{Value: v, Used: r.i}
	if err != nil {
		got = outcome{Value: v, Err: err.Error()}
	}
	src := bytes.NewReader(b)
	v, err = lib(msgpack.NewDecoder(src))
	want := outcome{Value: v, Used: len(b) - src.Len()}
	if err != nil {
		want = outcome{Value: v, Err: err.Error()}
	}
	return got, want
}

// The raw reads accept what msgpack/v5 accepts, give the same values and
// fail with the same messages: every leading byte, followed by nothing, by
// too few bytes and by enough.
func TestRawReadsAgreeWithMsgpack(t *testing.T) {
	t.Parallel()
	reads := []struct {
		name string
		raw  func(*reader) (any, error)
		lib  func(*msgpack.Decoder) (any, error)
	}{
		{"uint64", func(r *reader) (any, error) { return r.rawUint() }, func(d *msgpack.Decoder) (any, error) { return d.DecodeUint64() }},
		{"int64", func(r *reader) (any, error) { return r.rawInt() }, func(d *msgpack.Decoder) (any, error) { return d.DecodeInt64() }},
		{"bool", func(r *reader) (any, error) { return r.rawBool() }, func(d *msgpack.Decoder) (any, error) { return d.DecodeBool() }},
		{"array length", func(r *reader) (any, error) {
			// The library's length is an int; the raw one an int64, so
			// that it does not narrow before it is checked.
			n, err := r.arrayLen()
			return int(n), err
		}, func(d *msgpack.Decoder) (any, error) { return d.DecodeArrayLen() }},
	}
	tails := [][]byte{nil, {0xff}, {0x80, 0x01, 0xfe}, {0xff, 0xfe, 0xfd, 0xfc, 0xfb, 0xfa, 0xf9, 0xf8, 0x00}, {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08}}
	for _, rd := range reads {
		t.Run(rd.name, func(t *testing.T) {
			got, want := readBoth(nil, rd.raw, rd.lib)
			assert.Equal(t, want, got, "no bytes at all")
			for c := 0; c < 256; c++ {
				for _, tail := range tails {
					b := append([]byte{byte(c)}, tail...)
					got, want := readBoth(b, rd.raw, rd.lib)
					if !assert.Equal(t, want, got, "bytes % x", b) {
						return
					}
				}
			}
		})
	}
}

// Every fact and command type is handed out from a slab of its own type,
// and values handed out are never handed out again.
func TestSlabsHandOutFreshValuesOfTheRightType(t *testing.T) {
	t.Parallel()
	var s slabs
	for _, code := range events.FactCodes() {
		name := events.FactName(code)
		seen := map[events.Fact]bool{}
		for i := 0; i < slabSize+2; i++ {
			f := s.fact(uint8(code))
			assert.Equal(t, reflect.TypeOf(events.NewFact(code)), reflect.TypeOf(f), "fact %s", name)
			if reflect.TypeOf(f).Elem().Size() > 0 {
				assert.False(t, seen[f], "fact %s handed out twice", name)
			}
			seen[f] = true
		}
	}
	for _, code := range events.CommandCodes() {
		assert.Equal(t, reflect.TypeOf(events.NewCommand(code)), reflect.TypeOf(s.command(uint8(code))), "command %s", events.CommandName(code))
	}
}

// A turn decoded into the same Turn twice keeps the facts of the first
// decode intact: a caller may hold on to them.
func TestDecodedFactsStayValidAfterTheNextDecode(t *testing.T) {
	t.Parallel()
	d := NewTurnDecoder()
	first, err := EncodeTurn(&events.Turn{Command: &events.Move{Dir: events.East}, Facts: []events.Fact{&events.Moved{Actor: 1, Dir: events.East}}})
	if err != nil {
		t.Fatal(err)
	}
	second, err := EncodeTurn(&events.Turn{Command: &events.Move{Dir: events.West}, Facts: []events.Fact{&events.Moved{Actor: 1, Dir: events.West}}})
	if err != nil {
		t.Fatal(err)
	}
	var a, b events.Turn
	assert.NoError(t, d.Decode(first, &a))
	kept := a.Facts[0]
	assert.NoError(t, d.Decode(second, &a))
	assert.NoError(t, d.Decode(second, &b))
	assert.Equal(t, &events.Moved{Actor: 1, Dir: events.East}, kept)
	assert.Equal(t, a, b)
}

// A recycling decoder hands the previous turn's values out again, zeroed:
// a Use without a target after one with a target has no target.
func TestARecyclingDecoderZeroesWhatItHandsOutAgain(t *testing.T) {
	t.Parallel()
	d := NewTurnDecoder()
	d.Recycle(true)
	enc := func(tr events.Turn) []byte {
		b, err := EncodeTurn(&tr)
		require.NoError(t, err)
		return b
	}
	first := events.Turn{Command: &events.Use{Item: 4, HasTarget: true, Target: events.Pos{X: 3, Y: 9}}, Draws: 2,
		Facts: []events.Fact{&events.Attacked{Attacker: 1, Target: 5, Natural: 20, Attack: 22, ArmorClass: 12, Hit: true, Roll: 6, Damage: 7}}}
	second := events.Turn{Command: &events.Use{Item: 4}, Facts: []events.Fact{&events.Attacked{Attacker: 5, Target: 1, Natural: 2, Attack: 3, ArmorClass: 14}}}
	var got events.Turn
	require.NoError(t, d.Decode(enc(first), &got))
	assert.Equal(t, first, got)
	cmd, fact := got.Command, got.Facts[0]
	require.NoError(t, d.Decode(enc(second), &got))
	assert.Equal(t, second, got)
	assert.Same(t, cmd, got.Command, "the command was recycled")
	assert.Same(t, fact, got.Facts[0], "the fact was recycled")
}

// A recycling decoder reading turns of one byte into the same Turn, one
// after another and between longer turns, gives each turn whole: what t
// kept from the turn before (the same values, or others) never shows.
func TestARecyclingDecoderGivesEachTurnOfOneByteWhole(t *testing.T) {
	t.Parallel()
	turns := []events.Turn{
		{Command: &events.Move{Dir: events.East}, Facts: []events.Fact{&events.Moved{Actor: events.PlayerID, Dir: events.East}}},
		{Command: &events.Move{Dir: events.West}, Facts: []events.Fact{&events.Moved{Actor: events.PlayerID, Dir: events.West}}},
		{Command: &events.Wait{}, Facts: []events.Fact{&events.Healed{Actor: events.PlayerID, Amount: 1, Cause: events.CauseRest}}},
		{Command: &events.Wait{}, Facts: []events.Fact{&events.Healed{Actor: events.PlayerID, Amount: 1, Cause: events.CauseRest}}},
		{Command: &events.Wait{}},
		{Command: &events.Move{Dir: events.North}, Facts: []events.Fact{&events.Moved{Actor: events.PlayerID, Dir: events.North}, &events.Moved{Actor: 9, Dir: events.South}}},
		{Command: &events.Move{Dir: events.South}, Facts: []events.Fact{&events.Moved{Actor: events.PlayerID, Dir: events.South}}},
		{Command: &events.Wait{}, Draws: 1, Facts: []events.Fact{&events.Moved{Actor: 9, Dir: events.South}}},
		{Command: &events.Wait{}, Facts: []events.Fact{&events.Healed{Actor: events.PlayerID, Amount: 1, Cause: events.CauseRest}}},
		{Command: &events.Move{Dir: events.SouthWest}, Facts: []events.Fact{&events.Moved{Actor: events.PlayerID, Dir: events.SouthWest}}},
		{Command: &events.Wait{}},
		{Command: &events.Move{Dir: events.East}, Facts: []events.Fact{&events.Moved{Actor: events.PlayerID, Dir: events.East}}},
	}
	d := NewTurnDecoder()
	d.Recycle(true)
	var got events.Turn
	for i, want := range turns {
		b, err := EncodeTurn(&want)
		require.NoError(t, err)
		require.NoError(t, d.Decode(b, &got), "turn %d", i)
		// A reused Facts is empty, not nil.
		want.Facts = append([]events.Fact{}, want.Facts...)
		assert.Equal(t, want, got, "turn %d (% x)", i, b)
	}
}
