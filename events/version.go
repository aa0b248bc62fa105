package events

// RulesVersion is the newest version of the game rules (reducer.Decide and
// the content tables), the one new games are played by. Every earlier
// version is kept (its tables in reducer/content/data/rulesN/, its code
// paths chosen by the tables), so a journal is continued and re-simulated
// under the rules it began with; re-simulating it under other rules may
// diverge, and verify says so.
//
// History:
//   - 1: first release.
//   - 2: a newcomer's rules: more HP, criticals, monsters that search,
//     scrolls that draw on Magic and Intelligence, slower hunger (facts
//     LostSight and SkillRaised are new).
//   - 3: a dungeon with an end: the Amulet of the Deep on depth 14 wins
//     the game; 19 monster kinds bound to depths, with packs, sleep,
//     flight, regeneration, speed, theft, summoning and ranged attacks;
//     a level cap; at most 24 monsters a level and a bounded chase; new
//     items (wands, rings, amulets, more armor slots, enchantment) and
//     picking one item from a pile (facts Shot, MoodChanged, Stole,
//     Summoned, Won, Zapped and Enchanted are new).
const RulesVersion = 3

// Limits on what one decoded turn may hold. A journal is untrusted input:
// every count is checked against these before anything is allocated.
const (
	MaxFactsPerTurn = 4096
	MaxRooms        = 64 // rooms in a level, and corridors too
	// MaxNesting is the deepest nesting of arrays a format 1 turn may
	// have: the turn, a command or fact, and a list inside a fact.
	MaxNesting = 3
)

// Limits on what the facts of a journal may build, which the fold
// (reducer.Apply) refuses to pass, naming the turn, the fact and the
// field. Each is where folding could multiply work beyond the bytes that
// ask for it: a journal is untrusted, and reading one must cost work in
// proportion to its size. Each is well above what the rules produce: see
// the comments, and reducer's tests that play bot games against them.
const (
	// MaxLevelsPerTurn is how many levels one turn may enter. A turn is
	// one action, and the actions that enter a level (Begin, Descend)
	// enter one; entering a level costs work in proportion to its map,
	// so a turn of thousands of levels was thousands of maps for a few
	// bytes each.
	MaxLevelsPerTurn = 1
	// MaxMapArea is the most tiles a level's map may have: twice the
	// 80x50 map of the rules (4 000 tiles), room for bigger levels to
	// come (128x64, 90x90). Carving a map costs its area, whatever the
	// few bytes of its description say: a journal of a level a turn
	// carves MaxMapArea tiles for every 25 bytes or so.
	MaxMapArea = 1 << 13
	// MaxHeld is the most items one actor may hold, worn or not. The
	// player holds at most 35 (a backpack of 26 letters, 9 worn under
	// rules 3); what
	// the player holds is carried from level to level, so each level
	// entered cost every item held.
	MaxHeld = 72
	// MaxEntities is the most entities (actors and items, carried or
	// not) a game may hold at once: the most a snapshot holds. A level
	// of the rules holds a few thousand at the bottom of the dungeon.
	MaxEntities = 1 << 16
	// MaxPlayerSteps is how many steps (Moved, or Staggered and not
	// blocked) the player may take in one turn. The rules take one;
	// every tile the player stands on is a field of view folded into
	// the player's memory of the level, so a turn of thousands of steps
	// was thousands of fields of view for a byte or two each.
	MaxPlayerSteps = 2
)
