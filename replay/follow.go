package replay

import (
	"errors"
	"io"

	"rogue/events"
	"rogue/game"
)

// Grow reads the turns another process has written to the journal since
// Open or the last Grow, reading only the bytes after the last whole
// turn (see journal.Reader.Grow): it returns how many whole turns were
// added. A half-written last turn is waited out: it is read once whole.
// Damage after the new turns is kept (Damage) and stops the growing.
// It fails matching journal.ErrGone when the file was deleted or
// replaced, and journal.ErrCut when it was cut short before the turns
// read; the frames read so far stay as they were.
func (f *Frames) Grow() (int, error) {
	if f.Damage() != nil {
		return 0, nil
	}
	here := f.r.Position()
	grew, err := f.r.Grow()
	if err != nil || !grew {
		return 0, err
	}
	before := f.total
	if err := f.r.Seek(f.end); err != nil {
		return 0, err
	}
	f.tail = nil
	for {
		err := f.r.Next(&f.turn)
		if err == nil {
			f.noteDepth()
			continue
		}
		if !errors.Is(err, io.EOF) && !errors.As(err, &f.tail) {
			return 0, err
		}
		break
	}
	f.total, f.end = f.r.Turns(), f.r.Position()
	if f.cur != nil {
		if err := f.r.Seek(here); err != nil {
			return 0, err
		}
	}
	if f.total > before {
		// The Seeker read the journal as it was: it is opened again to
		// read the new turns too.
		k, err := game.OpenSeeker(f.path, f.tables)
		if err != nil {
			return 0, err
		}
		f.seeker.Close()
		f.seeker = k
	}
	return f.total - before, nil
}

// noteDepth adds the turn just read to the depths, once they were read,
// if it enters a level.
func (f *Frames) noteDepth() {
	if f.depths == nil {
		return
	}
	for _, fact := range f.turn.Facts {
		if l, ok := fact.(*events.LevelEntered); ok {
			f.depths = append(f.depths, depthEntry{turn: f.r.Turns(), depth: l.Depth})
			return
		}
	}
}
