package wire

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"rogue/events"
	"rogue/events/eventstest"
)

// checkShapeBefore is CheckShape as it was before its fast path: the
// reference the rewrite must agree with, error for error.
func checkShapeBefore(b []byte, maxDepth int) error {
	// pending[d] is how many values are still to come in the array open at
	// depth d; depth 0 is the single top-level value.
	var pending [16]int
	if maxDepth >= len(pending) {
		maxDepth = len(pending) - 1
	}
	depth := 0
	pending[0] = 1
	i := 0
	for {
		for depth > 0 && pending[depth] == 0 {
			depth--
		}
		if pending[depth] == 0 {
			break
		}
		pending[depth]--
		if i >= len(b) {
			return fmt.Errorf("offset %d: value cut short", i)
		}
		c := b[i]
		start := i
		i++
		var size, count int // bytes of payload to skip; array elements to expect
		switch {
		case c <= 0x7f, c >= 0xe0, c == 0xc0, c == 0xc2, c == 0xc3:
			// fixint, negative fixint, nil, false, true
		case c >= 0xa0 && c <= 0xbf:
			size = int(c & 0x1f)
		case c >= 0x90 && c <= 0x9f:
			count = int(c & 0x0f)
		case c >= 0x80 && c <= 0x8f:
			return fmt.Errorf("offset %d: a msgpack map, which a journal never holds", start)
		case c == 0xcc, c == 0xd0:
			size = 1
		case c == 0xcd, c == 0xd1:
			size = 2
		case c == 0xce, c == 0xd2, c == 0xca:
			size = 4
		case c == 0xcf, c == 0xd3, c == 0xcb:
			size = 8
		case c == 0xd9, c == 0xda, c == 0xdb:
			w := 1 << (c - 0xd9) // 1, 2 or 4 length bytes
			n, ok := readLen(b, i, w)
			if !ok {
				return fmt.Errorf("offset %d: string length cut short", start)
			}
			i += w
			if n > uint64(len(b)-i) {
				return fmt.Errorf("offset %d: declares %d bytes but only %d are left", start, n, len(b)-i)
			}
			size = int(n)
		case c == 0xdc, c == 0xdd:
			w := 2 << (c - 0xdc) // 2 or 4 length bytes
			n, ok := readLen(b, i, w)
			if !ok {
				return fmt.Errorf("offset %d: array length cut short", start)
			}
			i += w
			if n > uint64(len(b)-i) {
				return fmt.Errorf("offset %d: declares an array of %d values but only %d bytes are left", start, n, len(b)-i)
			}
			count = int(n)
		case c == 0xde, c == 0xdf:
			return fmt.Errorf("offset %d: a msgpack map, which a journal never holds", start)
		default:
			return fmt.Errorf("offset %d: msgpack type 0x%02x is not allowed here", start, c)
		}
		if size > len(b)-i {
			return fmt.Errorf("offset %d: declares %d bytes but only %d are left", start, size, len(b)-i)
		}
		i += size
		if count > 0 || (c >= 0x90 && c <= 0x9f) || c == 0xdc || c == 0xdd {
			// Every element takes at least one byte.
			if count > len(b)-i {
				return fmt.Errorf("offset %d: declares an array of %d values but only %d bytes are left", start, count, len(b)-i)
			}
			if depth+1 > maxDepth {
				return fmt.Errorf("offset %d: arrays nested deeper than %d", start, maxDepth)
			}
			depth++
			pending[depth] = count
		}
	}
	if i != len(b) {
		return fmt.Errorf("offset %d: %d bytes after the value", i, len(b)-i)
	}
	return nil
}

var _ = binary.BigEndian

// FuzzCheckShapeAgreesWithItsReference: the fast CheckShape accepts and
// refuses exactly what the plain one did, with the same message.
func FuzzCheckShapeAgreesWithItsReference(f *testing.F) {
	for _, c := range eventstest.Commands() {
		p, err := NewTurnEncoderFor(1).Encode(&events.Turn{Command: c, Draws: 300, Facts: eventstest.Facts()})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(p, events.MaxNesting)
		f.Add(p[:len(p)-1], events.MaxNesting)
	}
	f.Add([]byte{0x91, 0x91, 0x91, 0x91, 0x00}, 3)
	f.Add([]byte{0xdc, 0x00, 0x02, 0xd9, 0x01, 0x61, 0xcb, 1, 2, 3, 4, 5, 6, 7, 8}, 1)
	f.Add([]byte{0xdd, 0xff, 0xff, 0xff, 0xff}, 3)
	f.Fuzz(func(t *testing.T, b []byte, depth int) {
		depth = depth & 31
		want, got := checkShapeBefore(b, depth), CheckShape(b, depth)
		assert.Equal(t, fmt.Sprint(want), fmt.Sprint(got), "bytes % x, depth %d", b, depth)
	})
}
