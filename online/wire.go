package online

import (
	"rogue/auto"
	"rogue/events"
	"rogue/events/wire"
	"rogue/online/frame"
)

// The wire's frames and their codec are package online/frame's, which
// holds no network code (the page's wasm reads them too); these are
// their names here, where the server and the terminal's clients use them.

// The first byte of a client's frame says what it is.
const (
	FrameCommand = frame.FrameCommand
	FrameJob     = frame.FrameJob
	FrameStop    = frame.FrameStop
	FrameAbandon = frame.FrameAbandon
)

// The first byte of a server's frame says what it is.
const (
	FrameHello = frame.FrameHello
	FrameTurn  = frame.FrameTurn
	FrameNote  = frame.FrameNote
)

// Bounds of a frame (see package online/frame).
const (
	MaxClientFrame = frame.MaxClientFrame
	MaxServerFrame = frame.MaxServerFrame
)

// Hello, Note and ClientFrame are package online/frame's.
type (
	Hello       = frame.Hello
	Note        = frame.Note
	ClientFrame = frame.ClientFrame
)

// EncodeCommand is the frame of cmd for turn n, in the journal's format.
func EncodeCommand(enc *wire.TurnEncoder, n int, cmd events.Command) ([]byte, error) {
	return frame.EncodeCommand(enc, n, cmd)
}

// EncodeJob is the frame that starts the job o orders at turn n.
func EncodeJob(n int, o *auto.Order) []byte { return frame.EncodeJob(n, o) }

// DecodeClientFrame reads a client's frame (untrusted bytes).
func DecodeClientFrame(dec *wire.TurnDecoder, format int, b []byte) (ClientFrame, error) {
	return frame.DecodeClientFrame(dec, format, b)
}

// DecodeRecord reads the turn in a journal record (a FrameTurn's body).
func DecodeRecord(dec *wire.TurnDecoder, b []byte, t *events.Turn) error {
	return frame.DecodeRecord(dec, b, t)
}

// Frame is a server's frame: kind, then body.
func Frame(kind byte, body []byte) []byte { return frame.Frame(kind, body) }

// JSONFrame is a server's frame of kind holding v as JSON.
func JSONFrame(kind byte, v any) []byte { return frame.JSONFrame(kind, v) }
