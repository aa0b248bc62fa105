package journal

import (
	"errors"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"rogue/events"
	"rogue/events/wire"
)

func testHeader() Header {
	return Header{
		FormatVersion: wire.FormatVersion,
		RulesVersion:  events.RulesVersion,
		Algorithm:     "pcg32",
		Seed:          0xdeadbeefcafe,
		Created:       time.Date(2025, 3, 14, 15, 9, 26, 0, time.UTC),
		Player:        "Ada",
	}
}

func level(depth, rooms int) *events.LevelEntered {
	f := &events.LevelEntered{Depth: depth, Width: 80, Height: 50, Stairs: events.Pos{X: 70, Y: 40}, Arrival: events.Pos{X: 3, Y: 4}}
	f.Rooms = make([]events.Rect, rooms)
	f.Corridors = make([]events.Corridor, rooms)
	for i := range rooms {
		f.Rooms[i] = events.Rect{X: i, Y: 2 * i, W: 5, H: 4}
		f.Corridors[i] = events.Corridor{From: events.Pos{X: i, Y: 1}, To: events.Pos{X: 60, Y: i}, HorizontalFirst: i%2 == 0}
	}
	return f
}

// sampleTurns is a plausible game of n turns: a Begin with a level, then
// moves with a monster's step and a swing or two, and a new level every 50
// turns.
func sampleTurns(n int) []events.Turn {
	turns := make([]events.Turn, n)
	for i := range turns {
		switch {
		case i == 0:
			turns[i] = events.Turn{Command: &events.Begin{}, Draws: 40, Facts: []events.Fact{
				level(1, 6),
				&events.Spawned{ID: 1, Kind: 1, Pos: events.Pos{X: 3, Y: 4}, HP: 12},
				&events.Spawned{ID: 2, Kind: 7, Holder: 1, Slot: events.MainHand},
			}}
		case i%50 == 0:
			turns[i] = events.Turn{Command: &events.Descend{}, Draws: 30, Facts: []events.Fact{level(1+i/50, 8)}}
		default:
			d := events.Dir(i % int(events.NumDirs))
			turns[i] = events.Turn{Command: &events.Move{Dir: d}, Draws: uint64(i % 5), Facts: []events.Fact{
				&events.Moved{Actor: 1, Dir: d},
				&events.Moved{Actor: 9, Dir: (d + 4) % events.NumDirs},
				&events.Attacked{Attacker: 9, Target: 1, Natural: i % 20, Attack: i%20 + 2, ArmorClass: 12, Hit: i%20 >= 10, Roll: i % 6, Damage: i % 4},
			}}
		}
	}
	return turns
}

// journalOf returns the bytes of a journal holding turns, and where each
// record starts: starts[i] is turn i's offset, starts[len(turns)] the end.
func journalOf(t testing.TB, turns []events.Turn) ([]byte, []int64) {
	t.Helper()
	return journalIn(t, testHeader(), turns)
}

// journalIn is journalOf with header h (an older format, say).
func journalIn(t testing.TB, h Header, turns []events.Turn) ([]byte, []int64) {
	t.Helper()
	m, err := NewMemory(h)
	require.NoError(t, err)
	starts := []int64{int64(len(m.Bytes()))}
	for i := range turns {
		require.NoError(t, m.Append(&turns[i]))
		starts = append(starts, int64(len(m.Bytes())))
	}
	return m.Bytes(), starts
}

// readAll reads every turn r has, and returns them with the error that
// ended reading (nil for a clean end).
func readAll(r *Reader) ([]events.Turn, error) {
	out := []events.Turn{}
	for {
		var t events.Turn
		err := r.Next(&t)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, t)
	}
}

// readBytes reads the journal in b: its turns, and the error that stopped
// reading (from opening it, or the *Tail).
func readBytes(b []byte) (Header, []events.Turn, error) {
	r, err := NewBytesReader(b)
	if err != nil {
		return Header{}, nil, err
	}
	turns, err := readAll(r)
	return r.Header(), turns, err
}

func asTail(t *testing.T, err error) *Tail {
	t.Helper()
	var tail *Tail
	require.True(t, errors.As(err, &tail), "want a *Tail, got %v", err)
	return tail
}

func cloneBytes(b []byte) []byte { return append([]byte(nil), b...) }

// assertIs is assert.ErrorIs, which this testify version lacks.
func assertIs(t *testing.T, err, target error) bool {
	t.Helper()
	return assert.Truef(t, errors.Is(err, target), "error %q does not match %q", err, target)
}

// testSchema is the state schema the tests' snapshots are written under:
// the journal compares it and never reads the states.
const testSchema = 4
