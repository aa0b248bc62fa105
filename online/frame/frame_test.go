package frame

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/auto"
	"rogue/events"
	"rogue/events/wire"
)

func TestACommandAndAJobReadBackAsTheyWereSent(t *testing.T) {
	t.Parallel()
	enc := wire.NewTurnEncoder()
	dec := wire.NewTurnDecoder()
	cmd, err := EncodeCommand(enc, 300, &events.Move{Dir: 3})
	require.NoError(t, err)
	for _, tc := range []struct {
		name  string
		frame []byte
		want  ClientFrame
	}{
		{"command", cmd, ClientFrame{Kind: FrameCommand, Turn: 300, Command: &events.Move{Dir: 3}}},
		{"job", EncodeJob(7, &auto.Order{Kind: auto.Run, Dir: 2, Pickup: true}), ClientFrame{Kind: FrameJob, Turn: 7, Job: auto.Order{Kind: auto.Run, Dir: 2, Pickup: true}}},
		{"a walk to a clicked tile", EncodeJob(8, &auto.Order{Kind: auto.Go, Goal: events.Pos{X: 300, Y: 17}}), ClientFrame{Kind: FrameJob, Turn: 8, Job: auto.Order{Kind: auto.Go, Goal: events.Pos{X: 300, Y: 17}}}},
		{"stop", []byte{FrameStop}, ClientFrame{Kind: FrameStop}},
	} {
		got, err := DecodeClientFrame(dec, wire.FormatVersion, tc.frame)
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.want, got, tc.name)
	}
}

func TestARecordWhoseLengthIsWrongDoesNotRead(t *testing.T) {
	t.Parallel()
	var turn events.Turn
	for _, b := range [][]byte{nil, {5}, {1, 0, 0, 0, 0}, {3, 0, 0, 0, 0, 1}} {
		assert.EqualError(t, DecodeRecord(wire.NewTurnDecoder(), b, &turn), "a turn record whose length is not its size")
	}
}

// A client's frame is untrusted: any bytes read as a frame or as one
// line of error, never a panic.
func FuzzDecodeClientFrame(f *testing.F) {
	cmd, _ := EncodeCommand(wire.NewTurnEncoder(), 1, &events.Wait{})
	f.Add(cmd)
	f.Add([]byte{FrameJob, 1, 1, 0, 1})
	f.Add([]byte{FrameStop})
	f.Add(EncodeJob(3, &auto.Order{Kind: auto.Go, Goal: events.Pos{X: 4, Y: 5}}))
	dec := wire.NewTurnDecoder()
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := DecodeClientFrame(dec, wire.FormatVersion, b)
		if err == nil && got.Kind == FrameCommand && got.Command == nil {
			t.Fatal("a command frame read without its command")
		}
	})
}
