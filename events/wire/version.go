package wire

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
//   - 4: more shorthands (about 9.5 bytes a turn instead of 12.2 over
//     rules-2 bot games): a turn's command, draw count and first fact in
//     one code, melee swings without what the d20 rule implies; see
//     openers.go.
const FormatVersion = 4
