// Package hostile builds hostile journals: files with valid framing and
// checksums whose content is built to make folding them cost as much as
// possible (many items carried through many levels, many maximal levels,
// many rooms, crowds of entities, long walks over open maps), so that
// tests and benchmarks can check that the fold refuses them early and
// that reading any journal costs work proportional to its bytes. For
// tests and benchmarks only.
package hostile

import (
	"fmt"

	"rogue/events"
	"rogue/events/wire"
	"rogue/journal"
	"rogue/reducer/content"
	"rogue/reducer/dice"
)

// Journal is one hostile journal.
type Journal struct {
	// Name says what it does, as a file name stem ("item-bomb").
	Name string
	// What is the attack in one line.
	What string
	// Refusal is the error the fold stops at, after "journal NAME: at
	// byte N: "; "" for a journal built to stay within every cap, which
	// folds whole (its cost is what the caps allow).
	Refusal string
	// Bytes is the whole file.
	Bytes []byte
}

// MaxSize is the largest journal All builds: the size the work bound is
// promised for.
const MaxSize = 4 << 20

// All builds every hostile journal, each at most MaxSize bytes: the
// attacks as first found, which the fold refuses, then the worst of each
// kind that stays within the caps.
func All() []Journal { return AllOf(MaxSize) }

// AllOf is All with journals of at most size bytes (the item bomb is
// always whole, about 1.1 MB).
func AllOf(size int) []Journal {
	return []Journal{
		ItemBomb(),
		LevelBomb(size),
		HugeMaps(size),
		StepBomb(size),
		HeldItems(size),
		Levels(size),
		Rooms(size),
		Worn(size),
		Steps(size),
		Crowd(size),
	}
}

// builder appends turns to a journal in memory until it would pass a size.
type builder struct {
	m     *journal.Memory
	enc   *wire.TurnEncoder
	limit int
	tab   *content.Tables
}

func newBuilder(seed uint64, limit int) *builder {
	m, err := journal.NewMemory(journal.Header{
		FormatVersion: wire.FormatVersion,
		RulesVersion:  events.RulesVersion,
		Algorithm:     dice.Algorithm,
		Seed:          seed,
		Player:        "hostile",
	})
	if err != nil {
		panic(fmt.Sprintf("hostile: header: %v", err))
	}
	return &builder{m: m, enc: wire.NewTurnEncoderFor(wire.FormatVersion), limit: limit, tab: content.Default()}
}

// append appends a turn; it reports false (appending nothing) when the
// turn would take the journal past the builder's limit.
func (b *builder) append(cmd events.Command, facts []events.Fact) bool {
	if len(facts) > events.MaxFactsPerTurn {
		panic(fmt.Sprintf("hostile: %d facts in a turn", len(facts)))
	}
	t := &events.Turn{Command: cmd, Facts: facts}
	payload, err := b.enc.Encode(t)
	if err != nil {
		panic(fmt.Sprintf("hostile: turn %d: %v", b.m.Turns(), err))
	}
	// A record is its payload, a length of at most 3 bytes and a crc.
	if len(b.m.Bytes())+len(payload)+3+4 > b.limit {
		return false
	}
	if err := b.m.Append(t); err != nil {
		panic(fmt.Sprintf("hostile: turn %d: %v", b.m.Turns(), err))
	}
	return true
}

func (b *builder) bytes() []byte { return append([]byte(nil), b.m.Bytes()...) }

// item returns the code of the first item of the content tables that can
// be worn (wearable) or cannot (not).
func (b *builder) item(wearable bool) *content.Item {
	for _, it := range b.tab.Items {
		if (it.Equip != nil) == wearable {
			return it
		}
	}
	panic("hostile: no such item in the content")
}

// monster returns a monster kind that is not the player and wears nothing.
func (b *builder) monster() *content.Monster {
	for _, m := range b.tab.Monsters {
		if !m.Player && len(m.Wears) == 0 {
			return m
		}
	}
	panic("hostile: no plain monster in the content")
}

// tiny is the smallest level: a 3x3 map whose one floor tile is (1,1).
func tiny(depth int) *events.LevelEntered {
	at := events.Pos{X: 1, Y: 1}
	return &events.LevelEntered{Depth: depth, Width: 3, Height: 3,
		Rooms: []events.Rect{{X: 1, Y: 1, W: 1, H: 1}}, Stairs: at, Arrival: at}
}

// open is a side x side level, all floor inside its border.
func open(depth, side int) *events.LevelEntered {
	at := events.Pos{X: 1, Y: 1}
	return &events.LevelEntered{Depth: depth, Width: side, Height: side,
		Rooms: []events.Rect{{X: 1, Y: 1, W: side - 2, H: side - 2}}, Stairs: at, Arrival: at}
}

// begin is the first turn: level, the player on its Arrival, then more.
func (b *builder) begin(level *events.LevelEntered, more ...events.Fact) {
	facts := append([]events.Fact{level,
		&events.Spawned{ID: events.PlayerID, Kind: b.tab.Player.Code, Pos: level.Arrival, HP: 10}}, more...)
	if !b.append(&events.Begin{}, facts) {
		panic("hostile: no room for the first turn")
	}
}

// ItemBomb gives the player 122 880 items, then enters 40 960 tiny
// levels: every level entry looked at every entity, so the work was the
// product of the two.
func ItemBomb() Journal {
	b := newBuilder(1, MaxSize)
	item := b.item(false).Code
	next := events.PlayerID + 1
	held := func(n int) []events.Fact {
		facts := make([]events.Fact, 0, n)
		for range n {
			facts = append(facts, &events.Spawned{ID: next, Kind: item, Holder: events.PlayerID})
			next++
		}
		return facts
	}
	b.begin(tiny(1), held(events.MaxFactsPerTurn-2)...)
	for next < 122_880 {
		b.append(&events.Wait{}, held(events.MaxFactsPerTurn))
	}
	depth := 1
	for range 10 {
		facts := make([]events.Fact, 0, events.MaxFactsPerTurn)
		for range events.MaxFactsPerTurn {
			depth = depth%events.MaxDepth + 1
			facts = append(facts, tiny(depth))
		}
		b.append(&events.Descend{}, facts)
	}
	return Journal{Name: "item-bomb", What: "122 880 items carried through 40 960 tiny levels", Bytes: b.bytes(),
		Refusal: fmt.Sprintf("turn 0: fact %d (Spawned) field Holder: actor 1 already holds %d items, the most one may", events.MaxHeld+2, events.MaxHeld)}
}

// LevelBomb enters the largest level there is, 4 096 times a turn.
func LevelBomb(size int) Journal {
	b := newBuilder(2, min(size, 3<<20))
	b.begin(tiny(1))
	depth := 1
	for {
		facts := make([]events.Fact, 0, events.MaxFactsPerTurn)
		for range events.MaxFactsPerTurn {
			depth = depth%events.MaxDepth + 1
			facts = append(facts, open(depth, 255))
		}
		if !b.append(&events.Descend{}, facts) {
			break
		}
	}
	return Journal{Name: "level-bomb", What: "turns of 4 096 levels of 255x255 each", Bytes: b.bytes(),
		Refusal: fmt.Sprintf("turn 1: fact 0 (LevelEntered) field Width: a 255x255 map has 65025 tiles, more than the %d a level may have", events.MaxMapArea)}
}

// HugeMaps enters a level of 255x255, the largest map a level's
// description can give, once a turn.
func HugeMaps(size int) Journal {
	b := newBuilder(3, min(size, MaxSize))
	b.begin(tiny(1))
	for depth := 2; b.append(&events.Descend{}, []events.Fact{open(depth, 255)}); depth = depth%events.MaxDepth + 1 {
	}
	return Journal{Name: "huge-maps", What: "a 255x255 level entered once a turn", Bytes: b.bytes(),
		Refusal: fmt.Sprintf("turn 1: fact 0 (LevelEntered) field Width: a 255x255 map has 65025 tiles, more than the %d a level may have", events.MaxMapArea)}
}

// StepBomb walks the player 4 096 steps a turn over an open level.
func StepBomb(size int) Journal {
	b := newBuilder(4, min(size, MaxSize))
	side := cappedSide()
	b.begin(open(1, side))
	w := walker{side: side, x: 1, y: 1, dx: 1}
	for {
		facts := make([]events.Fact, 0, events.MaxFactsPerTurn)
		for len(facts) < events.MaxFactsPerTurn && !w.done() {
			facts = append(facts, w.step())
		}
		if w.done() {
			w = walker{side: side, x: 1, y: 1, dx: 1}
			continue
		}
		if !b.append(&events.Move{Dir: events.East}, facts) {
			break
		}
	}
	return Journal{Name: "step-bomb", What: "4 096 steps a turn over an open level", Bytes: b.bytes(),
		Refusal: fmt.Sprintf("turn 1: fact %d (Moved) field Actor: the player may take at most %d steps in a turn (this is the 3rd)", events.MaxPlayerSteps, events.MaxPlayerSteps)}
}

// cappedSide is the side of the largest square map the fold accepts.
func cappedSide() int {
	side := 1
	for (side+1)*(side+1) <= events.MaxMapArea && side+1 <= 255 {
		side++
	}
	return side
}

// walker walks row by row over the inside of a side x side open map.
type walker struct{ side, x, y, dx int }

// done reports whether the walk is over: on the last row, at its end.
func (w *walker) done() bool {
	x := w.x + w.dx
	return w.y == w.side-2 && (x < 1 || x > w.side-2)
}

func (w *walker) step() events.Fact {
	if x := w.x + w.dx; x >= 1 && x <= w.side-2 {
		w.x = x
		d := events.East
		if w.dx < 0 {
			d = events.West
		}
		return &events.Moved{Actor: events.PlayerID, Dir: d}
	}
	w.y++
	w.dx = -w.dx
	return &events.Moved{Actor: events.PlayerID, Dir: events.South}
}

// HeldItems gives the player as many items as one may hold, then enters
// a tiny level every turn: the item bomb within the caps.
func HeldItems(size int) Journal {
	b := newBuilder(5, min(size, MaxSize))
	item := b.item(false).Code
	var facts []events.Fact
	for i := range events.MaxHeld {
		facts = append(facts, &events.Spawned{ID: events.PlayerID + 1 + events.EntityID(i), Kind: item, Holder: events.PlayerID})
	}
	b.begin(tiny(1), facts...)
	for depth := 2; b.append(&events.Descend{}, []events.Fact{tiny(depth)}); depth = depth%events.MaxDepth + 1 {
	}
	return Journal{Name: "held-items", What: fmt.Sprintf("%d items carried through a tiny level a turn", events.MaxHeld), Bytes: b.bytes()}
}

// Levels enters the largest level the caps allow once a turn.
func Levels(size int) Journal {
	b := newBuilder(6, min(size, MaxSize))
	side := cappedSide()
	b.begin(open(1, side))
	for depth := 2; b.append(&events.Descend{}, []events.Fact{open(depth, side)}); depth = depth%events.MaxDepth + 1 {
	}
	return Journal{Name: "levels", What: fmt.Sprintf("a %dx%d open level entered once a turn", side, side), Bytes: b.bytes()}
}

// crowded is a level of side x side with as many rooms and corridors as
// a level may have, each as large as the map.
func crowded(depth, side int) *events.LevelEntered {
	l := open(depth, side)
	l.Rooms, l.Corridors = nil, nil
	for i := range events.MaxRooms {
		l.Rooms = append(l.Rooms, events.Rect{X: 1 + i%2, Y: 1, W: side - 3, H: side - 2})
		l.Corridors = append(l.Corridors, events.Corridor{From: events.Pos{X: 1, Y: 1 + i%(side-2)}, To: events.Pos{X: side - 2, Y: side - 2 - i%(side-2)}, HorizontalFirst: i%2 == 0})
	}
	return l
}

// Rooms enters, once a turn, a level of the most rooms and corridors a
// level may have, each as large as the map the caps allow.
func Rooms(size int) Journal {
	b := newBuilder(7, min(size, MaxSize))
	side := cappedSide()
	b.begin(crowded(1, side))
	for depth := 2; b.append(&events.Descend{}, []events.Fact{crowded(depth, side)}); depth = depth%events.MaxDepth + 1 {
	}
	return Journal{Name: "rooms", What: fmt.Sprintf("a level of %d map-sized rooms and corridors a turn", events.MaxRooms), Bytes: b.bytes()}
}

// Worn fills a level with items, as many as a game may hold, then has the
// player put a helmet on and take it off, 2 048 times a turn: asking what
// an actor wears looked at every entity.
func Worn(size int) Journal {
	b := newBuilder(8, min(size, MaxSize))
	helmet := b.item(true)
	floor := b.item(false).Code
	side := cappedSide()
	next := events.PlayerID + 1
	b.begin(open(1, side), &events.Spawned{ID: next, Kind: helmet.Code, Holder: events.PlayerID})
	worn := next
	next++
	inside := side - 2
	for n := 2; n < events.MaxEntities; {
		facts := make([]events.Fact, 0, events.MaxFactsPerTurn)
		for len(facts) < events.MaxFactsPerTurn && n < events.MaxEntities {
			facts = append(facts, &events.Spawned{ID: next, Kind: floor, Pos: events.Pos{X: 1 + n%inside, Y: 1 + n/inside%inside}})
			next++
			n++
		}
		b.append(&events.Wait{}, facts)
	}
	for {
		facts := make([]events.Fact, 0, events.MaxFactsPerTurn)
		for range events.MaxFactsPerTurn / 2 {
			facts = append(facts,
				&events.Equipped{Actor: events.PlayerID, Item: worn, Slot: helmet.Equip.Slot},
				&events.Unequipped{Actor: events.PlayerID, Item: worn})
		}
		if !b.append(&events.Use{Item: worn}, facts) {
			break
		}
	}
	return Journal{Name: "worn", What: fmt.Sprintf("%d entities on a level, then a helmet put on and off 2 048 times a turn", events.MaxEntities), Bytes: b.bytes()}
}

// Steps walks the player over the largest open level the caps allow, as
// many steps a turn as the player may take, entering it again when every
// tile is walked: every new tile is a field of view folded into the
// player's memory.
func Steps(size int) Journal {
	b := newBuilder(9, min(size, MaxSize))
	side := cappedSide()
	b.begin(open(1, side))
	w := walker{side: side, x: 1, y: 1, dx: 1}
	for depth := 2; ; {
		var turn bool
		if w.done() {
			w = walker{side: side, x: 1, y: 1, dx: 1}
			turn = b.append(&events.Descend{}, []events.Fact{open(depth, side)})
			depth = depth%events.MaxDepth + 1
		} else {
			var facts []events.Fact
			for len(facts) < events.MaxPlayerSteps && !w.done() {
				facts = append(facts, w.step())
			}
			turn = b.append(&events.Move{Dir: events.East}, facts)
		}
		if !turn {
			break
		}
	}
	return Journal{Name: "steps", What: fmt.Sprintf("%d steps a turn over a %dx%d open level, entered again when walked", events.MaxPlayerSteps, side, side), Bytes: b.bytes()}
}

// Crowd fills the largest open level the caps allow with monsters, one on
// every tile, then passes turns with nothing in them: whatever looks at
// every entity once a turn pays for the crowd every turn.
func Crowd(size int) Journal {
	b := newBuilder(10, min(size, MaxSize))
	mon := b.monster()
	side := cappedSide()
	b.begin(open(1, side))
	next := events.PlayerID + 1
	inside := side - 2
	for n := 1; n < inside*inside; {
		facts := make([]events.Fact, 0, events.MaxFactsPerTurn)
		for len(facts) < events.MaxFactsPerTurn && n < inside*inside {
			facts = append(facts, &events.Spawned{ID: next, Kind: mon.Code, Pos: events.Pos{X: 1 + n%inside, Y: 1 + n/inside}, HP: 1})
			next++
			n++
		}
		b.append(&events.Wait{}, facts)
	}
	for b.append(&events.Wait{}, nil) {
	}
	return Journal{Name: "crowd", What: fmt.Sprintf("a monster on every tile of a %dx%d level, then empty turns", side, side), Bytes: b.bytes()}
}
