package wire

import "rogue/events"

// A LevelEntered is written by hand (the generator writes no lists):
// depth, width and height, then its rooms as one array of 4 numbers a
// room, its corridors as one array of 5 values a corridor, then the
// stairs and the arrival.

func putLevelEntered(w *writer, f *events.LevelEntered) {
	if len(f.Rooms) > events.MaxRooms || len(f.Corridors) > events.MaxRooms {
		w.fail("a level of %d rooms and %d corridors, more than the %d allowed", len(f.Rooms), len(f.Corridors), events.MaxRooms)
	}
	w.int(f.Depth)
	w.int(f.Width)
	w.int(f.Height)
	w.array(len(f.Rooms) * 4)
	for _, r := range f.Rooms {
		w.int(r.X)
		w.int(r.Y)
		w.int(r.W)
		w.int(r.H)
	}
	w.array(len(f.Corridors) * 5)
	for _, c := range f.Corridors {
		w.pos(c.From)
		w.pos(c.To)
		w.bool(c.HorizontalFirst)
	}
	w.pos(f.Stairs)
	w.pos(f.Arrival)
}

func getLevelEntered(r *reader, f *events.LevelEntered) {
	f.Depth = r.int()
	f.Width = r.int()
	f.Height = r.int()
	n := r.arrayOf(4, events.MaxRooms)
	f.Rooms = make([]events.Rect, n)
	for i := range f.Rooms {
		f.Rooms[i] = events.Rect{X: r.int(), Y: r.int(), W: r.int(), H: r.int()}
	}
	n = r.arrayOf(5, events.MaxRooms)
	f.Corridors = make([]events.Corridor, n)
	for i := range f.Corridors {
		f.Corridors[i] = events.Corridor{From: r.pos(), To: r.pos(), HorizontalFirst: r.bool()}
	}
	f.Stairs = r.pos()
	f.Arrival = r.pos()
}
