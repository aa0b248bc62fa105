package dungeon

import (
	"fmt"

	"rogue/events"
	"rogue/reducer/dice"
)

// The generator's numbers. They are rules: changing one changes the
// levels a seed gives, so it goes with a new events.RulesVersion.
const (
	RoomAttempts = 30 // rooms tried per level (more only while fewer than 2 fit)
	MinRoomSide  = 6
	MaxRoomSide  = 10
)

// Sizes Generate accepts. Both sides must hold the largest room and its
// border walls (MaxRoomSide+2). One side must be long enough that, wherever
// the first room lies, a smallest room still fits beside it with a wall
// between them (a first room of 10 at x=7 leaves columns 18..23 free on a
// 25-wide map); otherwise "keep trying until two rooms fit" could never end.
const (
	MinGenSide = MaxRoomSide + 2
	MinGenLong = 2*MinRoomSide + MaxRoomSide + 3
)

// extraAttempts bounds the attempts made after the first RoomAttempts when
// fewer than two rooms fit. Each one succeeds with probability above 1/100
// on the smallest accepted map, so running out means a broken generator.
const extraAttempts = 100_000

// Layout is a generated level's description: what a LevelEntered fact
// carries, and what Carve turns into tiles.
type Layout struct {
	Width, Height int
	Rooms         []events.Rect
	Corridors     []events.Corridor
	Stairs, Start events.Pos
}

// CanGenerate reports whether Generate accepts a width x height map.
func CanGenerate(width, height int) bool {
	return width >= MinGenSide && height >= MinGenSide &&
		width <= MaxSide && height <= MaxSide &&
		(width >= MinGenLong || height >= MinGenLong)
}

// Generate draws a level of rooms and corridors.
//
// Draw order, which together with the seed defines the game: attempt after
// attempt, it draws
//
//	w := rng.Range(6, 10)
//	h := rng.Range(6, 10)
//	x := rng.Range(1, width-w-1)
//	y := rng.Range(1, height-h-1)
//
// (four draws, every attempt; the ranges keep the border wall). The room
// {x, y, w, h} is rejected when it overlaps or touches an earlier room
// (rooms keep at least one wall tile between them, diagonals included).
// An accepted room other than the first draws one more number,
// rng.Intn(2) == 1 meaning horizontal first, for the corridor from the
// previous room's centre to its own. It makes RoomAttempts attempts, then
// more, one at a time, only while fewer than two rooms were accepted.
// Start is the first room's centre, Stairs the last room's.
//
// Generate panics when CanGenerate(width, height) is false: the size is a
// rule of the game, not input from a journal.
func Generate(rng dice.Roller, width, height int) Layout {
	if !CanGenerate(width, height) {
		panic(fmt.Sprintf("dungeon.Generate: cannot generate a %dx%d map", width, height))
	}
	l := Layout{
		Width: width, Height: height,
		Rooms:     make([]events.Rect, 0, RoomAttempts),
		Corridors: make([]events.Corridor, 0, RoomAttempts-1),
	}
	for attempt := 0; attempt < RoomAttempts || len(l.Rooms) < 2; attempt++ {
		if attempt >= RoomAttempts+extraAttempts {
			panic(fmt.Sprintf("dungeon.Generate: no second room fits a %dx%d map after %d attempts", width, height, attempt))
		}
		w := rng.Range(MinRoomSide, MaxRoomSide)
		h := rng.Range(MinRoomSide, MaxRoomSide)
		r := events.Rect{X: rng.Range(1, width-w-1), Y: rng.Range(1, height-h-1), W: w, H: h}
		if touchesAny(r, l.Rooms) {
			continue
		}
		if n := len(l.Rooms); n > 0 {
			l.Corridors = append(l.Corridors, events.Corridor{
				From:            l.Rooms[n-1].Center(),
				To:              r.Center(),
				HorizontalFirst: rng.Intn(2) == 1,
			})
		}
		l.Rooms = append(l.Rooms, r)
	}
	l.Start = l.Rooms[0].Center()
	l.Stairs = l.Rooms[len(l.Rooms)-1].Center()
	return l
}

// touchesAny reports whether r overlaps or touches (sides or corners) one
// of rooms.
func touchesAny(r events.Rect, rooms []events.Rect) bool {
	for _, o := range rooms {
		if touches(r, o) {
			return true
		}
	}
	return false
}

// touches reports whether a and b overlap or are adjacent, diagonally too:
// whether a grown by one tile on every side meets b.
func touches(a, b events.Rect) bool {
	return a.X <= b.X+b.W && b.X <= a.X+a.W && a.Y <= b.Y+b.H && b.Y <= a.Y+a.H
}
