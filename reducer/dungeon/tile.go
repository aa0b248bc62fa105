package dungeon

import "fmt"

// Tile is what one map square is made of.
type Tile uint8

// The kinds of tile. Wall is the zero value: an uncarved map is solid rock.
const (
	Wall Tile = iota
	Floor
	DownStairs
)

func (t Tile) String() string {
	switch t {
	case Wall:
		return "wall"
	case Floor:
		return "floor"
	case DownStairs:
		return "down stairs"
	}
	return fmt.Sprintf("tile(%d)", uint8(t))
}

// Walkable reports whether an actor may stand on t.
func (t Tile) Walkable() bool { return t == Floor || t == DownStairs }
