package fame

// Limits bound what one check may cost, whatever the bytes hold. Each
// is checked before the work it bounds: the size before the journal is
// read whole, the turns and the steps before any turn is re-simulated.
// The limits are counts, never times, so that a journal gets the same
// answer on every machine and under any load.
type Limits struct {
	// MaxBytes is the largest journal accepted, in bytes.
	MaxBytes int64
	// MaxTurns is the most turns a journal may hold.
	MaxTurns int
	// Budget is the most steps the re-simulation may take: a step is a
	// turn decided again or a fact compared, the units that re-simulating
	// a journal costs (see DefaultLimits).
	Budget int64
}

// The default limits, and why.
const (
	// DefaultMaxBytes is 4 MiB: the size up to which reading any journal,
	// however hostile, is promised (and benchmarked) to cost at most 2
	// CPU-seconds. At about 9.2 bytes a turn it holds some 450 000 turns
	// of an ordinary game, 90 times a median strong game.
	DefaultMaxBytes = 4 << 20
	// DefaultMaxTurns is 200 000 turns: 40 times a median strong game
	// (5 169 turns) and 4 times the 50 000 turns the balance reports
	// let a bot play; a longer game is a grind, not an entry.
	DefaultMaxTurns = 200_000
	// DefaultBudget is 2 000 000 steps. A bot game takes 2 to 3 steps a
	// turn (its turn and its facts), so the budget re-simulates a game of
	// the turn cap; checking runs at 1 to 2.4 million steps a CPU-second
	// (1.0 million over 10 200 bot games of rules 1 to 3, files read and
	// all; 2.4 million in BenchmarkCheck, 7 ms for a won game of 6 900
	// turns), so a job costs at most about 2 CPU-seconds.
	DefaultBudget = 2_000_000
)

// DefaultLimits are the limits of an upload to the server.
func DefaultLimits() Limits {
	return Limits{MaxBytes: DefaultMaxBytes, MaxTurns: DefaultMaxTurns, Budget: DefaultBudget}
}
