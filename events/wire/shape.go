package wire

import (
	"encoding/binary"
	"errors"
	"fmt"

	"rogue/events"
)

// CheckShape walks one msgpack value in b without decoding it, and refuses
// anything the decoder must never see: a container whose declared length
// cannot fit in the bytes that are left (msgpack/v5 would allocate the
// declared length before noticing), nesting deeper than maxDepth (the
// decoder recurses), maps, binary and extension values (a turn has none),
// and bytes after the value. It allocates nothing and runs in time linear in
// len(b), so it is safe on any input.
//
// The journal's header goes through it; turn records go through CheckTurn.
func CheckShape(b []byte, maxDepth int) error {
	return checkValues(b, maxDepth, false)
}

// CheckTurn is a bounded skip pass over an untrusted turn record:
// CheckShape's checks on a turn payload of wire format v. A format 1 turn is one array, three deep at most (the
// turn, a fact, a list in a fact); a format 2 turn is a sequence of values
// that fills the payload, where only a list in a fact is an array.
// TurnDecoder.Decode refuses every payload it refuses, so a reader needs
// it only to say what is wrong with a payload Decode refused.
func CheckTurn(b []byte, v int) error {
	switch {
	case v == 1:
		return checkValues(b, events.MaxNesting, false)
	case KnownFormat(v):
		if len(b) == 0 {
			return errors.New("offset 0: empty, want a command")
		}
		return checkValues(b, 1, true)
	}
	return fmt.Errorf("format %d is not one this program reads (1 to %d)", v, FormatVersion)
}

// TurnShapeOK is CheckTurn for a search through bytes that are mostly not
// turns: it allocates nothing, refuses as well what no turn holds and
// TurnDecoder never accepts (strings, floats), and says how much work it
// did (steps of its walk, about one a value), so that the search can
// bound its work.
func TurnShapeOK(b []byte, v int) (ok bool, work int) {
	var f shapeFault
	switch {
	case v == 1:
		f = walkValues(b, events.MaxNesting, false, true)
	case KnownFormat(v) && len(b) > 0:
		f = walkValues(b, 1, true, true)
	default:
		return false, 0
	}
	return f.kind == shapeOK, f.steps
}

// checkValues walks one value, or with stream every value to the end of
// b.
func checkValues(b []byte, maxDepth int, stream bool) error {
	if f := walkValues(b, maxDepth, stream, false); f.kind != shapeOK {
		return f.err()
	}
	return nil
}

// shapeFault is what walkValues found wrong, without allocating: kind,
// the offset of the bad value (at), and the numbers its message gives.
type shapeFault struct {
	kind  uint8
	at, y int
	x     uint64 // a declared length may not fit an int on 32-bit platforms
	c     byte
	steps int // loop steps taken: the walk's work
}

const (
	shapeOK uint8 = iota
	shapeCut
	shapeMap
	shapeStrLen
	shapeArrLen
	shapeType
	shapeBytes
	shapeArray
	shapeDeep
	shapeAfter
)

func (f shapeFault) err() error {
	switch f.kind {
	case shapeCut:
		return fmt.Errorf("offset %d: value cut short", f.at)
	case shapeMap:
		return fmt.Errorf("offset %d: a msgpack map, which a journal never holds", f.at)
	case shapeStrLen:
		return fmt.Errorf("offset %d: string length cut short", f.at)
	case shapeArrLen:
		return fmt.Errorf("offset %d: array length cut short", f.at)
	case shapeType:
		return fmt.Errorf("offset %d: msgpack type 0x%02x is not allowed here", f.at, f.c)
	case shapeBytes:
		return fmt.Errorf("offset %d: declares %d bytes but only %d are left", f.at, f.x, f.y)
	case shapeArray:
		return fmt.Errorf("offset %d: declares an array of %d values but only %d bytes are left", f.at, f.x, f.y)
	case shapeDeep:
		return fmt.Errorf("offset %d: arrays nested deeper than %d", f.at, f.x)
	case shapeAfter:
		return fmt.Errorf("offset %d: %d bytes after the value", f.at, f.x)
	}
	return nil
}

// walkValues is checkValues' walk: the first fault, or kind shapeOK.
//
// With turnsOnly it also refuses what no turn holds and TurnDecoder never
// accepts (strings and floats), so that bytes which are no turn are
// refused sooner.
func walkValues(b []byte, maxDepth int, stream, turnsOnly bool) (f shapeFault) {
	steps := 0
	defer func() { f.steps += steps }()
	// left is how many values are still to come in the array open at the
	// current depth (depth 0 is the single top-level value); outer[d] is
	// the same for the array open at depth d, saved while a deeper one is
	// read.
	var outer [16]int
	if maxDepth >= len(outer) {
		maxDepth = len(outer) - 1
	}
	depth, left := 0, 1
	if stream {
		left = len(b) // every value takes a byte at least
	}
	i := 0
	for {
		// Fast path: the small non-negative integers most values are,
		// eight at a time while they last, then one by one.
		steps++
		for left >= 8 && len(b)-i >= 8 && binary.LittleEndian.Uint64(b[i:])&0x8080808080808080 == 0 {
			left -= 8
			i += 8
			steps++
		}
		for left > 0 && i < len(b) && b[i] <= 0x7f {
			left--
			i++
			steps++
		}
		if left == 0 || stream && depth == 0 && i == len(b) {
			if depth == 0 {
				break
			}
			depth--
			left = outer[depth]
			continue
		}
		left--
		if i >= len(b) {
			return shapeFault{kind: shapeCut, at: i}
		}
		c := b[i]
		start := i
		i++
		var size, count int // bytes of payload to skip; array elements to expect
		array := false
		if turnsOnly && (c >= 0xa0 && c <= 0xbf || c >= 0xd9 && c <= 0xdb || c == 0xca || c == 0xcb) {
			return shapeFault{kind: shapeType, at: start, c: c}
		}
		switch {
		case c >= 0xe0, c == 0xc0, c == 0xc2, c == 0xc3:
			// negative fixint, nil, false, true
		case c >= 0x90 && c <= 0x9f:
			count, array = int(c&0x0f), true
		case c >= 0xa0 && c <= 0xbf:
			size = int(c & 0x1f)
		case c >= 0x80 && c <= 0x8f:
			return shapeFault{kind: shapeMap, at: start}
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
				return shapeFault{kind: shapeStrLen, at: start}
			}
			i += w
			if n > uint64(len(b)-i) {
				return shapeFault{kind: shapeBytes, at: start, x: n, y: len(b) - i}
			}
			size = int(n) // checked above: it fits
		case c == 0xdc, c == 0xdd:
			w := 2 << (c - 0xdc) // 2 or 4 length bytes
			n, ok := readLen(b, i, w)
			if !ok {
				return shapeFault{kind: shapeArrLen, at: start}
			}
			i += w
			// Every element takes at least one byte.
			if n > uint64(len(b)-i) {
				return shapeFault{kind: shapeArray, at: start, x: n, y: len(b) - i}
			}
			count, array = int(n), true // checked above: it fits
		case c == 0xde, c == 0xdf:
			return shapeFault{kind: shapeMap, at: start}
		default:
			return shapeFault{kind: shapeType, at: start, c: c}
		}
		if size > len(b)-i {
			return shapeFault{kind: shapeBytes, at: start, x: uint64(size), y: len(b) - i}
		}
		i += size
		if array {
			// Every element takes at least one byte.
			if count > len(b)-i {
				return shapeFault{kind: shapeArray, at: start, x: uint64(count), y: len(b) - i}
			}
			if depth+1 > maxDepth {
				return shapeFault{kind: shapeDeep, at: start, x: uint64(maxDepth)}
			}
			outer[depth] = left
			depth++
			left = count
		}
	}
	if i != len(b) {
		return shapeFault{kind: shapeAfter, at: i, x: uint64(len(b) - i)}
	}
	return shapeFault{}
}

// readLen reads the w-byte big-endian length at b[i:]. It is a uint64,
// not an int, so that a str32's or array32's length stays what the bytes
// say on every platform (on a 32-bit one, int(0xffffffff) is -1): callers
// check it against the bytes left before they narrow it.
func readLen(b []byte, i, w int) (uint64, bool) {
	if i+w > len(b) {
		return 0, false
	}
	switch w {
	case 1:
		return uint64(b[i]), true
	case 2:
		return uint64(binary.BigEndian.Uint16(b[i:])), true
	default:
		return uint64(binary.BigEndian.Uint32(b[i:])), true
	}
}
