package wire

import "rogue/events"

// SlowOnly turns the decoder's fast paths off, for tests outside the
// package that compare them with the slow path on real games.
func SlowOnly(d *TurnDecoder) { d.slowOnly, d.oneByte = true, false }

// Fast4 is the format 4 fast path alone: whether it decodes payload
// (into t) without handing the turn to the slow path.
func Fast4(d *TurnDecoder, payload []byte, t *events.Turn) bool {
	d.slabs.startTurn()
	return d.fast4(payload, t)
}
