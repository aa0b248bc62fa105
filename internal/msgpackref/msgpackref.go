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

// Mirror types: one struct per wire shape, fields in wire order, the code
// first. msgpack/v5 decodes a struct from an array field by field.
type (
	noFields  struct{ Code uint8 }
	oneField  struct{ Code, A uint32 }
	useCmd    struct{ Code, Item, X, Y int32 }
	twoIDs    struct{ Code, Actor, Item uint32 }
	moved     struct{ Code, Actor, Dir uint32 }
	staggered struct {
		Code, Actor, Dir uint32
		Blocked          bool
	}
	attacked struct {
		Code, Attacker, Target, Weapon uint32
		Natural, Attack, ArmorClass    int32
		Hit                            bool
		Roll, Damage                   int32
	}
	levelEntered struct {
		Code                 uint8
		Depth, Width, Height int32
		Rooms                []int32
		Corridors            []any
		SX, SY, AX, AY       int32
	}
	spawned struct {
		Code, ID uint32
		Kind     int32
		X, Y     int32
		Holder   uint32
		Slot     uint8
		HP       int32
	}
	died       struct{ Code, Actor, Cause, Killer uint32 }
	gainedXP   struct{ Code, Actor, Amount int32 }
	levelledUp struct {
		Code, Actor, Level, Attribute, HP, Mana int32
	}
	equipped struct{ Code, Actor, Item, Slot, Displaced uint32 }
	healed   struct{ Code, Actor, Amount, Cause int32 }
	damaged  struct{ Code, Actor, Amount, Cause, Source int32 }
	// lostSight is LostSight; SkillRaised has healed's shape.
	lostSight struct{ Code, Actor, X, Y, Until int32 }
	// Rules 3: shot is Attacked without a weapon; MoodChanged and
	// Summoned have gainedXP's shape, Won twoIDs'.
	shot struct {
		Code, Attacker, Target      uint32
		Natural, Attack, ArmorClass int32
		Hit                         bool
		Roll, Damage                int32
	}
	threeIDs struct{ Code, Actor, Victim, Item uint32 }
)

// news[code] makes a fresh mirror of the fact with that wire code.
var facts = [256]func() any{
	1:  func() any { return new(levelEntered) },
	2:  func() any { return new(spawned) },
	3:  func() any { return new(moved) },
	4:  func() any { return new(staggered) },
	5:  func() any { return new(attacked) },
	6:  func() any { return new(died) },
	7:  func() any { return new(gainedXP) },
	8:  func() any { return new(levelledUp) },
	9:  func() any { return new(twoIDs) },
	10: func() any { return new(twoIDs) },
	11: func() any { return new(equipped) },
	12: func() any { return new(twoIDs) },
	13: func() any { return new(twoIDs) },
	14: func() any { return new(healed) },
	15: func() any { return new(damaged) },
	16: func() any { return new(gainedXP) },
	17: func() any { return new(healed) },
	18: func() any { return new(lostSight) },
	19: func() any { return new(healed) },
	20: func() any { return new(shot) },
	21: func() any { return new(gainedXP) },
	22: func() any { return new(threeIDs) },
	23: func() any { return new(gainedXP) },
	24: func() any { return new(twoIDs) },
}

var commands = [256]func() any{
	1: func() any { return new(noFields) },
	2: func() any { return new(oneField) },
	3: func() any { return new(noFields) },
	4: func() any { return new(noFields) },
	5: func() any { return new(oneField) },
	6: func() any { return new(useCmd) },
	7: func() any { return new(oneField) },
	8: func() any { return new(noFields) },
	9: func() any { return new(oneField) },
}

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
	if table == &commands && p[off+1] == 6 && p[off] == 0x92 {
		mk = commands[5] // Use without a target: [code, item]
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
