package wire

import "rogue/events"

// A Use is written by hand: format 1 writes it as [code, item] without a
// target and [code, item, x, y] with one (the decoder tells them apart
// by the array length); format 2 on as code, item, has target, then x, y
// if it has one.

func putUse(w *writer, c *events.Use) {
	w.id(c.Item)
	if w.flat {
		w.bool(c.HasTarget)
	}
	if c.HasTarget {
		w.pos(c.Target)
	}
}

func getUse(r *reader, c *events.Use) {
	c.Item = r.id()
	if r.flat && r.bool() || !r.flat && r.more() {
		c.HasTarget = true
		c.Target = r.pos()
	}
}

// use reads a Use's fields as fastFlat reads every field.
func (c *cursor) use(m *events.Use) {
	*m = events.Use{Item: c.valid(c.id()), HasTarget: c.bool()}
	if m.HasTarget {
		m.Target = c.pos()
	}
}

// use4 reads a Use's fields into m with fast4's reads, from i, and
// returns the index after them.
func use4(b []byte, i int, m *events.Use) int {
	m.Item, i = id4(b, i)
	m.HasTarget, i = bool4(b, i)
	m.Target = events.Pos{}
	if m.HasTarget {
		m.Target.X, i = int4(b, i)
		m.Target.Y, i = int4(b, i)
	}
	return i
}
