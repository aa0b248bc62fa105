package fame

// The helpers of fame's tests, for the tests of package fame_test.
var (
	Rewrite       = rewrite
	GoldenJournal = goldenJournal
	Wins          = wins
	FlipLast      = flipLast
	RefusalOf     = refusal
)
