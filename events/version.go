package events

// FormatVersion is the version of the journal's wire format: the framing and
// the shapes of commands and facts. Every earlier version stays readable.
//
// History:
//   - 1: first release; a turn is an array of arrays.
//   - 2: a turn is a plain sequence of values, without the array headers
//     of the turn, its command and each fact (about 18 bytes a turn
//     instead of 21.6 over bot games); see TurnEncoder.
//   - 3: shorthand codes for the commonest shapes (a step, the player's
//     move as commanded, the spawns of a level), leaving out what the
//     turn already says; see factShorthand.
const FormatVersion = 3

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
const RulesVersion = 2

// Limits on what one decoded turn may hold. A journal is untrusted input:
// every count is checked against these before anything is allocated.
const (
	MaxFactsPerTurn = 4096
	MaxRooms        = 64 // rooms in a level, and corridors too
	// MaxNesting is the deepest nesting of arrays a format 1 turn may
	// have: the turn, a command or fact, and a list inside a fact.
	MaxNesting = 3
)
