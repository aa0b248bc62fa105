package events

// EntityID names an entity for the whole game. Ids are handed out by facts,
// in increasing order, starting at 1 (the player); they are never reused.
type EntityID uint32

// PlayerID is the id of the player's character in every game.
const PlayerID EntityID = 1

// Pos is a tile position on the current level; (0,0) is the top-left corner.
type Pos struct{ X, Y int }

// Add returns p moved one step in direction d.
func (p Pos) Add(d Dir) Pos {
	dx, dy := d.Delta()
	return Pos{p.X + dx, p.Y + dy}
}

// Rect is a rectangle of tiles: X, Y is its top-left tile, W and H its size.
type Rect struct{ X, Y, W, H int }

// Center is the tile at the middle of r (rounded toward the top-left).
func (r Rect) Center() Pos { return Pos{r.X + (r.W-1)/2, r.Y + (r.H-1)/2} }

// Contains reports whether p lies inside r.
func (r Rect) Contains(p Pos) bool {
	return p.X >= r.X && p.X < r.X+r.W && p.Y >= r.Y && p.Y < r.Y+r.H
}

// Dir is one of the eight compass directions, clockwise from north.
type Dir uint8

// The eight directions of movement.
const (
	North Dir = iota
	NorthEast
	East
	SouthEast
	South
	SouthWest
	West
	NorthWest
	// NumDirs is how many directions there are; every valid Dir is below it.
	NumDirs
)

var dirDeltas = [NumDirs][2]int{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}

var dirNames = [NumDirs]string{"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}

// Delta is the change in x and y of one step in direction d.
func (d Dir) Delta() (dx, dy int) {
	if d >= NumDirs {
		return 0, 0
	}
	return dirDeltas[d][0], dirDeltas[d][1]
}

// Valid reports whether d is one of the eight directions.
func (d Dir) Valid() bool { return d < NumDirs }

func (d Dir) String() string {
	if d >= NumDirs {
		return "nowhere"
	}
	return dirNames[d]
}

// DirTo returns the direction of the single step from a to an adjacent b.
func DirTo(a, b Pos) (Dir, bool) {
	dx, dy := b.X-a.X, b.Y-a.Y
	for d := Dir(0); d < NumDirs; d++ {
		if dirDeltas[d][0] == dx && dirDeltas[d][1] == dy {
			return d, true
		}
	}
	return 0, false
}
