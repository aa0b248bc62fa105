// Package msgpackref decodes journal turns the way a plain use of
// msgpack/v5 would: by reflection, into structs mirroring each command and
// fact as a msgpack array. It exists for benchmarks only, as the
// reference the events codec is measured against; the game never uses it.
package msgpackref

import (
	"bytes"
	"fmt"

	"github.com/vmihailenco/msgpack/v5"
)

// The mirrors (mirror_gen.go, written by events/internal/gen from the
// types of package events): one struct per command and fact, fields in
// wire order, the code first. msgpack/v5 decodes a struct from an array
// field by field. The two whose layout is written by hand in the codec
// have theirs here.
type (
	mirrorLevelEntered struct {
		Code                 uint8
		Depth, Width, Height int32
		Rooms                []int32
		Corridors            []any
		SX, SY, AX, AY       int32
	}
	// mirrorUse is a Use with a target; mirrorUseAlone one without,
	// [code, item] in format 1.
	mirrorUse      struct{ Code, Item, X, Y int32 }
	mirrorUseAlone struct{ Code, Item int32 }
)

// codeUse is the Use command's wire code.
const codeUse = 6

// Decoder decodes turn payloads by reflection.
type Decoder struct {
	src bytes.Reader
	dec *msgpack.Decoder
	// Facts holds the decoded facts of the last turn (mirror structs).
	Facts []any
}

// NewDecoder returns a Decoder.
func NewDecoder() *Decoder {
	d := &Decoder{}
	d.dec = msgpack.NewDecoder(&d.src)
	return d
}

// Decode decodes one turn payload: the command and each fact into a new
// mirror struct, chosen by the code that opens its array.
func (d *Decoder) Decode(p []byte) error {
	d.src.Reset(p)
	n, err := d.dec.DecodeArrayLen()
	if err != nil {
		return err
	}
	if n < 2 {
		return fmt.Errorf("a turn of %d values", n)
	}
	if err := d.value(p, &commands); err != nil {
		return err
	}
	if _, err := d.dec.DecodeUint64(); err != nil {
		return err
	}
	d.Facts = d.Facts[:0]
	for i := 2; i < n; i++ {
		if err := d.value(p, &facts); err != nil {
			return err
		}
	}
	return nil
}

// value decodes the array at the current position into the mirror its
// code (the byte after a fixarray header) picks.
func (d *Decoder) value(p []byte, table *[256]func() any) error {
	off := len(p) - d.src.Len()
	if off+1 >= len(p) {
		return fmt.Errorf("offset %d: cut short", off)
	}
	mk := table[p[off+1]]
	if table == &commands && p[off+1] == codeUse && p[off] == 0x92 {
		mk = func() any { return new(mirrorUseAlone) }
	}
	if mk == nil {
		return fmt.Errorf("offset %d: unknown code %d", off, p[off+1])
	}
	v := mk()
	if err := d.dec.Decode(v); err != nil {
		return err
	}
	if table == &facts {
		d.Facts = append(d.Facts, v)
	}
	return nil
}
