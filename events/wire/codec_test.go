package wire

import (
	"bytes"
	"fmt"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vmihailenco/msgpack/v5"

	"rogue/events"
	"rogue/events/eventstest"
)

// formats are the wire formats this program reads and writes.
func formats() []int {
	var out []int
	for v := 1; KnownFormat(v); v++ {
		out = append(out, v)
	}
	return out
}

func TestEveryFactAndCommandSurvivesARoundTripInEveryFormat(t *testing.T) {
	t.Parallel()
	facts := eventstest.Facts()
	codes := map[events.FactCode]bool{}
	for _, f := range facts {
		codes[f.Code()] = true
	}
	require.Len(t, codes, len(events.FactCodes()), "sampleFacts must hold one of every fact type")

	require.Equal(t, []int{1, 2, 3, 4}, formats())
	for _, v := range formats() {
		for _, c := range eventstest.Commands() {
			in := events.Turn{Command: c, Draws: 300, Facts: facts}
			payload, err := NewTurnEncoderFor(v).Encode(&in)
			require.NoError(t, err)
			require.NoError(t, CheckTurn(payload, v))
			var out events.Turn
			require.NoError(t, NewTurnDecoderFor(v).Decode(payload, &out))
			assert.Equal(t, in, out, "format %d", v)
		}
	}
}

func TestAPlainMoveIsSmall(t *testing.T) {
	t.Parallel()
	move := events.Turn{Command: &events.Move{Dir: events.North}, Facts: []events.Fact{&events.Moved{Actor: 1, Dir: events.North}}}
	v1, err := NewTurnEncoderFor(1).Encode(&move)
	require.NoError(t, err)
	// [ [2,0], 0, [3,1,0] ]
	assert.Equal(t, []byte{0x93, 0x92, 0x02, 0x00, 0x00, 0x93, 0x03, 0x01, 0x00}, v1)
	v2, err := NewTurnEncoderFor(2).Encode(&move)
	require.NoError(t, err)
	// 2,0 0 3,1,0
	assert.Equal(t, []byte{0x02, 0x00, 0x00, 0x03, 0x01, 0x00}, v2)
	v3, err := NewTurnEncoderFor(3).Encode(&move)
	require.NoError(t, err)
	// Move north, 0 draws, the player moved as commanded
	assert.Equal(t, []byte{0x40, 0x00, 0x50}, v3)
	v4, err := EncodeTurn(&move)
	require.NoError(t, err)
	// Move north, 0 draws and the player's step north: one opener
	assert.Equal(t, []byte{0x48}, v4)
}

// A level's spawns take consecutive ids: after the first, each leaves its
// id out, and a thing on the floor its holder and slot, a held one its
// position and hit points.
func TestTheSpawnsOfALevelAreShort(t *testing.T) {
	t.Parallel()
	turn := events.Turn{Command: &events.Descend{}, Draws: 9, Facts: []events.Fact{
		&events.Spawned{ID: 300, Kind: 7, Pos: events.Pos{X: 10, Y: 4}, HP: 12},
		&events.Spawned{ID: 301, Kind: 2, Holder: 300, Slot: events.MainHand},
		&events.Spawned{ID: 302, Kind: 5, Pos: events.Pos{X: 11, Y: 4}},
		&events.Spawned{ID: 304, Kind: 5, Pos: events.Pos{X: 12, Y: 4}},
	}}
	cases := []struct {
		format int
		want   []byte
	}{
		{3, []byte{
			0x08, 0x09, // Descend, 9 draws
			0x02, 0xcd, 0x01, 0x2c, 0x07, 0x0a, 0x04, 0x00, 0x00, 0x0c, // id 300 in full
			0x52, 0x02, 0xcd, 0x01, 0x2c, 0x01, // 301, held by 300 in the main hand
			0x51, 0x05, 0x0b, 0x04, 0x00, // 302 on the floor
			0x02, 0xcd, 0x01, 0x30, 0x05, 0x0c, 0x04, 0x00, 0x00, 0x00, // 304: not next, in full
		}},
		{4, []byte{
			0x08, 0x09, // Descend, 9 draws
			0x02, 0xcd, 0x01, 0x2c, 0x07, 0x0a, 0x04, 0x00, 0x00, 0x0c, // id 300 in full
			0x74, 0x02, 0x01, // 301, held by the one before (300) in the main hand
			0x51, 0x05, 0x0b, 0x04, 0x00, // 302 on the floor
			0x02, 0xcd, 0x01, 0x30, 0x05, 0x0c, 0x04, 0x00, 0x00, 0x00, // 304: not next, in full
		}},
	}
	for _, c := range cases {
		b, err := NewTurnEncoderFor(c.format).Encode(&turn)
		require.NoError(t, err)
		assert.Equal(t, c.want, b, "format %d", c.format)
		var back events.Turn
		require.NoError(t, NewTurnDecoderFor(c.format).Decode(b, &back))
		assert.Equal(t, turn, back, "format %d", c.format)
	}
}

func TestAFormatThisProgramDoesNotKnowIsRefused(t *testing.T) {
	t.Parallel()
	_, err := NewTurnEncoderFor(5).Encode(&events.Turn{Command: &events.Wait{}})
	assert.EqualError(t, err, "format 5 is not one this program writes (1 to 4)")
	assert.EqualError(t, NewTurnDecoderFor(0).Decode([]byte{0x03, 0x00}, &events.Turn{}), "turn: format 0 is not one this program reads (1 to 4)")
	assert.EqualError(t, NewTurnDecoderFor(5).Decode([]byte{0x03, 0x00}, &events.Turn{}), "turn: format 5 is not one this program reads (1 to 4)")
	assert.EqualError(t, CheckTurn([]byte{0x03, 0x00}, 5), "format 5 is not one this program reads (1 to 4)")
}

func TestDecodeNamesWhatIsWrong(t *testing.T) {
	t.Parallel()
	// enc is a format 1 payload: one array of v.
	enc := func(v ...any) []byte {
		b, err := msgpack.Marshal(v)
		require.NoError(t, err)
		return b
	}
	// flat is a format 2 payload: v one after the other.
	flat := func(v ...any) []byte {
		var out []byte
		for _, x := range v {
			b, err := msgpack.Marshal(x)
			require.NoError(t, err)
			out = append(out, b...)
		}
		return out
	}
	cases := []struct {
		name    string
		format  int
		payload []byte
		want    string
	}{
		{"an unknown command code", 1, enc([]any{99}, 0), "command: unknown code 99"},
		{"an unknown fact code", 1, enc([]any{3}, 0, []any{200, 1}), "fact 0: unknown code 200"},
		{"a fact with a field missing", 1, enc([]any{3}, 0, []any{3, 1}), "fact 0 (Moved) field 2: missing (too few fields)"},
		{"a fact with a field too many", 1, enc([]any{3}, 0, []any{3, 1, 2, 3}), "fact 0 (Moved) field 3: unexpected (1 fields too many)"},
		{"a direction out of range", 1, enc([]any{2, 8}, 0), "command Move field 1: 8 is not a direction"},
		{"a string where a number goes", 1, enc([]any{3}, 0, []any{3, "x", 1}), "fact 0 (Moved) field 1: msgpack: invalid code=a1 decoding uint64"},
		{"an unknown cause", 1, enc([]any{3}, 0, []any{6, 9, 77, 1}), "fact 0 (Died) field 2: 77 is not a known cause"},
		{"too few values in the turn", 1, enc([]any{3}), "turn: an array of 1 values, want a command, a draw count and at most 4096 facts"},
		{"a room list that is not whole rooms", 1, enc([]any{1}, 0, []any{1, 1, 80, 50, []int{1, 2, 3}, []int{}, 1, 1, 1, 1}), "fact 0 (LevelEntered) field 4: a list of 3 values, want groups of 4, at most 64 groups"},

		{"an empty turn", 2, nil, "turn: empty, want a command, a draw count and the facts"},
		{"an unknown command code", 2, flat(99, 0), "command: unknown code 99"},
		{"a command code that is not a number", 2, flat("x", 0), "command code: msgpack: invalid code=a1 decoding uint64"},
		{"no draw count", 2, flat(3), "turn: draw count: missing (the turn ends)"},
		{"an unknown fact code", 2, flat(3, 0, 200, 1), "fact 0: unknown code 200"},
		{"a fact code that is not a number", 2, flat(3, 0, true), "fact 0 code: msgpack: invalid code=c3 decoding uint64"},
		{"a fact cut short", 2, flat(3, 0, 3, 1), "fact 0 (Moved) field 2: missing (the turn ends)"},
		{"a fact with a field too many", 2, flat(3, 0, 3, 1, 2, 3), "fact 1 (Moved) field 1: missing (the turn ends)"},
		{"a second fact cut short", 2, flat(3, 0, 3, 1, 2, 6, 9), "fact 1 (Died) field 2: missing (the turn ends)"},
		{"a direction out of range", 2, flat(2, 8, 0), "command Move field 1: 8 is not a direction"},
		{"a Use whose target flag is not a bool", 2, flat(6, 4, 1, 2, 3, 0), "command Use field 2: msgpack: invalid code=1 decoding bool"},
		{"a Use with a target cut short", 2, flat(6, 4, true, 2), "command Use field 4: missing (the turn ends)"},
		{"an unknown cause", 2, flat(3, 0, 6, 9, 77, 1), "fact 0 (Died) field 2: 77 is not a known cause"},
		{"a room list that is not whole rooms", 2, flat(3, 0, 1, 1, 80, 50, []int{1, 2, 3}, []int{}, 1, 1, 1, 1), "fact 0 (LevelEntered) field 4: a list of 3 values, want groups of 4, at most 64 groups"},
		{"a shorthand code before format 3", 2, flat(0x40, 0), "command: unknown code 64"},
		{"a fact shorthand code before format 3", 2, flat(3, 0, 0x50), "fact 0: unknown code 80"},

		{"a step as commanded after a Wait", 3, flat(3, 0, 0x50), "fact 0 (Moved, as commanded) field 0: the turn's command is not a Move"},
		{"a held spawn in an unknown slot", 3, flat(8, 0, 0x52, 2, 1, 10), "fact 0 (Spawned, next and held) field 3: 10 is not a slot"},
		{"a spawn on the floor cut short", 3, flat(8, 0, 0x51, 2, 1), "fact 0 (Spawned, next on the floor) field 3: missing (the turn ends)"},
		{"an unused shorthand code", 3, flat(3, 0, 0x53), "fact 0: unknown code 83"},
		{"a step in no direction", 3, flat(0x48, 0), "command: unknown code 72"},
		{"a format 4 shorthand in format 3", 3, flat(3, 0, 0x58, 9), "fact 0: unknown code 88"},

		{"a reply with no swing before it", 4, flat(0x68, 0x65, 14, 16, 12, 3, 3), "fact 0 (Attacked, in reply, unarmed) field 0: no swing before it in the turn to reply to"},
		{"a death with no swing before it", 4, flat(0x68, 0x70), "fact 0 (Died of the last swing) field 0: no swing before it in the turn"},
		{"a drop with no swing before it", 4, flat(0x68, 0x72), "fact 0 (Dropped by the last swing's target, the next id) field 0: no swing before it in the turn"},
		{"a held spawn with no spawn before it", 4, flat(8, 0, 0x74, 2, 1), "fact 0 (Spawned, next and held by the one before) field 0: no Spawned before it in the turn"},
		{"a swing cut short", 4, flat(0x42, 2, 0x60, 9, 2, 14, 16), "fact 0 (Attacked, by the player) field 5: missing (the turn ends)"},
		{"a hit without its damage", 4, flat(0x42, 2, 0x61, 9, 14, 16, 12, 3), "fact 0 (Attacked, by the player, unarmed) field 6: missing (the turn ends)"},
		{"a weapon after the largest id", 4, flat(0x68, 0x6a, uint32(0xfffffffe), 14, 16, 12), "fact 0 (Attacked, at the player, with the next id) field 0: 4294967295 is not a entity id"},
		{"a pick-up without its item", 4, flat(0x6a), "fact 0 (PickUp, picked up) field 1: missing (the turn ends)"},
		{"a monster's step without its actor", 4, flat(0x68, 0x5a), "fact 0 (Moved, east) field 1: missing (the turn ends)"},
		{"an unused opener", 4, flat(0x6b), "command: unknown code 107"},
		{"an unused fact code", 4, flat(0x68, 0x63), "fact 0: unknown code 99"},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("format %d/%s", c.format, c.name), func(t *testing.T) {
			err := NewTurnDecoderFor(c.format).Decode(c.payload, &events.Turn{})
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
		})
	}
}

func TestCheckShapeRefusesBombsBeforeTheDecoderSeesThem(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		payload []byte
		want    string
	}{
		{"array32 declaring four billion values", []byte{0xdd, 0xff, 0xff, 0xff, 0xff}, "offset 0: declares an array of 4294967295 values but only 0 bytes are left"},
		{"map32 declaring four billion pairs", []byte{0xdf, 0xff, 0xff, 0xff, 0xff}, "offset 0: a msgpack map, which a journal never holds"},
		{"bin32 declaring four gigabytes", []byte{0xc6, 0xff, 0xff, 0xff, 0xff}, "offset 0: msgpack type 0xc6 is not allowed here"},
		{"str32 longer than the record", []byte{0xdb, 0x00, 0x01, 0x00, 0x00, 'a'}, "offset 0: declares 65536 bytes but only 1 are left"},
		{"arrays nested four deep", []byte{0x91, 0x91, 0x91, 0x91, 0x00}, "offset 3: arrays nested deeper than 3"},
		{"a value cut short", []byte{0x92, 0x01}, "offset 0: declares an array of 2 values but only 1 bytes are left"},
		{"a string cut short", []byte{0x91, 0xa3, 0x61}, "offset 1: declares 3 bytes but only 1 are left"},
		{"bytes after the value", []byte{0x01, 0x02}, "offset 1: 1 bytes after the value"},
		{"nothing at all", nil, "offset 0: value cut short"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckShape(c.payload, events.MaxNesting)
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
		})
	}
}

func TestCheckTurnOfFormat2AllowsOnlyListsInsideFacts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		payload []byte
		want    string
	}{
		{"nothing at all", nil, "offset 0: empty, want a command"},
		{"an array inside a list", []byte{0x03, 0x00, 0x91, 0x91, 0x00}, "offset 3: arrays nested deeper than 1"},
		{"a value cut short", []byte{0x03, 0x00, 0xcd, 0x01}, "offset 2: declares 2 bytes but only 1 are left"},
		{"a list longer than the record", []byte{0x03, 0x00, 0x93, 0x01}, "offset 2: declares an array of 3 values but only 1 bytes are left"},
		{"a map", []byte{0x03, 0x80}, "offset 1: a msgpack map, which a journal never holds"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.EqualError(t, CheckTurn(c.payload, 2), c.want)
		})
	}
	assert.NoError(t, CheckTurn([]byte{0x03, 0x00, 0x92, 0x01, 0x02, 0x05}, 2))
}

func TestWhatWouldNotDecodeDoesNotEncode(t *testing.T) {
	t.Parallel()
	rooms := make([]events.Rect, events.MaxRooms+1)
	cases := []struct {
		name string
		fact events.Fact
		want string
	}{
		{"a direction out of range", &events.Moved{Actor: 1, Dir: 8}, "8 is not a direction"},
		{"an unknown cause", &events.Died{Actor: 1, Cause: 99}, "99 is not a known cause"},
		{"a slot out of range", &events.Equipped{Actor: 1, Item: 2, Slot: 10}, "10 is not a slot"},
		{"too many rooms", &events.LevelEntered{Rooms: rooms}, "a level of 65 rooms and 0 corridors, more than the 64 allowed"},
	}
	if big, ok := beyond32Bits(); ok {
		cases = append(cases, struct {
			name string
			fact events.Fact
			want string
		}{"a number beyond 32 bits", &events.GainedXP{Actor: 1, Amount: big}, "1099511627776 is out of range"})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := EncodeTurn(&events.Turn{Command: &events.Wait{}, Facts: []events.Fact{c.fact}})
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
		})
	}
}

// FuzzDecodeTurn reads each input as a turn of every format, with the
// decoder's fast path and without.
func FuzzDecodeTurn(f *testing.F) {
	for _, v := range formats() {
		for _, c := range eventstest.Commands() {
			p, err := NewTurnEncoderFor(v).Encode(&events.Turn{Command: c, Draws: 3, Facts: eventstest.Facts()})
			require.NoError(f, err)
			f.Add(bytes.Clone(p))
		}
	}
	f.Add([]byte{0xdd, 0xff, 0xff, 0xff, 0xff})
	// Format 3's shorthands: a step as commanded, a level's spawns.
	f.Add([]byte{0x40, 0x00, 0x50})
	// Ids in every width the fast path reads inline, and the one uint32
	// that is no id.
	f.Add([]byte{0x03, 0x00, 0x03, 0xcc, 0x80, 0x01, 0x03, 0xcd, 0x01, 0x00, 0x02, 0x03, 0xce, 0x00, 0x01, 0x00, 0x00, 0x03})
	f.Add([]byte{0x03, 0x00, 0x03, 0xce, 0xff, 0xff, 0xff, 0xff, 0x00})
	f.Add([]byte{0x08, 0x09, 0x02, 0xcd, 0x01, 0x2c, 0x07, 0x0a, 0x04, 0x00, 0x00, 0x0c, 0x52, 0x02, 0xcd, 0x01, 0x2c, 0x01, 0x51, 0x05, 0x0b, 0x04, 0x00})
	// Format 4's openers and shorthands: a step, a rest, a pick-up, a
	// fight, a kill, a monster's gear.
	f.Add([]byte{0x4a, 0x5d, 0xcd, 0x01, 0x2d})
	f.Add([]byte{0x69})
	f.Add([]byte{0x6a, 0x0c})
	f.Add([]byte{0x58, 0x62, 0xcd, 0x01, 0x2c, 0x0e, 0x0f, 0x0b, 0x03, 0x04, 0x65, 0x05, 0x07, 0x0c, 0x5d, 0xcd, 0x01, 0x2d})
	f.Add([]byte{0x50, 0x62, 0xcd, 0x01, 0x2c, 0x14, 0x15, 0x0b, 0x06, 0x07, 0x72, 0x71, 0x09, 0x70, 0x73, 0x0a})
	f.Add([]byte{0x03, 0x03, 0x6a, 0xcd, 0x01, 0x2d, 0x14, 0x15, 0x1e, 0x09, 0x0b, 0x68, 0xcd, 0x01, 0x2c, 0x07, 0x01, 0x1e, 0x0c})
	f.Add([]byte{0x08, 0x09, 0x02, 0xcd, 0x01, 0x2c, 0x07, 0x0a, 0x04, 0x00, 0x00, 0x0c, 0x74, 0x02, 0x01, 0x51, 0x05, 0x0b, 0x04, 0x00})
	f.Fuzz(func(t *testing.T, payload []byte) {
		for _, v := range formats() {
			// The fast path and the slow one agree on every payload: the
			// same turn, or the same error.
			var turn, slowTurn events.Turn
			err := NewTurnDecoderFor(v).Decode(payload, &turn)
			slow := NewTurnDecoderFor(v)
			slow.slowOnly = true
			slowErr := slow.Decode(payload, &slowTurn)
			require.Equal(t, slowErr, err, "format %d", v)
			if err != nil {
				continue
			}
			require.Equal(t, slowTurn, turn, "format %d", v)
			// What decodes passes the shape check: a reader runs the check
			// only on what the decoder refuses.
			require.NoError(t, CheckTurn(payload, v), "format %d: decodes, yet the shape check refuses it", v)
			// Whatever decodes must encode back to a payload that decodes
			// to the same turn.
			again, err := NewTurnEncoderFor(v).Encode(&turn)
			require.NoError(t, err, "format %d", v)
			require.NoError(t, CheckTurn(again, v), "format %d", v)
			var back events.Turn
			require.NoError(t, NewTurnDecoderFor(v).Decode(again, &back), "format %d", v)
			assert.Equal(t, turn, back, "format %d", v)
		}
	})
}

// beyond32Bits is 2^40 as an int, and whether an int holds it: on a
// 32-bit platform no int is beyond 32 bits, so there is nothing to refuse.
func beyond32Bits() (int, bool) {
	v := int64(1) << 40
	return int(v), strconv.IntSize == 64
}
