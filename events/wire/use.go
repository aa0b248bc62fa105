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
