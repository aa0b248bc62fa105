package events_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/game"
	"rogue/journal"
	"rogue/reducer/content"
)

// payloads records the format 4 payload of every turn a game appends.
type payloads struct {
	enc *events.TurnEncoder
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
			rec := &payloads{enc: events.NewTurnEncoderFor(h.FormatVersion)}
			g, err := game.Start(h, content.Default(), rec)
			require.NoError(t, err)
			require.NoError(t, g.PlayBot(c.turns))
			require.Greater(t, len(rec.all), 100)

			fast, slow, alone := events.NewTurnDecoderFor(4), events.NewTurnDecoderFor(4), events.NewTurnDecoderFor(4)
			events.SlowOnly(slow)
			for i, p := range rec.all {
				var fromFast, fromSlow, fromAlone events.Turn
				require.NoError(t, slow.Decode(p, &fromSlow), "turn %d", i)
				require.NoError(t, fast.Decode(p, &fromFast), "turn %d", i)
				require.True(t, events.Fast4(alone, p, &fromAlone), "turn %d: % x left to the slow path", i, p)
				require.True(t, assert.Equal(t, fromSlow, fromFast, "turn %d: % x", i, p))
				require.True(t, assert.Equal(t, fromSlow, fromAlone, "turn %d: % x", i, p))
			}
		})
	}
}

// The fast path gives up on what the slow path refuses, so that the error
// is the slow path's, naming the fact and field.
func TestFormat4FastPathLeavesTheErrorsToTheSlowPath(t *testing.T) {
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
			fast := events.NewTurnDecoderFor(4)
			require.False(t, events.Fast4(fast, c.payload, &turn))
			err := events.NewTurnDecoderFor(4).Decode(c.payload, &turn)
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
			slow := events.NewTurnDecoderFor(4)
			events.SlowOnly(slow)
			assert.Equal(t, err, slow.Decode(c.payload, &turn))
		})
	}
}
