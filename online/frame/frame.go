// Package frame is the wire between rogue host and its clients, without
// the network: the frames a player's client sends (a command for a
// numbered turn, the start or stop of a multi-turn job), those the server
// sends back (a hello with the game's state, its seed removed; each turn
// as the journal record it committed; a one-line note), and their codec.
// Package online speaks it over a websocket; the page's wasm, whose
// websocket is the browser's, reads it too (and so it holds no network
// code, which would weigh on the wasm).
package frame

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"rogue/auto"
	"rogue/events"
	"rogue/events/wire"
)

// The first byte of a client's frame says what it is.
const (
	// FrameCommand is the command for turn N: the uvarint N (how many
	// turns the game's journal holds when it is played), then the events
	// codec's payload of a turn holding only the command.
	FrameCommand = 'c'
	// FrameJob starts a multi-turn job at turn N: the uvarint N, then
	// three bytes: the job's auto.Kind, its direction and whether it picks
	// up what it walks onto; a walk to a tile (auto.Go, a click) then has
	// the tile's x and y, a uvarint each.
	FrameJob = 'j'
	// FrameStop stops the job under way; nothing follows.
	FrameStop = 's'
	// FrameAbandon abandons a daily challenge's game: it ends where it
	// stopped, and ranks there; nothing follows.
	FrameAbandon = 'a'
)

// The first byte of a server's frame says what it is.
const (
	FrameHello = 'H' // JSON of a Hello
	FrameTurn  = 'T' // a turn: the framed journal record, as the file holds it
	FrameNote  = 'N' // JSON of a Note
)

// MaxClientFrame is the most bytes a client's frame may hold: a command's
// payload is a few bytes.
const MaxClientFrame = 512

// MaxServerFrame is the most bytes a server's frame may hold: a hello
// with a state's snapshot, or a turn record (a level's LevelEntered).
const MaxServerFrame = 4 << 20

// Hello is the first frame of a connection: the game and, unless the
// client asked to go on from the turns it holds, its state now.
type Hello struct {
	Game   int64  `json:"game"`
	Player string `json:"player"`
	Rules  int    `json:"rules"`
	Format int    `json:"format"`
	// Turns is how many turns the journal holds: the number of the next
	// command.
	Turns int `json:"turns"`
	// Snapshot is the state after Turns turns (reducer.MarshalSnapshot)
	// with the seed set to 0; empty when the turns follow instead, from
	// the turn the client said it holds.
	Snapshot []byte `json:"snapshot,omitempty"`
	Watchers int    `json:"watchers"`
	// Playing: this connection plays the game; else it watches.
	Playing bool `json:"playing"`
	// Daily is the UTC day of the daily challenge the game is of ("" for
	// none).
	Daily string `json:"daily,omitempty"`
}

// Note is a server's one-line frame beside the turns.
type Note struct {
	// Refused is why the rules turned the command down (nothing was
	// journaled).
	Refused string `json:"refused,omitempty"`
	// Error is what was wrong with the client's frame: the game is
	// untouched.
	Error string `json:"error,omitempty"`
	// Stopped: the job under way stopped, saying why ("" for nothing).
	Stopped *string `json:"stopped,omitempty"`
	// Watchers is how many watch the game now.
	Watchers *int `json:"watchers,omitempty"`
	// Ended: the game was abandoned (by its player, or at the end of its
	// daily challenge's day), saying how; the connection ends.
	Ended string `json:"ended,omitempty"`
}

// EncodeCommand is the frame of cmd for turn n, in the journal's format.
func EncodeCommand(enc *wire.TurnEncoder, n int, cmd events.Command) ([]byte, error) {
	payload, err := enc.Encode(&events.Turn{Command: cmd})
	if err != nil {
		return nil, err
	}
	b := binary.AppendUvarint([]byte{FrameCommand}, uint64(n))
	return append(b, payload...), nil
}

// EncodeJob is the frame that starts the job o orders at turn n.
func EncodeJob(n int, o *auto.Order) []byte {
	b := binary.AppendUvarint([]byte{FrameJob}, uint64(n))
	pick := byte(0)
	if o.Pickup {
		pick = 1
	}
	b = append(b, byte(o.Kind), byte(o.Dir), pick)
	if o.Kind == auto.Go {
		b = binary.AppendUvarint(b, uint64(o.Goal.X))
		b = binary.AppendUvarint(b, uint64(o.Goal.Y))
	}
	return b
}

// ClientFrame is a client's frame, read.
type ClientFrame struct {
	Kind    byte
	Turn    int
	Command events.Command
	// Job is the job a job frame orders.
	Job auto.Order
}

// DecodeClientFrame reads a client's frame. The bytes are untrusted: any
// of them may be wrong, and the error says how in one line.
func DecodeClientFrame(dec *wire.TurnDecoder, format int, b []byte) (ClientFrame, error) {
	if len(b) == 0 {
		return ClientFrame{}, errors.New("an empty frame")
	}
	f := ClientFrame{Kind: b[0]}
	if f.Kind == FrameStop || f.Kind == FrameAbandon {
		if len(b) != 1 {
			return f, errors.New("a stop or abandon frame holds nothing after its kind")
		}
		return f, nil
	}
	if f.Kind != FrameCommand && f.Kind != FrameJob {
		return f, fmt.Errorf("a frame of unknown kind %d", f.Kind)
	}
	n, size := binary.Uvarint(b[1:])
	if size <= 0 || n > 1<<31 {
		return f, errors.New("a frame without its turn number")
	}
	f.Turn, b = int(n), b[1+size:]
	if f.Kind == FrameJob {
		return decodeJob(f, b)
	}
	if err := wire.CheckTurn(b, format); err != nil {
		return f, fmt.Errorf("a command that does not read: %v", err)
	}
	var t events.Turn
	if err := dec.Decode(b, &t); err != nil {
		return f, fmt.Errorf("a command that does not read: %v", err)
	}
	if t.Draws != 0 || len(t.Facts) != 0 {
		return f, errors.New("a client sends commands, never draws or facts")
	}
	if _, begin := t.Command.(*events.Begin); begin {
		return f, errors.New("a client never sends Begin: the server begins a game")
	}
	f.Command = t.Command
	return f, nil
}

// DecodeRecord reads the turn in a journal record (a FrameTurn's bytes
// after its kind): its uvarint length, its chained CRC (not checked: the
// client does not know the header's, which holds the seed) and its
// payload.
func DecodeRecord(dec *wire.TurnDecoder, b []byte, t *events.Turn) error {
	n, size := binary.Uvarint(b)
	if size <= 0 || uint64(len(b)-size) < 4 || n != uint64(len(b)-size-4) {
		return errors.New("a turn record whose length is not its size")
	}
	return dec.Decode(b[size+4:], t)
}

// Frame is a server's frame: kind, then body.
func Frame(kind byte, body []byte) []byte {
	return append([]byte{kind}, body...)
}

// JSONFrame is a server's frame of kind holding v as JSON.
func JSONFrame(kind byte, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // Hello and Note always marshal
	}
	return Frame(kind, b)
}

// maxGoal bounds a walk's tile in a job frame: no level is this large,
// and the rules refuse a tile off the map.
const maxGoal = 1 << 12

// decodeJob reads what follows a job frame's turn number into f.
func decodeJob(f ClientFrame, b []byte) (ClientFrame, error) {
	bad := errors.New("a job frame is its kind, a direction and 0 or 1, and a walk's tile")
	if len(b) < 3 || b[0] > byte(auto.Go) || !events.Dir(b[1]).Valid() || b[2] > 1 {
		return f, bad
	}
	f.Job = auto.Order{Kind: auto.Kind(b[0]), Dir: events.Dir(b[1]), Pickup: b[2] == 1}
	b = b[3:]
	if f.Job.Kind == auto.Go {
		x, n := binary.Uvarint(b)
		if n <= 0 || x >= maxGoal {
			return f, bad
		}
		y, m := binary.Uvarint(b[n:])
		if m <= 0 || y >= maxGoal {
			return f, bad
		}
		f.Job.Goal, b = events.Pos{X: int(x), Y: int(y)}, b[n+m:]
	}
	if len(b) != 0 {
		return f, bad
	}
	return f, nil
}
